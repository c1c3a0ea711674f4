package dev.contractkit.quotas.providers;

import com.fasterxml.jackson.databind.JsonNode;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;

/** Credential sources: environment variables, JSON credential files and plain key files, tried in order. */
final class Sources {
    /**
     * One place a credential may be; a place may hold several (the accounts of a credentials file).
     *
     * @param description for the {@code auth_required} message, e.g. {@code $DEEPSEEK_API_KEY}
     * @param lookup      finds the first
     * @param many        finds them all
     */
    record Source(String description, Function<Environment, Optional<Credential>> lookup,
                  Function<Environment, List<Credential>> many) {
        /** A place that holds at most one credential. */
        Source(String description, Function<Environment, Optional<Credential>> lookup) {
            this(description, lookup, env -> lookup.apply(env).stream().toList());
        }

        /** A place that may hold several credentials (one per account), in the order they are listed there. */
        static Source several(String description, Function<Environment, List<Credential>> many) {
            return new Source(description, env -> many.apply(env).stream().findFirst(), many);
        }
    }

    private Sources() {
    }

    static Source env(String name) {
        return new Source("$" + name, env -> env.get(name).map(v -> new Credential(v, "$" + name, Map.of())));
    }

    /** The {@code extras} key that marks an API key found where only an OAuth login would work. */
    static final String API_KEY_ONLY = "api_key_only";

    /**
     * The {@code extras} key of a login that was found but cannot be used (VS Code's, when its key is not to be had):
     * its value says why. Like an API key, it is reported only when nothing usable was found, and never sent.
     */
    static final String UNUSABLE = "unusable";

    /**
     * An API key the usage endpoint does not accept: found, it is reported (never sent) with what to do instead.
     *
     * @param source where it is ({@code env("OPENAI_API_KEY")}, a file)
     * @param advice e.g. "log in with `claude`"
     */
    static Source apiKeyOnly(Source source, String advice) {
        return new Source(source.description() + " (an API key: not accepted by the usage endpoint)", env -> source.lookup()
                .apply(env).map(c -> new Credential(c.value(), c.source(), Map.of(API_KEY_ONLY, advice))));
    }

    /**
     * A macOS Keychain item holding a CLI's JSON login ({@code security find-generic-password -s <service> [-a <account>] -w}),
     * looked at on macOS only.
     *
     * @param description for messages
     * @param service     the item's service
     * @param account     the item's account, if the CLI sets one
     * @param token       JSON pointer of the token in the item
     * @param extras      extra name -> JSON pointer
     */
    static Source keychain(String description, String service, Function<Environment, Optional<String>> account, String token,
                           Map<String, String> extras) {
        return new Source(description, env -> {
            if (!env.macOS()) {
                return Optional.empty();
            }
            Optional<Path> security = env.program("security");
            if (security.isEmpty()) {
                return Optional.empty();
            }
            List<String> command = new ArrayList<>(List.of(security.get().toString(), "find-generic-password", "-s", service));
            account.apply(env).ifPresent(a -> command.addAll(List.of("-a", a)));
            command.add("-w");
            return output(command).flatMap(out -> fromJson(out, "macOS Keychain item '" + service + "'", token, extras));
        });
    }

    /**
     * A Secret Service item (GNOME Keyring, KWallet) as the Rust {@code keyring} crate writes it (attributes
     * {@code service} and {@code username}), read with {@code secret-tool lookup}; looked at on Linux only.
     */
    static Source secretService(String description, String service, Function<Environment, String> username, String token,
                                Map<String, String> extras) {
        return new Source(description, env -> {
            if (!env.os().startsWith("Linux")) {
                return Optional.empty();
            }
            return env.program("secret-tool").flatMap(tool -> output(List.of(tool.toString(), "lookup", "service", service,
                    "username", username.apply(env)))).flatMap(out -> fromJson(out, "Secret Service item '" + service + "'", token, extras));
        });
    }

    /**
     * A value in a VS Code-style SQLite store ({@code state.vscdb}, table {@code ItemTable}), read with the
     * {@code sqlite3} program, read-only; no {@code sqlite3} on {@code PATH} or no such file moves on to the next source.
     *
     * @param description for messages
     * @param database    where the database is
     * @param key         the {@code ItemTable} key holding the token
     * @param extras      computes extras from the token (e.g. the user id in a JWT)
     */
    static Source sqlite(String description, Function<Environment, Optional<Path>> database, String key,
                         Function<String, Map<String, String>> extras) {
        return new Source(description, env -> database.apply(env).filter(Files::isRegularFile)
                .flatMap(db -> sqliteValue(env, db, key).map(v -> v.replaceAll("^\"|\"$", "")).filter(v -> !v.isBlank())
                        .map(v -> new Credential(v, db + " (" + key + ")", extras.apply(v)))));
    }

    /**
     * @return the {@code ItemTable} value of {@code key} in the SQLite database {@code db}, read-only with the
     * {@code sqlite3} program; empty without {@code sqlite3}, without the key, or when the database cannot be read
     */
    static Optional<String> sqliteValue(Environment env, Path db, String key) {
        return env.program("sqlite3").flatMap(tool -> output(List.of(tool.toString(), "-readonly", "-noheader", db.toString(),
                "SELECT value FROM ItemTable WHERE key = '" + key.replace("'", "''") + "'"))).filter(v -> !v.isBlank());
    }

    /**
     * A secret as the Go {@code go-keyring} library keeps it (the GitHub CLI's store): on macOS the login Keychain's
     * generic password (service, account), on Linux the Secret Service item with attributes {@code service} and
     * {@code username}; anywhere else, or without {@code security} / {@code secret-tool}, nothing.
     *
     * @return the secret, its {@code go-keyring-base64:} encoding undone
     */
    static Optional<String> keyring(Environment env, String service, String user) {
        Optional<String> raw;
        if (env.macOS()) {
            raw = env.program("security").flatMap(tool -> output(List.of(tool.toString(), "find-generic-password", "-s", service,
                    "-a", user, "-w")));
        } else if (env.os().startsWith("Linux")) {
            raw = env.program("secret-tool").flatMap(tool -> output(List.of(tool.toString(), "lookup", "service", service,
                    "username", user)));
        } else {
            raw = Optional.empty();
        }
        String prefix = "go-keyring-base64:";
        return raw.filter(v -> !v.isBlank()).flatMap(v -> {
            if (!v.startsWith(prefix)) {
                return Optional.of(v);
            }
            try {
                return Optional.of(new String(java.util.Base64.getDecoder().decode(v.substring(prefix.length())),
                        StandardCharsets.UTF_8)).filter(t -> !t.isBlank());
            } catch (IllegalArgumentException e) {
                return Optional.empty();
            }
        });
    }

    /**
     * @return what the command printed, when it exited 0 within 5 s (a missing item, a refused access or a program
     * still waiting after 5 s, such as a Keychain prompt nobody answers, is empty; that program is ended)
     */
    static Optional<String> output(List<String> command) {
        Process p = null;
        try {
            p = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
            p.getOutputStream().close();
            InputStream stdout = p.getInputStream();
            // read beside the wait, so that a program that never ends cannot hold the caller past the time-out
            CompletableFuture<byte[]> out = CompletableFuture.supplyAsync(() -> {
                try {
                    return stdout.readAllBytes();
                } catch (IOException e) {
                    return new byte[0];
                }
            }, Thread::startVirtualThread);
            if (!p.waitFor(5, TimeUnit.SECONDS) || p.exitValue() != 0) {
                return Optional.empty();
            }
            return Optional.of(new String(out.get(5, TimeUnit.SECONDS), StandardCharsets.UTF_8).trim());
        } catch (IOException | ExecutionException | TimeoutException e) {
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        } finally {
            if (p != null && p.isAlive()) {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly();
            }
        }
    }

    /** A key file: a file holding the key (first non-blank line), or a directory holding {@code api_key}. */
    static Source keyFile(String relativeToHome) {
        return new Source("~/" + relativeToHome, env -> {
            Path p = env.home(relativeToHome);
            Path file = Files.isDirectory(p) ? p.resolve("api_key") : p;
            return read(file).flatMap(text -> text.lines().map(String::trim).filter(l -> !l.isEmpty() && !l.startsWith("#"))
                    .findFirst()).map(v -> new Credential(v, file.toString(), Map.of()));
        });
    }

    /**
     * @param description e.g. {@code ~/.codex/auth.json (tokens.access_token)}
     * @param file        where the file is
     * @param token       JSON pointer of the token
     * @param extras      extra name -> JSON pointer
     */
    static Source jsonFile(String description, Function<Environment, Optional<Path>> file, String token,
                           Map<String, String> extras) {
        return new Source(description, env -> file.apply(env).flatMap(path -> read(path)
                .flatMap(text -> fromJson(text, path.toString(), token, extras))
                .map(c -> {
                    // where it was read, so a renewed login can be written back (OAuthRefresh)
                    Map<String, String> withFile = new HashMap<>(c.extras());
                    withFile.put(OAuthRefresh.FILE, path.toString());
                    return new Credential(c.value(), c.source(), withFile);
                })));
    }

    private static Optional<Credential> fromJson(String text, String source, String token, Map<String, String> extras) {
        JsonNode root;
        try {
            root = ResultJson.mapper().readTree(text);
        } catch (IOException e) {
            return Optional.empty();
        }
        if (root == null) {
            return Optional.empty();
        }
        String value = root.at(token).asText("");
        if (value.isBlank()) {
            return Optional.empty();
        }
        Map<String, String> found = new HashMap<>();
        extras.forEach((name, pointer) -> {
            JsonNode v = root.at(pointer);
            if (v.isValueNode()) {
                found.put(name, v.asText());
            }
        });
        return Optional.of(new Credential(value, source, found));
    }

    /**
     * Every account found: the credentials of all sources in order, without a second copy of a token or of a user
     * already found (the same login read from two places). An API key that the usage endpoint does not take, or a login
     * that cannot be used ({@link #UNUSABLE}), is kept only when nothing else was found, so that the result can say so.
     *
     * @return the credentials, in the order of the sources; empty when there is none
     */
    static List<Credential> all(List<Source> sources, Environment env) {
        List<Credential> found = new ArrayList<>();
        for (Source s : sources) {
            for (Credential c : s.many().apply(env)) {
                int same = -1;
                for (int i = 0; i < found.size() && same < 0; i++) {
                    same = found.get(i).value().equals(c.value()) ? i : -1;
                }
                if (same >= 0) {
                    Credential o = found.get(same);
                    if (o.extra("user").isEmpty() && c.extra("user").isPresent()) {
                        // the same token, and now we know whose it is
                        Map<String, String> extras = new HashMap<>(o.extras());
                        extras.put("user", c.extra("user").get());
                        found.set(same, new Credential(o.value(), o.source(), extras));
                    }
                } else if (c.extra("user").isEmpty() || found.stream().noneMatch(o -> c.extra("user").equals(o.extra("user")))) {
                    found.add(c);
                }
            }
        }
        List<Credential> logins = found.stream().filter(c -> c.extra(API_KEY_ONLY).isEmpty() && c.extra(UNUSABLE).isEmpty()).toList();
        return logins.isEmpty() ? found.stream().limit(1).toList() : logins;
    }

    /**
     * What an account is called when a provider has several: its user or login when the credential names one, else
     * where it was found ({@code $KIMI_API_KEY}, {@code ~/.kimi}); a name taken twice gets {@code #2}, {@code #3}.
     *
     * @return one label per credential, in order
     */
    static List<String> labels(List<Credential> credentials, Environment env) {
        List<String> out = new ArrayList<>();
        String home = env.home().toString();
        for (Credential c : credentials) {
            String label = c.extra("user").orElseGet(() -> c.source().startsWith(home + "/")
                    ? "~" + c.source().substring(home.length()) : c.source());
            String unique = label;
            for (int n = 2; out.contains(unique); n++) {
                unique = label + "#" + n;
            }
            out.add(unique);
        }
        return out;
    }

    static Optional<Credential> first(List<Source> sources, Environment env) {
        for (Source s : sources) {
            Optional<Credential> c = s.lookup().apply(env);
            if (c.isPresent()) {
                return c;
            }
        }
        return Optional.empty();
    }

    private static Optional<String> read(Path file) {
        try {
            return Files.isRegularFile(file) ? Optional.of(Files.readString(file)) : Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        }
    }
}
