package dev.contractkit.examples;

import java.io.PrintStream;
import java.util.Map;

/**
 * An example's command line as a function: what its {@code main} does, with the environment and the output
 * streams given and the exit status returned instead of passed to {@code System.exit}. {@code main} calls it with
 * the process's own; {@code ./kit demo} calls it in its JVM with the demo's kit token and an output file.
 *
 * <pre>{@code
 * ExampleProgram forms = dev.contractkit.examples.forms.ListForms::cli;
 * int status = forms.run(new String[]{"http://127.0.0.1:8081"}, System.getenv(), System.out, System.err);
 * }</pre>
 */
@FunctionalInterface
public interface ExampleProgram {
    /**
     * @param args the command line's arguments
     * @param env  the environment (the kit token, the defaults of the base URL and the key)
     * @param out  where the example prints
     * @param err  where its error messages go
     * @return the exit status: 0 done, 1 the server answered an error, 2 a missing argument or credential
     */
    int run(String[] args, Map<String, String> env, PrintStream out, PrintStream err);

    /**
     * Runs an example as its {@code main}: the process's environment and streams; a non-zero status exits.
     *
     * @param program the example
     * @param args    the command line's arguments
     */
    static void exitWith(ExampleProgram program, String[] args) {
        int status = program.run(args, System.getenv(), System.out, System.err);
        if (status != 0) {
            System.exit(status);
        }
    }

    /**
     * @param env      an environment
     * @param name     a variable
     * @param fallback the value when it is unset or blank
     * @return the variable's value, else {@code fallback}
     */
    static String env(Map<String, String> env, String name, String fallback) {
        String v = env.get(name);
        return v == null || v.isBlank() ? fallback : v;
    }
}
