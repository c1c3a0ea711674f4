package dev.contractkit.conformance;

import dev.contractkit.conformance.checks.Check;
import dev.contractkit.specs.Api;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The check catalogue and the target builder: what users name and configure. */
class CatalogueTest {

    @Test
    void catalogueUsesSchemathesisNamesSortedByKey() {
        List<String> keys = Arrays.stream(Check.values()).map(Check::key).toList();

        assertThat(keys).contains("status_code_conformance", "content_type_conformance", "response_schema_conformance",
                "not_a_server_error", "negative_data_rejection", "ignored_auth", "unsupported_method", "error_envelope");
        assertThat(keys).isSorted().doesNotHaveDuplicates().allMatch(k -> k.matches("[a-z_]+"));
        assertThat(Check.values()).allSatisfy(c -> assertThat(c.description()).isNotBlank());
    }

    @Test
    void checksAreFoundByKeyAndUnknownKeysNameTheKnownOnes() {
        assertThat(Check.byKey(" Ignored_Auth ")).contains(Check.IGNORED_AUTH);
        assertThat(Check.parseList("ignored_auth,not_a_server_error"))
                .containsExactlyInAnyOrder(Check.IGNORED_AUTH, Check.NOT_A_SERVER_ERROR);
        assertThatThrownBy(() -> Check.parseList("ignored_auth,nope"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'nope'").hasMessageContaining("error_envelope");
    }

    @Test
    void targetNeedsABaseUrlAndAtLeastOneCheck() {
        assertThatThrownBy(() -> ConformanceTarget.builder(Api.FORMS).build())
                .isInstanceOf(IllegalStateException.class).hasMessage("Base URL required.");
        assertThatThrownBy(() -> ConformanceTarget.builder(Api.FORMS).baseUrl("ftp://x"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("ftp://x");
        assertThatThrownBy(() -> ConformanceTarget.builder(Api.FORMS).baseUrl("http://127.0.0.1:1")
                .excludeChecks(Set.of(Check.values())).build())
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("No checks");
    }

    @Test
    void targetDefaultsToEveryCheckAndSeedOne() {
        ConformanceTarget t = ConformanceTarget.builder(Api.FORMS).baseUrl("http://127.0.0.1:1").excludeChecks(Set.of(Check.IGNORED_AUTH)).build();

        assertThat(t.checks()).hasSize(Check.values().length - 1).doesNotContain(Check.IGNORED_AUTH);
        assertThat(t.seed()).isEqualTo(1);
        assertThat(t.contracts()).extracting(c -> c.file()).containsExactly("openapi/forms.yaml");
        assertThat(t.credential()).isEmpty();
    }
}
