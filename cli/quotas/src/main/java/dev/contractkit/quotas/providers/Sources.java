package dev.contractkit.quotas.providers;

import com.fasterxml.jackson.databind.JsonNode;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
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
        return new Source(description, env -> file.apply(env).flatMap(Sources::read).flatMap(text -> {
            JsonNode root;
            try {
                root = ResultJson.mapper().readTree(text);
            } catch (IOException e) {
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
            return Optional.of(new Credential(value, file.apply(env).orElseThrow().toString(), found));
        }));
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
