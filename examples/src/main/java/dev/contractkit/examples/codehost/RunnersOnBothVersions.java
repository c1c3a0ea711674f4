package dev.contractkit.examples.codehost;

import dev.contractkit.examples.ExampleProgram;
import dev.contractkit.sdk.ApiException;
import dev.contractkit.sdk.codehost.CodehostV4Client;
import dev.contractkit.sdk.codehost.CodehostV5Client;
import dev.contractkit.sdk.codehost.RunnerState;
import dev.contractkit.sdk.codehost.v4.model.Runner;

import java.io.PrintStream;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Lists the runners through the v4 and the v5 client side by side, pauses one runner through v4
 * ({@code active=false}) and another through v5 ({@code paused=true}), shows that the other version sees each
 * pause, and resumes both. "Paused?" is answered by {@link RunnerState#isPaused}, the same on both versions.
 *
 * <pre>
 * java -cp 'examples/target/examples-0.1.0-SNAPSHOT.jar:examples/target/lib/*' \
 *      dev.contractkit.examples.codehost.RunnersOnBothVersions http://127.0.0.1:8084 kit-demo-codehost-token
 * </pre>
 * Arguments: base URL (default {@code $KIT_CODEHOST_URL} or http://127.0.0.1:8084), token
 * (default {@code $KIT_CODEHOST_TOKEN} or the reference server's demo token).
 */
public final class RunnersOnBothVersions {
    private RunnersOnBothVersions() {
    }

    /**
     * @param args base URL, token
     */
    public static void main(String[] args) {
        ExampleProgram.exitWith(RunnersOnBothVersions::cli, args);
    }

    /**
     * {@link #main} with the environment and the streams given ({@link ExampleProgram}).
     *
     * @param args base URL, token
     * @param env  the environment ({@code KIT_CODEHOST_URL}, {@code KIT_CODEHOST_TOKEN})
     * @param out  where to print
     * @param err  where the error message goes
     * @return the exit status
     */
    public static int cli(String[] args, Map<String, String> env, PrintStream out, PrintStream err) {
        String url = args.length > 0 ? args[0] : ExampleProgram.env(env, "KIT_CODEHOST_URL", "http://127.0.0.1:8084");
        String token = args.length > 1 ? args[1] : ExampleProgram.env(env, "KIT_CODEHOST_TOKEN", "kit-demo-codehost-token");
        try {
            run(CodehostV4Client.builder().baseUrl(url).token(token).build(),
                    CodehostV5Client.builder().baseUrl(url).token(token).build(), out);
            return 0;
        } catch (ApiException e) {
            err.println("codehost example failed: " + e.getMessage());
            return 1;
        }
    }

    /**
     * @param v4  the v4 client
     * @param v5  the v5 client (same server)
     * @param out where to print
     * @return the ids of the two runners paused (through v4, through v5)
     */
    public static List<Long> run(CodehostV4Client v4, CodehostV5Client v5, PrintStream out) {
        table(v4, v5, out);
        List<Runner> active = v4.listAllRunnersAutoPaging(null, null, false, null, 1, CodehostV4Client.MAX_PAGE_SIZE).toList();
        if (active.size() < 2) {
            out.println("fewer than two active runners: nothing to pause");
            return List.of();
        }
        long first = active.get(0).getId();
        long second = active.get(1).getId();

        v4.pause(first).execute();
        out.println("paused runner " + first + " through v4 (active=false); v5 says paused="
                + RunnerState.isPaused(v5.getRunner(first).execute()) + ", status=" + v5.getRunner(first).execute().getStatus());
        v5.pause(second).execute();
        out.println("paused runner " + second + " through v5 (paused=true); v4 says active="
                + v4.getRunner(second).execute().getActive() + ", status=" + v4.getRunner(second).execute().getStatus());
        table(v4, v5, out);

        v4.resume(first).execute();
        v5.resume(second).execute();
        out.println("resumed runners " + first + " and " + second);
        return List.of(first, second);
    }

    private static void table(CodehostV4Client v4, CodehostV5Client v5, PrintStream out) {
        Map<Long, dev.contractkit.sdk.codehost.v5.model.Runner> inV5 = v5.listAllRunnersAutoPaging(null, null, null, null, 1, CodehostV5Client.MAX_PAGE_SIZE)
                .collect(Collectors.toMap(r -> r.getId(), Function.identity()));
        out.printf("%-4s %-22s %-15s | %-7s %-7s %-16s | %-7s %-14s | %s%n", "id", "description", "type",
                "active", "paused", "v4 status", "paused", "v5 status", "paused?");
        v4.listAllRunnersAutoPaging(null, null, null, null, 1, CodehostV4Client.MAX_PAGE_SIZE).forEach(r -> {
            var r5 = inV5.get(r.getId());
            out.printf("%-4d %-22s %-15s | %-7s %-7s %-16s | %-7s %-14s | %s%n", r.getId(), r.getDescription(),
                    r.getRunnerType().getValue(), r.getActive(), r.getPaused(), r.getStatus().getValue(),
                    r5 == null ? "-" : r5.getPaused(), r5 == null ? "-" : r5.getStatus().getValue(),
                    RunnerState.isPaused(r) == (r5 != null && RunnerState.isPaused(r5)) ? (RunnerState.isPaused(r) ? "yes" : "no")
                            : "VERSIONS DISAGREE");
        });
    }
}
