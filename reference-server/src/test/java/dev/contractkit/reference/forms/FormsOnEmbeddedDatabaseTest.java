package dev.contractkit.reference.forms;

import dev.contractkit.reference.KitServer;
import dev.contractkit.reference.platform.TestDatabases;
import dev.contractkit.specs.Api;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class FormsOnEmbeddedDatabaseTest extends FormsApiContractTest {
    @TempDir
    static Path dataDir;

    @BeforeAll
    static void start() {
        server = KitServer.start(TestDatabases.embedded(dataDir), List.of(Api.FORMS));
    }

    @Test
    void databaseFileIsCreatedAndDataSurvivesARestartWithoutReseeding() throws IOException {
        assertThat(Files.exists(dataDir.resolve("kit.mv.db"))).isTrue();
        String before = get("/forms?count=100").body().toString();
        server.close();
        server = KitServer.start(TestDatabases.embedded(dataDir), List.of(Api.FORMS));
        assertThat(get("/forms?count=100").body().toString()).isEqualTo(before);
        assertThat(get("/forms?count=100").body().path("forms")).hasSize(12);
    }
}
