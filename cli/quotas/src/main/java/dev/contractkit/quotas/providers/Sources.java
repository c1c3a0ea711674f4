package dev.contractkit.quotas.providers;

import com.fasterxml.jackson.databind.JsonNode;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/** Credential sources: environment variables, JSON credential files and plain key files, tried in order. */
final class Sources {
    /**
     * One place a credential may be.
     *
     * @param description for the {@code auth_required} message, e.g. {@code $DEEPSEEK_API_KEY}
     * @param lookup      finds it
     */
    record Source(String description, Function<Environment, Optional<Credential>> lookup) {
    }

    private Sources() {
    }

    static Source env(String name) {
        return new Source("$" + name, env -> env.get(name).map(v -> new Credential(v, "$" + name, Map.of())));
    }

    /** The {@code extras} key that marks an API key found where only an OAuth login would work. */
    static final String API_KEY_ONLY = "api_key_only";

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
                .flatMap(db -> env.program("sqlite3").flatMap(tool -> output(List.of(tool.toString(), "-readonly", "-noheader",
                        db.toString(), "SELECT value FROM ItemTable WHERE key = '" + key.replace("'", "''") + "'")))
                        .map(v -> v.replaceAll("^\"|\"$", "")).filter(v -> !v.isBlank())
                        .map(v -> new Credential(v, db + " (" + key + ")", extras.apply(v)))));
    }

    /** @return what the command printed, when it exited 0 within 5 s (a missing item or a refused access is empty) */
    private static Optional<String> output(List<String> command) {
        try {
            Process p = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
            p.getOutputStream().close();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(5, TimeUnit.SECONDS) || p.exitValue() != 0) {
                p.destroy();
                return Optional.empty();
            }
            return Optional.of(out.trim());
        } catch (IOException e) {
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
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
