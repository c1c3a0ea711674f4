package dev.contractkit.examples.forms;

import dev.contractkit.reference.KitServer;
import dev.contractkit.reference.forms.FormsModule;
import dev.contractkit.reference.platform.Settings;
import dev.contractkit.sdk.forms.FormsClient;
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

class ListFormsTest {
    @Test
    void listsEverySeededFormAcrossPagesAndReadsTheFirst(@TempDir Path data) {
        Settings settings = Settings.of(Map.of("data-dir", data.toString(), "forms.port", "0"));
        try (KitServer server = KitServer.start(settings, List.of(Api.FORMS))) {
            ByteArrayOutputStream buffer = new ByteArrayOutputStream();
            FormsClient client = FormsClient.builder().baseUrl(server.url(Api.FORMS)).apiKey(FormsModule.DEMO_KEY).build();

            int listed = ListForms.run(client, new PrintStream(buffer, true, StandardCharsets.UTF_8));

            String out = buffer.toString(StandardCharsets.UTF_8);
            assertThat(listed).isEqualTo(12);
            assertThat(out).contains("Monthly membership").contains("Community garden plot").contains("12 forms");
            assertThat(out).contains("form 1: \"Monthly membership\"");
        }
    }
}
