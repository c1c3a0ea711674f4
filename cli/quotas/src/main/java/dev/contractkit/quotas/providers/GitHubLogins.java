package dev.contractkit.quotas.providers;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * GitHub logins kept by other tools, for GitHub Copilot's usage endpoint (which is on github.com's API, so only
 * {@code github.com} logins are read, not those of a GitHub Enterprise host):
 * <ul>
 * <li>the Copilot editor plugins' {@code github-copilot/apps.json} and {@code hosts.json} (copilot.vim, the Copilot
 * language server, JetBrains; keys {@code github.com:<app id>} and {@code github.com}, each with {@code user} and
 * {@code oauth_token});</li>
 * <li>the GitHub CLI's {@code hosts.yml} as gh reads it: {@code $GH_CONFIG_DIR}, else {@code $XDG_CONFIG_HOME/gh},
 * else {@code ~/.config/gh}; per host the active {@code user} (its {@code oauth_token} beside it when gh stores tokens
 * in the file) and, since gh 2.40, every account under {@code users:} (with its own {@code oauth_token}, or its token
 * in the system keyring as service {@code gh:github.com}, account the user). {@code $GH_TOKEN}, else
 * {@code $GITHUB_TOKEN}, stands in for the active account's token, as in gh.</li>
 * </ul>
 */
final class GitHubLogins {
    static final String HOST = "github.com";

    private GitHubLogins() {
    }

    /** {@code <config>/github-copilot/<file>}: every {@code github.com} entry with an {@code oauth_token}. */
    static Sources.Source copilotFile(String name) {
        return Sources.Source.several("~/.config/github-copilot/" + name + " (oauth_token)", env -> {
            Path file = env.get("XDG_CONFIG_HOME").map(Path::of).orElse(env.home(".config")).resolve("github-copilot/" + name);
            List<Credential> out = new ArrayList<>();
            try {
                if (!Files.isRegularFile(file)) {
                    return out;
                }
                for (Iterator<Map.Entry<String, JsonNode>> it = ResultJson.mapper().readTree(file.toFile()).fields(); it.hasNext(); ) {
                    Map.Entry<String, JsonNode> e = it.next();
                    String host = e.getKey().split(":", 2)[0];
                    String token = e.getValue().path("oauth_token").asText("");
                    if (host.equals(HOST) && !token.isBlank()) {
                        out.add(credential(token, file.toString(), e.getValue().path("user").asText("")));
                    }
                }
            } catch (IOException | RuntimeException e) {
                return List.of();
            }
            return out;
        });
    }

    /** The GitHub CLI's logins to github.com, the active account first. */
    static Sources.Source ghCli() {
        return Sources.Source.several("the GitHub CLI's login ($GH_TOKEN, $GITHUB_TOKEN, $GH_CONFIG_DIR or ~/.config/gh/hosts.yml,"
                + " the system keyring)", env -> {
            List<Credential> out = new ArrayList<>();
            Optional<String> envToken = env.get("GH_TOKEN").map(t -> "$GH_TOKEN").or(() -> env.get("GITHUB_TOKEN").map(t -> "$GITHUB_TOKEN"));
            envToken.ifPresent(name -> out.add(credential(env.get(name.substring(1)).orElseThrow(), name, "")));
            Path file = configDir(env).resolve("hosts.yml");
            JsonNode host = hosts(file).path(HOST);
            if (!host.isObject()) {
                return out;
            }
            String active = host.path("user").asText("");
            Set<String> users = new LinkedHashSet<>();
            if (!active.isEmpty()) {
                users.add(active);
            }
            host.path("users").fieldNames().forEachRemaining(users::add);
            for (String user : users) {
                boolean isActive = user.equals(active);
                if (isActive && envToken.isPresent()) {
                    continue; // gh uses the variable instead of the stored login
                }
                Optional<String> token = text(host.path("users").path(user).path("oauth_token"))
                        .or(() -> isActive ? text(host.path("oauth_token")) : Optional.empty());
                String source = file.toString();
                if (token.isEmpty()) {
                    token = Sources.keyring(env, "gh:" + HOST, user);
                    source = "the system keyring (gh:" + HOST + ", " + user + ")";
                }
                String from = source;
                token.ifPresent(t -> out.add(credential(t, from, user)));
            }
            return out;
        });
    }

    /** The GitHub CLI's configuration directory, in gh's order. */
    static Path configDir(Environment env) {
        return env.get("GH_CONFIG_DIR").map(Path::of)
                .or(() -> env.get("XDG_CONFIG_HOME").map(x -> Path.of(x, "gh")))
                .orElse(env.home(".config/gh"));
    }

    private static JsonNode hosts(Path file) {
        try {
            if (!Files.isRegularFile(file)) {
                return ResultJson.mapper().missingNode();
            }
            JsonNode root = new ObjectMapper(new YAMLFactory()).readTree(file.toFile());
            return root == null ? ResultJson.mapper().missingNode() : root;
        } catch (IOException | RuntimeException e) {
            return ResultJson.mapper().missingNode(); // not YAML gh could read either: no login there
        }
    }

    private static Optional<String> text(JsonNode n) {
        return n.isTextual() && !n.asText().isBlank() ? Optional.of(n.asText().trim()) : Optional.empty();
    }

    private static Credential credential(String token, String source, String user) {
        return new Credential(token.trim(), source, user.isBlank() ? Map.of() : Map.of("user", user));
    }
}
