package dev.contractkit.reference.platform;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Supplier;

/**
 * The environment of a child process (runtime tasks, the control plane's local commands): only the allowed
 * names of the server's environment, never its secrets, plus what the task itself sets.
 *
 * <p>Allowed: the setting {@code runtime.env-allow} ({@code KIT_RUNTIME_ENV_ALLOW}, comma-separated names; a name
 * ending in {@code *} is a prefix), default {@link #DEFAULT_ALLOW}. Never passed on, whatever the list says:
 * {@code KIT_*} and {@code EXEC_*} (the kit's own settings and tokens); a name containing {@code PASSWORD},
 * {@code SECRET}, {@code TOKEN} or {@code CREDENTIAL} passes only when the list names it exactly.
 */
public final class ChildEnvironment {
    /** The default allow-list. */
    public static final String DEFAULT_ALLOW = "PATH,HOME,LANG,LANGUAGE,LC_*,TZ,TMPDIR,USER,LOGNAME,SHELL,TERM";
    private static final List<String> NEVER = List.of("KIT_", "EXEC_");
    private static final List<String> SECRET_WORDS = List.of("PASSWORD", "SECRET", "TOKEN", "CREDENTIAL");

    private final List<String> allow;
    private final Supplier<Map<String, String>> parent;

    /**
     * @param allow  allowed names ({@code NAME} or {@code PREFIX*})
     * @param parent the server's environment
     */
    public ChildEnvironment(List<String> allow, Supplier<Map<String, String>> parent) {
        this.allow = List.copyOf(allow);
        this.parent = parent;
    }

    /**
     * @param settings configuration
     * @return the allow-list of {@code runtime.env-allow} over the server's real environment
     */
    public static ChildEnvironment from(Settings settings) {
        return new ChildEnvironment(settings.list("runtime.env-allow"), System::getenv);
    }

    /** @return the allowed part of the server's environment */
    public Map<String, String> inherited() {
        Map<String, String> out = new TreeMap<>();
        parent.get().forEach((name, value) -> {
            if (allowed(name)) {
                out.put(name, value);
            }
        });
        return out;
    }

    /**
     * @param name an environment variable's name
     * @return whether the server may pass it on
     */
    public boolean allowed(String name) {
        String upper = name.toUpperCase(Locale.ROOT);
        if (NEVER.stream().anyMatch(upper::startsWith)) {
            return false;
        }
        if (allow.contains(name)) {
            return true;
        }
        if (SECRET_WORDS.stream().anyMatch(upper::contains)) {
            return false;
        }
        return allow.stream().anyMatch(a -> a.endsWith("*") && name.startsWith(a.substring(0, a.length() - 1)));
    }

    /**
     * Replaces a process builder's environment (a copy of the server's) with the allowed part plus the task's own.
     *
     * @param pb   the builder
     * @param task variables the task sets (may be empty)
     * @return the builder
     */
    public ProcessBuilder apply(ProcessBuilder pb, Map<String, String> task) {
        Map<String, String> env = pb.environment();
        env.clear();
        env.putAll(inherited());
        env.putAll(task);
        return pb;
    }
}
