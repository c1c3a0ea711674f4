package dev.contractkit.quotas;

import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/**
 * How to start quotas again in another process: this JVM's {@code java}, its class path and the main class. The
 * main class is named, not referenced, so that the classes that start jobs ({@link Background}, {@link PromptInit})
 * do not depend on {@link Main}, which depends on them ({@code SelfCommandTest} checks the name).
 */
final class SelfCommand {
    static final String MAIN_CLASS = "dev.contractkit.quotas.Main";

    private SelfCommand() {
    }

    /** @return {@code java -cp <class path> dev.contractkit.quotas.Main} followed by {@code args} */
    static List<String> of(List<String> args) {
        List<String> command = new ArrayList<>();
        command.add(ProcessHandle.current().info().command()
                .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        command.add("-cp");
        // absolute entries: the command may run in another directory (a shell prompt's)
        command.add(Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
                .filter(e -> !e.isEmpty()).map(e -> Path.of(e).toAbsolutePath().toString())
                .collect(Collectors.joining(File.pathSeparator)));
        command.add(MAIN_CLASS);
        command.addAll(args);
        return command;
    }
}
