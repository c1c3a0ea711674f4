package dev.contractkit.reference.platform;

import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class EmbeddedPasswordTest {
    @TempDir
    Path data;

    private String url() {
        return "jdbc:h2:file:" + data.resolve("kit") + ";MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;AUTO_SERVER=TRUE";
    }

    @Test
    void aDatabaseFromBeforeTheKitsPasswordOpensWithItsDataAndRefusesTheEmptyPasswordAfterwards() throws Exception {
        // what a kit from before the password left: its migrations run by user sa with the empty password
        Flyway.configure().dataSource(url(), "sa", "").locations("classpath:db/migration").load().migrate();
        try (Connection c = DriverManager.getConnection(url(), "sa", "");
             Statement st = c.createStatement()) {
            st.execute("CREATE TABLE before_the_password (note VARCHAR(20))");
            st.execute("INSERT INTO before_the_password VALUES ('kept')");
        }

        try (Database db = Database.open(Settings.of(Map.of("data-dir", data.toString())));
             Connection c = db.dataSource().getConnection();
             ResultSet rs = c.createStatement().executeQuery("SELECT note FROM before_the_password")) {
            assertThat(rs.next()).isTrue();
            assertThat(rs.getString(1)).isEqualTo("kept");
        }

        assertThatThrownBy(() -> DriverManager.getConnection(url(), "sa", "").close())
                .hasMessageContaining("Wrong user name or password");
        String password = Files.readString(data.resolve("db-password")).strip();
        try (Connection c = DriverManager.getConnection(url(), "sa", password)) {
            assertThat(c.isValid(1)).isTrue();
        }
    }

    @Test
    void aDatabaseWhosePasswordFileWasReplacedIsRefusedWithAClearError() throws Exception {
        Database.open(Settings.of(Map.of("data-dir", data.toString()))).close();
        Files.writeString(data.resolve("db-password"), "not-the-password");

        assertThatThrownBy(() -> Database.open(Settings.of(Map.of("data-dir", data.toString()))))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("refuses the password in db-password");
    }
}
