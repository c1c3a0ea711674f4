package dev.contractkit.mock;

import dev.contractkit.specs.Api;
import dev.contractkit.specs.check.Finding;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/**
 * Every example is checked at start: for the kit's own APIs a broken one stops the start, naming file and pointer,
 * unless lenient; then a valid value built from the schema is answered in its place.
 */
class StartupCheckTest {
    private static final String BROKEN_POINTER =
            "/paths/~1items~1current/get/responses/200/content/application~1json/example/size";

    @Test
    void brokenExampleStopsTheStartNamingFileAndPointer() {
        MockOptions options = MockOptions.builder().apis(Api.FORMS).port(Api.FORMS, 0)
                .contracts(Api.FORMS, List.of(ItemsContract.broken())).build();

        BrokenContractException e = catchThrowableOfType(BrokenContractException.class, () -> MockServers.start(options));

        assertThat(e).isNotNull();
        assertThat(e.findings()).extracting(Finding::file).containsOnly("broken-items.yaml");
        assertThat(e.findings()).extracting(Finding::pointer).contains(BROKEN_POINTER);
        assertThat(e.getMessage()).contains("broken-items.yaml " + BROKEN_POINTER);
    }

    @Test
    void lenientStartServesAnywayReportsTheProblemsAndAnswersAValidValueForTheBrokenExample() {
        MockOptions options = MockOptions.builder().apis(Api.FORMS).port(Api.FORMS, 0).lenient(true)
                .contracts(Api.FORMS, List.of(ItemsContract.broken())).build();

        try (MockServers mocks = MockServers.start(options); Http http = new Http()) {
            assertThat(mocks.warnings()).extracting(Finding::pointer).contains(BROKEN_POINTER);
            Http.Answer answer = http.get(mocks.url(Api.FORMS) + "/items/current");
            assertThat(answer.json().path("size").isInt()).as(answer.body()).isTrue();
            assertThat(answer.json().path("size").asInt()).isPositive();
            assertThat(answer.header("X-Kit-Example-Replaced")).contains("breaks its schema at /size");
        }
    }

    @Test
    void shippedContractsPassTheCheck() {
        MockOptions.Builder everyApi = MockOptions.builder();
        for (Api api : Api.values()) {
            everyApi.port(api, 0);
        }
        try (MockServers mocks = MockServers.start(everyApi.build())) {
            assertThat(mocks.warnings()).isEmpty();
            assertThat(mocks.apis()).containsExactlyElementsOf(Api.values());
        }
    }
}
