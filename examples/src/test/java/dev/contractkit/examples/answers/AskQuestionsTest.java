package dev.contractkit.examples.answers;

import dev.contractkit.reference.KitServer;
import dev.contractkit.reference.platform.Settings;
import dev.contractkit.sdk.answers.AnswersClient;
import dev.contractkit.sdk.answers.model.Quota;
import dev.contractkit.specs.Api;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class AskQuestionsTest {
    private static final String KEY = "example-test-key-0123456789";

    @Test
    void answersTheCompanyQuestionForcesTheOffTopicOneAndCountsEveryProcessedQuestionInTheQuota(@TempDir Path data) {
        Settings settings = Settings.of(Map.of("data-dir", data.toString(), "answers.port", "0",
                "answers.api-keys", KEY, "answers.quota", "50"));
        try (KitServer server = KitServer.start(settings, List.of(Api.ANSWERS))) {
            ByteArrayOutputStream buffer = new ByteArrayOutputStream();
            AnswersClient client = AnswersClient.builder().baseUrl(server.url(Api.ANSWERS)).apiKey(KEY).build();

            Quota quota = AskQuestions.run(client, new PrintStream(buffer, true, StandardCharsets.UTF_8));

            String out = buffer.toString(StandardCharsets.UTF_8);
            assertThat(out).contains("> " + AskQuestions.COMPANY_QUESTION).contains("Northwind Robotics (NWRB)");
            assertThat(out).contains("refused: NonInvestmentRelated; asking again with forceAnswer");
            assertThat(out).contains("The capital of France is **Paris**.");
            // three questions were processed: the answer, the refusal and the forced answer
            assertThat(quota.getUsed()).isEqualTo(3);
            assertThat(quota.getTotalLimit()).isEqualTo(50);
            assertThat(out).contains("quota: 3 used, 0 pending, limit 50");
        }
    }
}
