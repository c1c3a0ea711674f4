package dev.contractkit.reference.answers;

import dev.contractkit.reference.platform.StorageException;
import dev.contractkit.reference.platform.Database;
import dev.contractkit.reference.platform.Settings;

import java.io.PrintStream;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The answer service's key administration, on the same database as the server (works while it runs):
 * <pre>
 * ./kit answers-keys create [--name NAME] [--quota N] [--window P30D]   prints the new key once
 * ./kit answers-keys list
 * ./kit answers-keys revoke KEY_ID
 * </pre>
 * Exit codes: 0 done, 1 nothing to revoke, 2 bad usage or no database.
 */
public final class KeyAdmin {
    private static final String USAGE = """
            usage: answers-keys create [--name NAME] [--quota N] [--window ISO-8601-DURATION]
                   answers-keys list
                   answers-keys revoke KEY_ID
            Keys are stored as SHA-256 hashes: 'create' prints the secret once, nothing can show it again.
            Database: as the server (KIT_DB_URL, else the embedded one in KIT_DATA_DIR, default ./data).""";

    private KeyAdmin() {
    }

    /**
     * @param args the command
     */
    public static void main(String[] args) {
        System.exit(run(args, Settings.fromEnvironment(), System.out, System.err));
    }

    static int run(String[] args, Settings settings, PrintStream out, PrintStream err) {
        if (args.length == 0 || args[0].equals("-h") || args[0].equals("--help")) {
            (args.length == 0 ? err : out).println(USAGE);
            return args.length == 0 ? 2 : 0;
        }
        try {
            Command command = parse(args, settings);
            try (Database database = Database.open(settings)) {
                return command.run(new ApiKeys(database.dataSource(), Clock.systemUTC()), out);
            }
        } catch (IllegalArgumentException e) {
            err.println("answers-keys: " + e.getMessage());
            err.println(USAGE);
            return 2;
        } catch (IllegalStateException | StorageException e) {
            err.println("answers-keys: " + e.getMessage());
            return 2;
        }
    }

    private interface Command {
        int run(ApiKeys keys, PrintStream out);
    }

    private static Command parse(String[] args, Settings settings) {
        List<String> rest = new ArrayList<>(List.of(args).subList(1, args.length));
        return switch (args[0]) {
            case "create" -> {
                String name = option(rest, "--name", "unnamed");
                int quota = Integer.parseInt(option(rest, "--quota", Integer.toString(settings.integer("answers.quota"))));
                Duration window = Settings.duration("answers.quota-window",
                        option(rest, "--window", settings.text("answers.quota-window")));
                noMore(rest);
                if (quota < 0) {
                    throw new IllegalArgumentException("--quota must be 0 or more");
                }
                if (window.isZero()) {
                    throw new IllegalArgumentException("--window must be longer than zero");
                }
                yield (keys, out) -> {
                    ApiKeys.Created created = keys.create(name, quota, window);
                    out.println("created " + created.key().id() + " (" + name + ", quota " + quota + " per " + window + ")");
                    out.println("key: " + created.secret());
                    out.println("Keep it now: only its hash is stored.");
                    return 0;
                };
            }
            case "list" -> {
                noMore(rest);
                yield (keys, out) -> {
                    out.printf("%-22s %-16s %8s %-8s %-22s %s%n", "ID", "NAME", "QUOTA", "WINDOW", "CREATED", "STATE");
                    for (ApiKeys.Key k : keys.list()) {
                        out.printf("%-22s %-16s %8d %-8s %-22s %s%n", k.id(), k.name(), k.totalLimit(), k.window(),
                                k.createdAt(), k.active() ? "active" : "revoked " + k.revokedAt());
                    }
                    return 0;
                };
            }
            case "revoke" -> {
                if (rest.size() != 1) {
                    throw new IllegalArgumentException("revoke takes one key id");
                }
                String id = rest.get(0);
                yield (keys, out) -> {
                    if (keys.revoke(id)) {
                        out.println("revoked " + id);
                        return 0;
                    }
                    out.println("no active key " + id);
                    return 1;
                };
            }
            default -> throw new IllegalArgumentException("unknown command '" + args[0] + "'");
        };
    }

    private static String option(List<String> rest, String name, String defaultValue) {
        int i = rest.indexOf(name);
        if (i < 0) {
            return defaultValue;
        }
        if (i + 1 >= rest.size()) {
            throw new IllegalArgumentException(name + " needs a value");
        }
        String v = rest.remove(i + 1);
        rest.remove(i);
        if (name.equals("--quota") && !v.matches("\\d{1,9}")) {
            throw new IllegalArgumentException("--quota must be a whole number, was '" + v + "'");
        }
        return v;
    }

    private static void noMore(List<String> rest) {
        if (!rest.isEmpty()) {
            throw new IllegalArgumentException("unexpected " + String.join(" ", rest));
        }
    }
}
