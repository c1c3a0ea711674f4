package dev.contractkit.reference.forms;

import dev.contractkit.reference.KitServer;
import dev.contractkit.reference.platform.TestDatabases.PostgresSchema;
import dev.contractkit.specs.Api;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class FormsOnPostgresTest extends FormsApiContractTest {
    static PostgresSchema schema;

    @BeforeAll
    static void start() {
        schema = PostgresSchema.create();
        server = KitServer.start(schema.settings(), List.of(Api.FORMS));
    }

    @AfterAll
    static void dropSchema() {
        stop();
        schema.close();
    }

    @Test
    void servesFormsFromThePostgresSchema() throws IOException {
        assertThat(server.database().description()).startsWith("jdbc:postgresql:").contains(schema.name());
        assertThat(call("GET", "/observe/health/ready", null).status()).isIn(200, 204);
    }
}
