package dev.contractkit.quotas;

import dev.contractkit.quotas.providers.Environment;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Asks Maven Central's metadata for the newest release of {@code dev.contractkit:quotas}
 * ({@code QUOTAS_UPDATE_URL} points elsewhere, e.g. a test server). Time-out 3 s; every failure is an answer, not an
 * exception.
 */
final class UpdateCheck {
    static final String CENTRAL = "https://repo1.maven.org/maven2/dev/contractkit/quotas/maven-metadata.xml";
    private static final Pattern RELEASE = Pattern.compile("<release>\\s*([^<\\s]+)\\s*</release>");
    private static final Pattern VERSION = Pattern.compile("<version>\\s*([^<\\s]+)\\s*</version>");

    /** @param latest the newest release; @param problem why there is none (offline, no release yet) */
    record Answer(Optional<String> latest, Optional<String> problem) {
    }

    private UpdateCheck() {
    }

    static String url(Environment env) {
        return env.get("QUOTAS_UPDATE_URL").orElse(CENTRAL);
    }

    static Answer ask(Environment env) {
        String url = url(env);
        try {
            HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(3)).build();
            HttpResponse<String> r = client.send(HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(3))
                    .header("User-Agent", "quotas/" + ToolVersion.installed()).build(), HttpResponse.BodyHandlers.ofString());
            if (r.statusCode() == 404) {
                return new Answer(Optional.empty(), Optional.of("no release of dev.contractkit:quotas is published there yet"));
            }
            if (r.statusCode() != 200) {
                return new Answer(Optional.empty(), Optional.of(url + " answered " + r.statusCode()));
            }
            return latest(r.body()).map(v -> new Answer(Optional.of(v), Optional.<String>empty()))
                    .orElse(new Answer(Optional.empty(), Optional.of("the metadata names no release")));
        } catch (IOException | IllegalArgumentException e) {
            return new Answer(Optional.empty(), Optional.of("cannot reach " + URI.create(url).getHost() + " ("
                    + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage()) + ")"));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Answer(Optional.empty(), Optional.of("interrupted"));
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
