package dev.contractkit.reference.agent;

import dev.contractkit.reference.platform.Settings;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** Which JDBC URLs a data source may use; the attacks against a running server are in {@link AgentAttackTest}. */
class JdbcUrlPolicyTest {
    static final JdbcUrlPolicy DEFAULT = new JdbcUrlPolicy(Settings.of(Map.of()));

    @ParameterizedTest
    @ValueSource(strings = {"jdbc:postgresql://127.0.0.1:5432/test", "jdbc:postgresql://db:5432/test?currentSchema=kit_1&sslmode=require",
            "jdbc:postgresql:test", "jdbc:h2:mem:", "jdbc:h2:mem:agent_ext_1;DB_CLOSE_DELAY=-1",
            "jdbc:h2:mem:x;MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;NON_KEYWORDS=VALUE,KEY"})
    void theUrlsTheKitAndItsTestsUseAreAllowed(String url) {
        assertThat(DEFAULT.problem(url)).isNull();
    }

    @ParameterizedTest
    @ValueSource(strings = {"jdbc:h2:mem:x;init=RUNSCRIPT FROM 'x'", "jdbc:h2:mem:x;Trace_Level_File=3", "jdbc:h2:mem:x; INIT=x",
            "jdbc:h2:mem:x;MODE=PostgreSQL\\;INIT=x", "jdbc:h2:mem:x;MODE=a b", "jdbc:h2:mem:a/b", "jdbc:h2:file:/tmp/x",
            "jdbc:h2:zip:/tmp/x.zip!/db", "jdbc:h2:ssl://h/x", "jdbc:h2:./x", "jdbc:h2:~/x", "jdbc:derby:memory:x;create=true",
            "jdbc:sqlite:/tmp/x", "JDBC:H2:MEM:x", "jdbc:postgresql://h/d?SocketFactory=x", "jdbc:postgresql://h/d?sslpasswordcallback=x",
            "jdbc:postgresql://h/d?authenticationPluginClassName=x", "jdbc:postgresql://h/d?sslhostnameverifier=x",
            "jdbc:postgresql://h/d?options=-c%20x", "jdbc:postgresql://h/d?sslkey=/etc/shadow"})
    void urlsThatRunCodeOrTouchFilesAreRefused(String url) {
        assertThat(DEFAULT.problem(url)).isNotNull();
    }

    @Test
    void theKitsOwnInMemoryDatabaseIsRefused() {
        JdbcUrlPolicy policy = new JdbcUrlPolicy(Settings.of(Map.of("db.url", "jdbc:h2:mem:kit;DB_CLOSE_DELAY=-1")));
        assertThat(policy.problem("jdbc:h2:mem:kit")).contains("the kit's own database");
        assertThat(policy.problem("jdbc:h2:mem:other")).isNull();
    }

    @Test
    void theOperatorCanAddPrefixesAndH2OptionsAreStillChecked() {
        JdbcUrlPolicy policy = new JdbcUrlPolicy(Settings.of(Map.of(JdbcUrlPolicy.SETTING, "jdbc:h2:file:/srv/data/, jdbc:sqlite:")));
        assertThat(policy.prefixes()).containsExactly("jdbc:postgresql:", "jdbc:h2:mem:", "jdbc:h2:file:/srv/data/", "jdbc:sqlite:");
        assertThat(policy.problem("jdbc:h2:file:/srv/data/sales;ACCESS_MODE_DATA=r")).isNull();
        assertThat(policy.problem("jdbc:h2:file:/srv/data/sales;INIT=x")).contains("INIT");
        assertThat(policy.problem("jdbc:h2:file:/tmp/x")).contains("only URLs starting with");
        assertThat(policy.problem("jdbc:sqlite:/srv/x.db")).isNull();
    }

    @ParameterizedTest
    @ValueSource(strings = {"jdbc:h2:file:/srv/data/../../elsewhere/db", "jdbc:h2:file:/srv/data/../secret",
            "jdbc:h2:file:/srv/data/x/../../../etc/db", "jdbc:h2:file:/srv/data/%2e%2e/x", "jdbc:h2:file:/srv/data/..%2Fx",
            "jdbc:h2:file:/srv/data/../../../../../../x", "jdbc:h2:file:/srv/data/..;MODE=x", "jdbc:sqlite:/srv/data/../x.db"})
    void aDotDotCannotLeaveAPrefix(String url) {
        JdbcUrlPolicy policy = new JdbcUrlPolicy(Settings.of(Map.of(JdbcUrlPolicy.SETTING, "jdbc:h2:file:/srv/data/,jdbc:sqlite:/srv/data/")));
        assertThat(policy.problem(url)).as(url).isNotNull();
    }

    @Test
    void pathsAreNormalisedBeforeThePrefixCheck() {
        assertThat(JdbcUrlPolicy.normalise("jdbc:h2:file:/srv/data/../../elsewhere/db")).isEqualTo("jdbc:h2:file:/elsewhere/db");
        assertThat(JdbcUrlPolicy.normalise("jdbc:h2:file:/srv/data/./a/../b;MODE=x")).isEqualTo("jdbc:h2:file:/srv/data/b;MODE=x");
        assertThat(JdbcUrlPolicy.normalise("jdbc:h2:file:/srv//data/")).isEqualTo("jdbc:h2:file:/srv/data/");
        assertThat(JdbcUrlPolicy.normalise("jdbc:h2:~/a/../b")).isEqualTo("jdbc:h2:~/b");
        assertThat(JdbcUrlPolicy.normalise("jdbc:h2:./a")).isEqualTo("jdbc:h2:./a");
        assertThat(JdbcUrlPolicy.normalise("jdbc:h2:tcp://h:9092/~/a/../b")).isEqualTo("jdbc:h2:tcp://h:9092/~/b");
        assertThat(JdbcUrlPolicy.normalise("jdbc:postgresql://h:5432/db?x=a/../b")).isEqualTo("jdbc:postgresql://h:5432/db?x=a/../b");
        assertThat(JdbcUrlPolicy.normalise("jdbc:h2:mem:x")).isEqualTo("jdbc:h2:mem:x");
        assertThat(JdbcUrlPolicy.normalise("jdbc:h2:~/..")).isNull();
        assertThat(JdbcUrlPolicy.normalise("jdbc:h2:file:/..")).isNull();
        assertThat(JdbcUrlPolicy.normalise("jdbc:h2:../x")).isNull();

        JdbcUrlPolicy policy = new JdbcUrlPolicy(Settings.of(Map.of(JdbcUrlPolicy.SETTING, "jdbc:h2:file:/srv/data/")));
        assertThat(policy.problem("jdbc:h2:file:/srv/data/a/../sales")).isNull();
        assertThat(policy.problem("jdbc:h2:file:/srv/data/../data/sales")).isNull();
    }
}
