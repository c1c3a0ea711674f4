package dev.contractkit.quotas;

import dev.contractkit.quotas.providers.Environment;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Asks a Maven repository's metadata for the newest release of {@code dev.contractkit:quotas}. There is no default
 * repository: the kit publishes nothing to a public registry ({@code ./kit publish DIR} deploys its libraries to a
 * Maven repository directory, and the root POM has no {@code distributionManagement}), so asking Maven Central could
 * only ever answer 404. {@code QUOTAS_UPDATE_URL} names the repository (its root, e.g. {@code file:///srv/maven} as
 * {@code ./kit publish} makes it, or {@code https://repo.example.com/maven2}) or the metadata file itself; without
 * it the check says so and asks no one. Time-out 3 s; every failure is an answer, not an exception.
 */
final class UpdateCheck {
    static final String VARIABLE = "QUOTAS_UPDATE_URL";
    static final String METADATA = "dev/contractkit/quotas/maven-metadata.xml";
    static final String UNCONFIGURED = "quotas is not published to a package registry (the kit's releases are Maven "
            + "repository directories made by ./kit publish DIR); set " + VARIABLE + " to such a repository "
            + "(file:///path/to/DIR or an https:// URL) to compare";
    private static final Pattern RELEASE = Pattern.compile("<release>\\s*([^<\\s]+)\\s*</release>");
    private static final Pattern VERSION = Pattern.compile("<version>\\s*([^<\\s]+)\\s*</version>");

    /** @param latest the newest release; @param problem why there is none (offline, no release yet) */
    record Answer(Optional<String> latest, Optional<String> problem) {
    }

    private UpdateCheck() {
    }

    /** @return the metadata URL to ask, when a repository is configured */
    static Optional<String> url(Environment env) {
        return env.get(VARIABLE).map(u -> u.endsWith(".xml") ? u : u.replaceAll("/+$", "") + "/" + METADATA);
    }

    static Answer ask(Environment env) {
        Optional<String> configured = url(env);
        if (configured.isEmpty()) {
            return new Answer(Optional.empty(), Optional.of(UNCONFIGURED));
        }
        String url = configured.get();
        try {
            URI uri = URI.create(url);
            if ("file".equalsIgnoreCase(uri.getScheme())) {
                Path file = Path.of(uri);
                if (!Files.isRegularFile(file)) {
                    return new Answer(Optional.empty(), Optional.of("no release of dev.contractkit:quotas is published there yet (" + file + ")"));
                }
                return answer(Files.readString(file));
            }
            HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(3)).build();
            HttpResponse<String> r = client.send(HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(3))
                    .header("User-Agent", "quotas/" + ToolVersion.installed()).build(), HttpResponse.BodyHandlers.ofString());
            if (r.statusCode() == 404) {
                return new Answer(Optional.empty(), Optional.of("no release of dev.contractkit:quotas is published there yet"));
            }
            if (r.statusCode() != 200) {
                return new Answer(Optional.empty(), Optional.of(url + " answered " + r.statusCode()));
            }
            return answer(r.body());
        } catch (IOException | IllegalArgumentException e) {
            return new Answer(Optional.empty(), Optional.of("cannot reach " + host(url) + " ("
                    + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage()) + ")"));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Answer(Optional.empty(), Optional.of("interrupted"));
        }
    }

    private static Answer answer(String metadata) {
        return latest(metadata).map(v -> new Answer(Optional.of(v), Optional.<String>empty()))
                .orElse(new Answer(Optional.empty(), Optional.of("the metadata names no release")));
    }

    private static String host(String url) {
        try {
            return Optional.ofNullable(URI.create(url).getHost()).orElse(url);
        } catch (IllegalArgumentException e) {
            return url;
        }
    }

    /** {@code <release>}, else the highest {@code <version>} that is not a snapshot. */
    static Optional<String> latest(String metadata) {
        Matcher m = RELEASE.matcher(metadata);
        if (m.find()) {
            return Optional.of(m.group(1));
        }
        Matcher v = VERSION.matcher(metadata);
        String best = null;
        while (v.find()) {
            String candidate = v.group(1);
            if (!candidate.endsWith("-SNAPSHOT") && (best == null || ToolVersion.compare(candidate, best) > 0)) {
                best = candidate;
            }
        }
        return Optional.ofNullable(best);
    }
}
