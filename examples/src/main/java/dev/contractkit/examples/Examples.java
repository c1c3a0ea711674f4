package dev.contractkit.examples;

import java.lang.reflect.InvocationTargetException;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The main class of the self-contained jar: {@code java -jar examples-<version>-all.jar <example> [args]} runs one
 * example by its short name; without a name it lists them.
 */
public final class Examples {
    private static final Map<String, String> PROGRAMS = new LinkedHashMap<>();

    static {
        PROGRAMS.put("forms", "dev.contractkit.examples.forms.ListForms");
        PROGRAMS.put("coupons", "dev.contractkit.examples.coupons.CouponLifecycle");
        PROGRAMS.put("agent", "dev.contractkit.examples.agent.AnalyzeSales");
        PROGRAMS.put("answers", "dev.contractkit.examples.answers.AskQuestions");
        PROGRAMS.put("codehost", "dev.contractkit.examples.codehost.RunnersOnBothVersions");
        PROGRAMS.put("exec", "dev.contractkit.examples.exec.ActAndCancel");
    }

    private Examples() {
    }

    /**
     * @param args the example's short name, then its own arguments
     * @throws Throwable what the example throws
     */
    public static void main(String[] args) throws Throwable {
        if (args.length == 0 || args[0].equals("--help") || args[0].equals("help")) {
            System.out.println("usage: java -jar examples-all.jar <example> [args]   (examples/README.md)");
            PROGRAMS.forEach((name, main) -> System.out.printf("  %-9s %s%n", name, main));
            return;
        }
        String main = PROGRAMS.get(args[0]);
        if (main == null) {
            System.err.println("examples: no example '" + args[0] + "'; one of " + String.join(", ", PROGRAMS.keySet()));
            System.exit(2);
        }
        try {
            Class.forName(main).getMethod("main", String[].class)
                    .invoke(null, (Object) Arrays.copyOfRange(args, 1, args.length));
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }
}
