package dev.contractkit.bench;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.fail;

class NginxFloorTest {
    private static final String BODY = "{\"form\":{\"id\":1,\"title\":\"it's \\\\ here\",\"tags\":[\"a\"]}}";

    @Test
    void answersItsPathWithTheBodyAndContentTypeItWasGivenAndNothingElse(@TempDir Path dir) throws Exception {
        if (!NginxFloor.available()) {
            if ("true".equals(System.getenv("CI"))) {
                fail(NginxFloor.NGINX + " is not installed (./kit test installs nginx-light)");
            }
            Assumptions.abort(NginxFloor.NGINX + " is not installed (./kit test installs nginx-light)");
        }
        HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        try (Target floor = NginxFloor.start(NginxFloor.name(), dir, "/forms/1", "application/json", BODY)) {
            HttpResponse<String> answer = http.send(HttpRequest.newBuilder(URI.create(floor.url("") + "/forms/1")).build(),
                    HttpResponse.BodyHandlers.ofString());
            HttpResponse<String> other = http.send(HttpRequest.newBuilder(URI.create(floor.url("") + "/forms/2")).build(),
                    HttpResponse.BodyHandlers.ofString());

            assertThat(floor.name).startsWith("nginx/").endsWith("(floor)");
            assertThat(answer.statusCode()).isEqualTo(200);
            assertThat(answer.body()).isEqualTo(BODY);
            assertThat(answer.headers().firstValue("content-type")).hasValue("application/json");
            assertThat(other.statusCode()).isEqualTo(404);
        }
    }

    @Test
    void aBodyNginxWouldReadAsAVariableIsRefused() {
        assertThatThrownBy(() -> NginxFloor.config(Path.of("/tmp/x"), 1, "/a", "text/plain", "costs $5"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'$'");
    }

    @Test
    void theFloorsRowsInformWithoutAGoalBesideTheGoalsOwn() {
        List<Measured> shared = List.of(measured("kit", 120), measured("ms", 40), measured("prism", 4), measured("floor", 130));
        List<Measured> apart = List.of(measured("kit", 140), measured("ms", 50), measured("floor", 160));

        List<Measured> rows = Goals.mock(shared, apart, "kit", "ms", "prism", "floor");

        assertThat(rows).filteredOn(r -> !Goals.hasGoal(r)).extracting(Measured::ratio)
                .containsExactly(160.0 / 50, 130.0 / 40, 140.0 / 160, 120.0 / 130);
        assertThat(rows).filteredOn(Goals::hasGoal).first().extracting(Measured::ratio).isEqualTo(140.0 / 50);
        assertThat(Goals.mock(shared, apart, "kit", "ms", "prism", null)).allMatch(Goals::hasGoal);
    }

    private static Measured measured(String name, double rps) {
        return new Measured(name, rps, 0.1, 1, 0, 100, 10, List.of(), 1);
    }
}
