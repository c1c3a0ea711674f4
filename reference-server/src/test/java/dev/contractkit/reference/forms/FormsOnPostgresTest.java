package dev.contractkit.reference.forms;

import dev.contractkit.reference.KitServer;
import dev.contractkit.reference.platform.TestDatabases.PostgresSchema;
import dev.contractkit.specs.Api;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import javax.sql.DataSource;
import java.io.IOException;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class FormsOnPostgresTest extends FormsApiContractTest {
    static final String ACME_KEY = "acme-forms-key";
    static PostgresSchema schema;
    /** Forms in the schema right after the migrations, before this test put any there. */
    static long formsAfterMigration;

    @BeforeAll
    static void start() throws SQLException {
        schema = PostgresSchema.create();
        server = KitServer.start(schema.settings().with("forms.api-keys", FormsModule.DEMO_KEY + ",acme:" + ACME_KEY),
                List.of(Api.FORMS));
        DataSource db = server.database().dataSource();
        try (Connection c = db.getConnection(); Statement s = c.createStatement()) {
            try (ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM forms")) {
                rs.next();
                formsAfterMigration = rs.getLong(1);
            }
            // another account's form, which the demo key must not see
            s.executeUpdate("INSERT INTO forms (account, id, title, access_token, currency, payment_volume, "
                    + "successful_checkout_count, created_at, updated_at) VALUES ('acme', 1001, 'Acme invoice', "
                    + "'acme00000001', 'usd', 500, 1, TIMESTAMP WITH TIME ZONE '2025-01-01 00:00:00+00', "
                    + "TIMESTAMP WITH TIME ZONE '2025-01-02 00:00:00+00')");
        }
        // the shared tests read the demo forms: this test puts them there (a PostgreSQL gets none by itself)
        new FormStore(db).seedDemo();
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

    @Test
    void aConfiguredDatabaseGetsNoDemoForms() {
        assertThat(formsAfterMigration).isZero();
    }

    @Test
    void aKeyReadsOnlyTheFormsOfItsAccount() throws IOException {
        Answer acme = call("GET", "/forms?count=100", "Token token=" + ACME_KEY);
        assertThat(acme.status()).as(acme.body().toString()).isEqualTo(200);
        assertThat(acme.body().path("forms")).extracting(f -> f.path("id").asLong()).containsExactly(1001L);
        assertThat(acme.headers().get("X-Total-Count")).isEqualTo("1");
        assertThat(call("GET", "/forms/1001", "Token token=" + ACME_KEY).body().path("form").path("title").asText())
                .isEqualTo("Acme invoice");
        // another account's form is not found, either way round
        assertThat(call("GET", "/forms/1", "Token token=" + ACME_KEY).status()).isEqualTo(404);
        assertThat(get("/forms/1001").status()).isEqualTo(404);
        assertThat(get("/forms?count=100").body().path("forms")).extracting(f -> f.path("id").asLong())
                .doesNotContain(1001L).hasSize(12);
    }
}
