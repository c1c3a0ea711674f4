package dev.contractkit.examples.demo;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The quotas part of the demo: the mock AI providers (the mock server's {@code providers} group, Claude switched to
 * its inactive plan) on free ports, then {@code quotas --json} and {@code --statusline} against them, with the
 * stand-in token only and an empty home, so no credential of the user's is read or sent.
 */
final class QuotasStep {
    private final Launch launch;
    private final Path work;
    private final PrintStream say;

    /**
     * @param launch where the jars are
     * @param work   the demo's directory ({@code target/demo})
     * @param say    where progress goes (stderr)
     */
    QuotasStep(Launch launch, Path work, PrintStream say) {
        this.launch = launch;
        this.work = work;
        this.say = say;
    }

    /**
     * Starts the mock providers; the demo does so at its start, next to the reference server, so that they are ready
     * by the time {@link #run} needs them.
     *
     * @param started keeps the mock, so that the demo's shutdown hook stops it on every exit path
     * @return the mock, starting
     * @throws IOException when it cannot be started
     */
    Child startMock(Children started) throws IOException {
        Map<String, String> env = new HashMap<>(System.getenv());
        for (String id : Catalogue.providers()) {
            env.put("KIT_" + Catalogue.envName(id) + "_PORT", "0");
        }
        List<String> command = new ArrayList<>(List.of(launch.java().toString()));
        command.addAll(launch.jvmOptions());
        command.addAll(mockOptions(launch.root().resolve("mock-server/jvm.options")));
        command.addAll(List.of("-cp", launch.classPath("mock-server"), "dev.contractkit.mock.Main",
                "--api", "providers", "--outcome", "claude=inactive"));
        return started.add(Child.start(command, env, launch.root(), work.resolve("quotas-mock.log")));
    }

    /**
     * Runs quotas against the mock once it is ready, then stops the mock.
     *
     * @param mock the mock of {@link #startMock}
     * @return the summary, e.g. {@code 10 available, 1 unavailable (target/demo/quotas.json)}; empty when a step
     * failed
     * @throws IOException          when a file of the demo cannot be written
     * @throws InterruptedException when interrupted while quotas runs
     */
    String run(Child mock) throws IOException, InterruptedException {
        try {
            if (!mock.awaitReady(Duration.ofMinutes(2))) {
                List<String> log = mock.output();
                log.subList(Math.max(0, log.size() - 5), log.size()).forEach(say::println);
                return "";
            }
            Path home = work.resolve("quotas-home");   // an empty home: with the stand-in token quotas reads no credential file
            Map<String, String> quotasEnv = new HashMap<>(System.getenv());
            quotasEnv.putAll(Map.of("HOME", home.toString(), "XDG_CONFIG_HOME", home.resolve("config").toString(),
                    "XDG_CACHE_HOME", home.resolve("cache").toString(), "QUOTAS_UPDATE_URL", "http://127.0.0.1:9/none",
                    "QUOTAS_STAND_IN_TOKEN", "kit-demo"));
            mock.urls().forEach((id, url) -> quotasEnv.put("QUOTAS_" + Catalogue.envName(id) + "_BASE_URL", url));
            Path json = work.resolve("quotas.json");
            Path log = work.resolve("quotas.log");
            if (quotas(quotasEnv, json, ProcessBuilder.Redirect.to(log.toFile()), "--json", "--pretty") != 0) {
                return "";
            }
            Path statusline = work.resolve("quotas-statusline.txt");
            quotas(quotasEnv, statusline, ProcessBuilder.Redirect.appendTo(log.toFile()), "--statusline",
                    "--no-update-check", "--no-icons");
            mock.close();
            Outputs.text(statusline).lines().forEach(line -> say.println("  " + line));
            return Summary.countStatuses(statuses(json)) + " (target/demo/quotas.json)";
        } finally {
            mock.close();
        }
    }

    private int quotas(Map<String, String> env, Path out, ProcessBuilder.Redirect err, String... args)
            throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(launch.java().toString(), "-jar",
                launch.jar("cli/quotas").toString()));
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).directory(launch.root().toFile())
                .redirectOutput(out.toFile()).redirectError(err).redirectInput(ProcessBuilder.Redirect.from(
                        Path.of("/dev/null").toFile()));
        builder.environment().clear();
        builder.environment().putAll(env);
        return builder.start().waitFor();
    }

    /**
     * @param report {@code quotas --json}'s output
     * @return the {@code status} of every account in it
     * @throws IOException when it is not JSON
     */
    static List<String> statuses(Path report) throws IOException {
        JsonNode root = new ObjectMapper().readTree(report.toFile());
        return root.findValues("status").stream().filter(JsonNode::isTextual).map(JsonNode::asText).toList();
    }

    /**
     * The mock's JVM flags, as {@code ./kit mock} and the bench read them: one a line, {@code #} starts a comment,
     * blanks are dropped.
     *
     * @param file {@code mock-server/jvm.options}
     * @return the flags
     * @throws IOException when the file cannot be read
     */
    static List<String> mockOptions(Path file) throws IOException {
        return Files.readAllLines(file, StandardCharsets.UTF_8).stream()
                .map(line -> line.replaceFirst("#.*", "").replaceAll("\\s", ""))
                .filter(line -> !line.isEmpty()).toList();
    }
}
