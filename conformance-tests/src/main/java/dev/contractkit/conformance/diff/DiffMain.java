package dev.contractkit.conformance.diff;

import dev.contractkit.specs.Api;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code ./kit diff OLD NEW}: prints every incompatible change between two contracts. A contract is named by
 * the kit's file stem ({@code codehost-v4} is {@code specs/openapi/codehost-v4.yaml}) or given as a file path.
 * Exit status 0, or 1 with {@code --fail-on-incompatible} when there is a change; 2 for a usage error.
 *
 * <pre>
 * ./kit diff codehost-v4 codehost-v5
 * ./kit diff --fail-on-incompatible specs/openapi/forms.yaml my-forms.yaml
 * </pre>
 */
public final class DiffMain {
    private DiffMain() {
    }

    /** @param args {@code [--fail-on-incompatible] OLD NEW} */
    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    static int run(String[] args, PrintStream out, PrintStream err) {
        boolean failOnIncompatible = false;
        List<String> names = new ArrayList<>();
        for (String a : args) {
            switch (a) {
                case "--help", "-h" -> {
                    out.println("usage: diff [--fail-on-incompatible] OLD NEW   (a kit contract name such as "
                            + "codehost-v4, or a file)");
                    return 0;
                }
                case "--fail-on-incompatible" -> failOnIncompatible = true;
                default -> {
                    if (a.startsWith("-")) {
                        err.println("diff: unknown option " + a);
                        return 2;
                    }
                    names.add(a);
                }
            }
        }
        if (names.size() != 2) {
            err.println("diff: give two contracts, e.g. 'diff codehost-v4 codehost-v5'");
            return 2;
        }
        List<BreakingChange> changes;
        try {
            changes = BreakingChanges.between(read(names.get(0)), read(names.get(1)));
        } catch (IllegalArgumentException e) {
            err.println("diff: " + e.getMessage());
            return 2;
        }
        out.println(changes.size() + " incompatible change(s) from " + names.get(0) + " to " + names.get(1) + ":");
        changes.forEach(c -> out.println("  " + c.line()));
        return failOnIncompatible && !changes.isEmpty() ? 1 : 0;
    }

    /** A kit contract by name, else a file. */
    static String read(String name) {
        Path file = Path.of(name);
        if (Files.isRegularFile(file)) {
            try {
                return Files.readString(file);
            } catch (IOException e) {
                throw new IllegalArgumentException("cannot read " + name + ": " + e.getMessage());
            }
        }
        try {
            return Api.readContract("openapi/" + name + ".yaml");
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("no contract '" + name + "': neither a file nor a kit contract "
                    + "(specs/openapi/<name>.yaml)");
        }
    }
}
