package dev.contractkit.bench;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * One of the bench's scenarios, as listed in {@code scenarios.txt} next to this class (the one list: {@code ./kit help}
 * prints the same file): {@code name|default|what it measures}, or {@code name|named|...} for one that runs only when
 * named.
 *
 * <pre>{@code
 * Scenario.names(true);   // [read, list, write, durable, ...]: a run that names none
 * }</pre>
 */
record Scenario(String name, boolean byDefault, String what) {
    static final List<Scenario> ALL = read();

    /** @return the names of the default scenarios ({@code true}) or of those run only when named */
    static List<String> names(boolean byDefault) {
        return ALL.stream().filter(s -> s.byDefault == byDefault).map(Scenario::name).toList();
    }

    private static List<Scenario> read() {
        try (InputStream in = Scenario.class.getResourceAsStream("scenarios.txt")) {
            if (in == null) {
                throw new IllegalStateException("scenarios.txt is missing next to " + Scenario.class.getName());
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines()
                    .filter(l -> !l.isBlank() && !l.startsWith("#")).map(Scenario::parse).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Scenario parse(String line) {
        String[] f = line.split("\\|", 3);
        if (f.length != 3 || !List.of("default", "named").contains(f[1])) {
            throw new IllegalStateException("scenarios.txt: not name|default|what or name|named|what: " + line);
        }
        return new Scenario(f[0], f[1].equals("default"), f[2]);
    }
}
