package dev.contractkit.examples.demo;

import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Where the demo finds what it starts, as {@code ./kit} passes it: the checkout, the {@code java} to start the
 * server, the mock and the command-line clients with, the project's version (the jars' names) and the JVM options
 * {@code ./kit} gives its servers.
 *
 * @param root       the checkout (the server runs there: its embedded database is {@code ./data})
 * @param java       the {@code java} binary
 * @param version    the project's version, e.g. {@code 0.1.0-SNAPSHOT}
 * @param jvmOptions options for the server and the mock, e.g. {@code --sun-misc-unsafe-memory-access=allow}
 */
record Launch(Path root, Path java, String version, List<String> jvmOptions) {
    static final String USAGE = "usage: Demo --root DIR --java PATH --version V [--jvm-option OPTION]...   (./kit demo runs it)";

    Launch {
        jvmOptions = List.copyOf(jvmOptions);
    }

    /**
     * @param args {@code --root DIR --java PATH --version V [--jvm-option OPTION]...}
     * @return the launch
     * @throws IllegalArgumentException naming what is missing or unknown
     */
    static Launch parse(String... args) {
        Path root = null;
        Path java = null;
        String version = null;
        List<String> options = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            String name = args[i];
            if (i + 1 >= args.length) {
                throw new IllegalArgumentException(name + " needs a value");
            }
            String value = args[++i];
            switch (name) {
                case "--root" -> root = Path.of(value).toAbsolutePath().normalize();
                case "--java" -> java = Path.of(value);
                case "--version" -> version = value;
                case "--jvm-option" -> options.add(value);
                default -> throw new IllegalArgumentException("unknown option " + name);
            }
        }
        if (root == null || java == null || version == null) {
            throw new IllegalArgumentException("--root, --java and --version are required");
        }
        return new Launch(root, java, version, options);
    }

    /** @return the jar {@code ./kit} builds for a module, e.g. {@code cli/quotas/target/quotas-<version>.jar} */
    Path jar(String module) {
        return root.resolve(module).resolve("target").resolve(Path.of(module).getFileName() + "-" + version + ".jar");
    }

    /** @return a module's jar and its dependencies ({@code target/lib}), as a class path */
    String classPath(String module) {
        return jar(module) + File.pathSeparator + root.resolve(module).resolve("target/lib") + "/*";
    }
}
