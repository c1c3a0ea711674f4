package dev.contractkit.quotas.providers;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

/**
 * What credential discovery and base URLs depend on: the environment variables and the home directory.
 * Tests build their own; {@link #system()} is the real one.
 *
 * @param variables environment variables
 * @param home      the user's home directory ({@code HOME}, else {@code user.home})
 */
public record Environment(Map<String, String> variables, Path home, String os) {
    public Environment {
        variables = Map.copyOf(variables);
    }

    /** @return the process environment */
    public static Environment system() {
        return of(System.getenv());
    }

    /**
     * @param variables environment variables; {@code HOME} names the home directory
     * @return the environment
     */
    public static Environment of(Map<String, String> variables) {
        return of(variables, System.getProperty("os.name", ""));
    }

    /**
     * @param variables environment variables
     * @param os        the operating system's name as {@code os.name} gives it (tests: another platform's)
     * @return the environment
     */
    public static Environment of(Map<String, String> variables, String os) {
        String home = variables.get("HOME");
        return new Environment(variables, Path.of(home == null || home.isBlank() ? System.getProperty("user.home") : home), os);
    }

    /** @return true on macOS, where the providers' CLIs keep their logins in the Keychain */
    public boolean macOS() {
        return os.startsWith("Mac");
    }

    /**
     * @param name a program
     * @return its path on {@code PATH}, if it is there
     */
    public Optional<Path> program(String name) {
        for (String dir : get("PATH").orElse("").split(File.pathSeparator)) {
            if (!dir.isEmpty()) {
                Path p = Path.of(dir, name);
                if (Files.isExecutable(p) && !Files.isDirectory(p)) {
                    return Optional.of(p);
                }
            }
        }
        return Optional.empty();
    }

    /**
     * @param name a variable
     * @return its value when set and not blank
     */
    public Optional<String> get(String name) {
        return Optional.ofNullable(variables.get(name)).map(String::trim).filter(v -> !v.isEmpty());
    }

    /** @return {@code ~/<relative>} */
    public Path home(String relative) {
        return home.resolve(relative);
    }
}
