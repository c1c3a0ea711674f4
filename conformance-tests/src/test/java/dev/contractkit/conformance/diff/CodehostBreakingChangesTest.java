package dev.contractkit.conformance.diff;

import dev.contractkit.specs.Api;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.function.Predicate;

import static org.assertj.core.api.Assertions.assertThat;

/** The v4 to v5 report against the removals the v5 contract lists ({@code specs/openapi/codehost-v5.yaml}, its description). */
class CodehostBreakingChangesTest {
    private static final List<BreakingChange> CHANGES = BreakingChanges.between(
            Api.readContract("openapi/codehost-v4.yaml"), Api.readContract("openapi/codehost-v5.yaml"));

    /** One removal the contract lists and the report lines it explains. */
    record Row(String item, Predicate<BreakingChange> explains) {
    }

    private static final List<Row> LISTED_REMOVALS = List.of(
            new Row("geo_nodes endpoints", c -> c.endpoint().contains("/geo_nodes") && c.what().equals("endpoint removed")),
            new Row("merged_by field", c -> c.where().endsWith(".merged_by") && c.what().equals("property removed")),
            new Row("merge_status field", c -> c.where().endsWith(".merge_status") && c.what().equals("property removed")),
            new Row("private_profile = null", c -> c.endpoint().contains("/users") && c.where().endsWith(".private_profile")
                    && c.what().equals("null no longer allowed")),
            new Row("single merge request changes endpoint", c -> c.endpoint().equals(
                    "GET /projects/{id}/merge_requests/{merge_request_iid}/changes") && c.what().equals("endpoint removed")),
            new Row("managed licenses endpoint", c -> c.endpoint().contains("/managed_licenses")
                    && c.what().equals("endpoint removed")),
            new Row("approvers and approval_groups", c -> c.endpoint().equals("GET /projects/{id}/approvals")
                    && (c.where().endsWith(".approvers") || c.where().endsWith(".approver_groups")
                    || c.where().endsWith(".approval_groups"))),
            new Row("runner property active", c -> c.endpoint().contains("runners") && (c.where().endsWith(".active")
                    || c.where().contains("parameter status") && c.what().contains("active"))),
            new Row("runner status", c -> c.endpoint().contains("runners") && (c.where().endsWith(".status")
                    || c.where().contains("parameter status")) && c.what().startsWith("enum changed")),
            new Row("runner ip_address", c -> c.endpoint().contains("runners") && c.where().endsWith(".ip_address")
                    && c.what().equals("property removed")));

    @Test
    void everyRemovalTheContractListsIsInTheReport() {
        for (Row row : LISTED_REMOVALS) {
            assertThat(CHANGES).as(row.item()).anyMatch(row.explains());
        }
    }

    @Test
    void everyLineOfTheReportIsExplainedByARemovalTheContractLists() {
        assertThat(CHANGES).isNotEmpty().allSatisfy(c ->
                assertThat(LISTED_REMOVALS).as(c.line()).anyMatch(row -> row.explains().test(c)));
    }

    @Test
    void theRunnerEndpointsTheContractNamesEachLoseActiveAndIpAddressAndTheirStatusValues() {
        List<String> runnerEndpoints = List.of("GET /runners", "GET /runners/all", "GET /runners/{id}", "PUT /runners/{id}",
                "GET /projects/{id}/runners", "POST /projects/{id}/runners", "GET /groups/{id}/runners");
        for (String endpoint : runnerEndpoints) {
            assertThat(CHANGES).filteredOn(c -> c.endpoint().equals(endpoint)).extracting(BreakingChange::line)
                    .anyMatch(l -> l.contains(".active: property removed"))
                    .anyMatch(l -> l.contains(".ip_address: property removed"))
                    .anyMatch(l -> l.contains(".status: enum changed, values added [not_connected]"));
        }
        assertThat(CHANGES).extracting(BreakingChange::line)
                .contains("PUT /runners/{id}  request body .active: property removed (the schema is closed)");
    }

    @Test
    void theApprovalGroupsAreRemovedUnderBothTheDeprecationListsAndTheOriginalsName() {
        assertThat(CHANGES).filteredOn(c -> c.endpoint().equals("GET /projects/{id}/approvals")).extracting(BreakingChange::line)
                .anyMatch(l -> l.contains(".approval_groups: property removed"))
                .anyMatch(l -> l.contains(".approver_groups: property removed"))
                .anyMatch(l -> l.contains(".approvers: property removed"));
    }

    @Test
    void runnerRegistrationLosesActiveInV5() {
        assertThat(CHANGES).extracting(BreakingChange::line)
                .anyMatch(l -> l.startsWith("POST /runners") && l.contains(".active: property removed"));
    }

    @Test
    void allNineGeoNodeOperationsAreRemovedAndNoGeoSiteOperation() {
        assertThat(CHANGES).filteredOn(c -> c.endpoint().contains("/geo_nodes")).hasSize(9);
        assertThat(CHANGES).noneMatch(c -> c.endpoint().contains("/geo_sites"));
    }

    @Test
    void aContractComparedWithItselfHasNoIncompatibleChange() {
        String v5 = Api.readContract("openapi/codehost-v5.yaml");
        assertThat(BreakingChanges.between(v5, v5)).isEmpty();
    }

    @Test
    void theCommandPrintsTheCountAndOneLinePerChange() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int status = DiffMain.run(new String[]{"codehost-v4", "codehost-v5"}, print(out), print(new ByteArrayOutputStream()));
        String text = out.toString(StandardCharsets.UTF_8);
        assertThat(status).isZero();
        assertThat(text).startsWith(CHANGES.size() + " incompatible change(s) from codehost-v4 to codehost-v5:")
                .contains("  GET /geo_nodes: endpoint removed");
        assertThat(text.lines().count()).isEqualTo(CHANGES.size() + 1L);
    }

    @Test
    void failOnIncompatibleExitsOneAndAnUnknownContractExitsTwoWithAMessage() {
        assertThat(DiffMain.run(new String[]{"--fail-on-incompatible", "codehost-v4", "codehost-v5"},
                print(new ByteArrayOutputStream()), print(new ByteArrayOutputStream()))).isEqualTo(1);
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        assertThat(DiffMain.run(new String[]{"codehost-v4", "codehost-v9"}, print(new ByteArrayOutputStream()), print(err)))
                .isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("no contract 'codehost-v9'");
    }

    private static PrintStream print(ByteArrayOutputStream out) {
        return new PrintStream(out, true, StandardCharsets.UTF_8);
    }
}
