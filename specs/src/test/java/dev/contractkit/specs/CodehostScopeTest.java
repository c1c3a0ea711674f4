package dev.contractkit.specs;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** What the code-hosting v5 contract says it does not cover, and the deprecation it records without implementing. */
class CodehostScopeTest {
    @Test
    void theV5DescriptionSaysGraphqlIsOutOfScopeAndRecordsTheRunnerRenameOf16() throws Exception {
        String description = new ObjectMapper(new YAMLFactory()).readTree(Api.readContract("openapi/codehost-v5.yaml"))
                .path("info").path("description").asText();

        assertThat(description).contains("GraphQL is out of scope").contains("16.0")
                .contains("`RunnerMembershipFilter`").contains("`CiRunnerMembershipFilter`");
    }
}
