package dev.contractkit.reference;

import dev.contractkit.reference.platform.KitToken;
import dev.contractkit.reference.platform.LogEscaping;
import dev.contractkit.reference.platform.Settings;
import dev.contractkit.specs.Api;

import java.util.List;
import java.util.concurrent.CountDownLatch;

/**
 * Runs the reference server in the foreground until stopped: {@code ./kit serve [--api forms,...]}.
 * Prints where each API listens.
 */
public final class Main {
    private Main() {
    }

    /**
     * @param args {@code --api <ids>} (default: all), {@code --db-url <jdbc url>}, {@code --redis-url <redis url>}
     * @throws InterruptedException when interrupted while serving
     */
    public static void main(String[] args) throws InterruptedException {
        LogEscaping.install(); // requests choose some of the text the server logs
        String ids = "all";
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--api" -> ids = i + 1 < args.length ? args[++i] : fail("--api needs a value");
                // the same as KIT_DB_URL / KIT_REDIS_URL (a replica's shared database, bus and rate-limit store)
                case "--db-url" -> System.setProperty("kit.db.url", i + 1 < args.length ? args[++i] : fail("--db-url needs a value"));
                case "--redis-url" -> System.setProperty("kit.redis.url",
                        i + 1 < args.length ? args[++i] : fail("--redis-url needs a value"));
                case "-h", "--help" -> {
                    System.out.println("usage: serve [--api <id>[,<id>...]|all] [--db-url <jdbc url>] [--redis-url "
                            + "redis://host:6379[/db]]   APIs: " + Api.knownIds());
                    return;
                }
                default -> fail("unknown option " + args[i] + " (try --help)");
            }
        }
        List<Api> apis;
        KitServer server;
        try {
            boolean all = ids.trim().equalsIgnoreCase("all");
            apis = Api.parseList(ids).stream().filter(a -> !(a.mockOnly() && all)).toList();
            server = KitServer.start(Settings.fromEnvironment(), apis);
        } catch (RuntimeException e) {
            System.err.println("serve: " + e.getMessage());
            System.exit(2);
            return;
        }
        CountDownLatch stopped = new CountDownLatch(1);
        StopSignals.install(() -> {
            server.close();
            stopped.countDown();
        });
        System.out.println("Contract Kit reference server (database: " + server.database().description() + "; "
                + server.cluster().description() + ")");
        System.out.printf("  %-10s %-28s %s%n", "API", "URL", "health");
        for (Api api : apis) {
            System.out.printf("  %-10s %-28s %s%n", api.id(), server.url(api), server.url(api) + "/observe/health");
        }
        if (apis.stream().anyMatch(a -> a == Api.EXEC || a == Api.RUNTIME || a == Api.AGENT)) {
            Settings settings = Settings.fromEnvironment();
            String where = settings.get("token").isPresent() ? "$KIT_TOKEN"
                    : "$(cat " + KitToken.fileOf(settings) + ")";
            System.out.println("  exec, runtime and agent need Authorization: Bearer " + where
                    + (apis.contains(Api.AGENT) ? "; web UI: " + server.url(Api.AGENT) + "/#token=<that token>" : ""));
        }
        System.out.println("READY (Ctrl-C stops)");
        stopped.await();
    }

    private static String fail(String message) {
        System.err.println("serve: " + message);
        System.exit(2);
        return "";
    }
}
