package dev.contractkit.reference.codehost;

import dev.contractkit.reference.platform.Database;
import dev.contractkit.reference.platform.TestDatabases;
import dev.contractkit.specs.check.ContractDocument;
import io.helidon.webserver.http.Handler;
import io.helidon.webserver.http.HttpRouting;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The services generated from the two contracts route every operation to a handler named by its operationId. */
class GeneratedServicesTest {
    private static final Handler NOTHING = (req, res) -> res.send();

    /** The operationIds a version's services ask for, in the order they route them. */
    private static List<String> asked(Version v) {
        List<String> asked = new ArrayList<>();
        v.services(id -> {
            asked.add(id);
            return NOTHING;
        }).forEach(s -> s.routing(HttpRouting.builder()));
        return asked;
    }

    private static List<String> operationIds(Version v) {
        return v.rules().document().operations().stream().map(ContractDocument.Operation::operationId).toList();
    }

    @Test
    void eachVersionsServicesRouteEveryOperationOfItsContractOnce() {
        for (Version v : Version.values()) {
            assertThat(asked(v)).as(v.name()).containsExactlyInAnyOrderElementsOf(operationIds(v));
        }
        assertThat(asked(Version.V5)).doesNotContain("listManagedLicenses", "getMergeRequestChanges", "listGeoNodes");
    }

    @Test
    void aLiteralPathIsRoutedBeforeATemplateInTheSamePlace() {
        List<String> v4 = asked(Version.V4);
        assertThat(v4.indexOf("listAllRunners")).isLessThan(v4.indexOf("getRunner"));
        assertThat(v4.indexOf("listGeoSiteStatuses")).isLessThan(v4.indexOf("getGeoSite"));
        assertThat(v4.indexOf("listGeoNodeFailures")).isLessThan(v4.indexOf("getGeoNode"));
    }

    @Test
    void theEndpointsHaveAHandlerForEveryOperationOfBothContracts(@TempDir Path dir) {
        try (Database db = Database.open(TestDatabases.embedded(dir))) {
            CodehostModule module = new CodehostModule(TestDatabases.embedded(dir), db);
            for (Version v : Version.values()) {
                Endpoints endpoints = module.endpoints(v);
                assertThat(operationIds(v)).as(v.name()).allSatisfy(id -> assertThat(endpoints.handler(id)).isNotNull());
            }
        }
    }

    @Test
    void anOperationWithoutAHandlerStopsTheStartNamingIt(@TempDir Path dir) {
        try (Database db = Database.open(TestDatabases.embedded(dir))) {
            Endpoints endpoints = new CodehostModule(TestDatabases.embedded(dir), db).endpoints(Version.V5);
            assertThatThrownBy(() -> endpoints.handler("listManagedLicensez"))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessage("codehost V5: no handler for operation listManagedLicensez");
        }
    }
}
