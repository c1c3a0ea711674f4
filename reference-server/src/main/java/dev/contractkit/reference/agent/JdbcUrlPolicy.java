package dev.contractkit.reference.agent;

import dev.contractkit.reference.platform.ApiError;
import dev.contractkit.reference.platform.Settings;

import java.sql.Connection;
import java.sql.Driver;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * Which JDBC URLs a registered data source may use, checked when it is registered or updated and again before
 * every connection (rows stored before the policy existed are refused at use). A JDBC URL is code: H2's
 * {@code INIT=RUNSCRIPT ...} runs SQL (and {@code FILE_WRITE}) when the database opens, {@code TRACE_LEVEL_FILE}
 * writes files, {@code jdbc:h2:file:} and {@code tcp:} open files and servers, PostgreSQL's {@code socketFactory}
 * or {@code sslfactory} instantiate any class on the classpath, {@code loggerFile} writes a file. So:
 *
 * <ul>
 *   <li>the URL must start with an allowed prefix: {@code jdbc:postgresql:} and {@code jdbc:h2:mem:} by default,
 *       widened by the setting {@code agent.jdbc-allow} ({@code KIT_AGENT_JDBC_ALLOW}, comma-separated prefixes);</li>
 *   <li>H2 URLs may carry only the options of {@link #H2_OPTIONS}, with plain values, and never a backslash
 *       (H2's escape character); an in-memory name is letters, digits, {@code _} and {@code -}, and never the
 *       kit's own in-memory database;</li>
 *   <li>PostgreSQL URLs may carry only the parameters of {@link #PG_PARAMS};</li>
 *   <li>the connection goes through the driver the prefix names ({@code org.postgresql.Driver},
 *       {@code org.h2.Driver}), never a driver looked up by the URL; only a prefix the operator added uses
 *       {@link DriverManager}.</li>
 * </ul>
 */
final class JdbcUrlPolicy {
    static final String SETTING = "agent.jdbc-allow";
    static final List<String> DEFAULT_PREFIXES = List.of("jdbc:postgresql:", "jdbc:h2:mem:");
    /** H2 options that change how SQL is read, never what runs or where files go. */
    static final Set<String> H2_OPTIONS = new TreeSet<>(Set.of("DB_CLOSE_DELAY", "MODE", "DATABASE_TO_LOWER",
            "DATABASE_TO_UPPER", "CASE_INSENSITIVE_IDENTIFIERS", "IGNORECASE", "IFEXISTS", "LOCK_TIMEOUT",
            "DEFAULT_NULL_ORDERING", "NON_KEYWORDS", "SCHEMA", "ACCESS_MODE_DATA", "QUERY_TIMEOUT"));
    /** PostgreSQL (pgjdbc) parameters that load no class, read or write no local file. */
    static final Set<String> PG_PARAMS = new TreeSet<>(Set.of("sslmode", "ssl", "connectTimeout", "socketTimeout",
            "loginTimeout", "ApplicationName", "currentSchema", "readOnly", "readOnlyMode", "targetServerType",
            "loadBalanceHosts", "tcpKeepAlive", "prepareThreshold", "defaultRowFetchSize", "stringtype",
            "gssEncMode", "user"));
    private static final Pattern H2_VALUE = Pattern.compile("[A-Za-z0-9_,+.-]{0,100}");
    private static final Pattern H2_MEM_NAME = Pattern.compile("[A-Za-z0-9_-]{0,100}");

    private final List<String> prefixes;
    private final String kitMemName;

    /** @param settings {@code agent.jdbc-allow} and the kit's own {@code db.url} */
    JdbcUrlPolicy(Settings settings) {
        List<String> all = new ArrayList<>(DEFAULT_PREFIXES);
        settings.getList(SETTING, "").stream().filter(p -> !all.contains(p)).forEach(all::add);
        this.prefixes = List.copyOf(all);
        String kit = settings.get("db.url", "");
        this.kitMemName = kit.startsWith("jdbc:h2:mem:") ? memName(kit) : null;
    }

    List<String> prefixes() {
        return prefixes;
    }

    /**
     * @param url a data source's JDBC URL
     * @throws ApiError 400 {@code INVALID_REQUEST} naming the part of the URL that is not allowed
     */
    void check(String url) {
        String problem = problem(url);
        if (problem != null) {
            throw ApiError.invalid("jdbcUrl: " + problem);
        }
    }

    /** @return why the URL is refused, or null when it is allowed */
    String problem(String url) {
        if (url == null || prefixes.stream().noneMatch(url::startsWith)) {
            return "only URLs starting with " + String.join(", ", prefixes) + " are allowed (the operator can add "
                    + "prefixes with " + Settings.envName(SETTING) + ")";
        }
        if (url.startsWith("jdbc:h2:")) {
            return h2(url);
        }
        if (url.startsWith("jdbc:postgresql:")) {
            return postgres(url);
        }
        return null; // a prefix the operator added for another driver
    }

    private String h2(String url) {
        if (url.indexOf('\\') >= 0) {
            return "a backslash is not allowed in an H2 URL";
        }
        String[] parts = url.split(";", -1);
        if (url.startsWith("jdbc:h2:mem:")) {
            String name = memName(url);
            if (!H2_MEM_NAME.matcher(name).matches()) {
                return "an in-memory H2 database name is letters, digits, '_' and '-' (was '" + name + "')";
            }
            if (name.equals(kitMemName)) {
                return "'" + name + "' is the kit's own database";
            }
        }
        for (int i = 1; i < parts.length; i++) {
            String option = parts[i];
            if (option.isEmpty()) {
                continue;
            }
            int eq = option.indexOf('=');
            String key = (eq < 0 ? option : option.substring(0, eq)).toUpperCase(Locale.ROOT);
            if (!H2_OPTIONS.contains(key)) {
                return "the H2 option '" + key + "' is not allowed" + (key.equals("INIT") ? " (it runs SQL when the "
                        + "database opens)" : key.startsWith("TRACE") ? " (it writes files)" : "")
                        + "; allowed: " + String.join(", ", H2_OPTIONS);
            }
            if (eq < 0 || !H2_VALUE.matcher(option.substring(eq + 1)).matches()) {
                return "the H2 option '" + key + "' needs a plain value (letters, digits, _ , + . -)";
            }
        }
        return null;
    }

    private static String memName(String url) {
        String rest = url.substring("jdbc:h2:mem:".length());
        int semi = rest.indexOf(';');
        return semi < 0 ? rest : rest.substring(0, semi);
    }

    private static String postgres(String url) {
        int q = url.indexOf('?');
        if (q < 0) {
            return null;
        }
        for (String token : url.substring(q + 1).split("&")) {
            if (token.isEmpty()) {
                continue;
            }
            int eq = token.indexOf('=');
            String key = eq < 0 ? token : token.substring(0, eq);
            if (!PG_PARAMS.contains(key)) {
                return "the PostgreSQL parameter '" + key + "' is not allowed; allowed: " + String.join(", ", PG_PARAMS);
            }
        }
        return null;
    }

    /**
     * Connects through the driver the URL's prefix names, after checking the URL again.
     *
     * @throws SQLException when the URL is not allowed (any more) or the connection fails
     */
    Connection connect(String url, String user, String password) throws SQLException {
        String problem = problem(url);
        if (problem != null) {
            throw new SQLException("the data source's JDBC URL is not allowed: " + problem);
        }
        Properties props = new Properties();
        if (user != null) {
            props.setProperty("user", user);
        }
        if (password != null) {
            props.setProperty("password", password);
        }
        Driver driver;
        if (url.startsWith("jdbc:postgresql:")) {
            props.setProperty("loginTimeout", "5");
            props.setProperty("connectTimeout", "5");
            driver = new org.postgresql.Driver();
        } else if (url.startsWith("jdbc:h2:")) {
            driver = org.h2.Driver.load();
        } else {
            DriverManager.setLoginTimeout(5);
            driver = DriverManager.getDriver(url); // a prefix the operator added
        }
        Connection c = driver.connect(url, props);
        if (c == null) {
            throw new SQLException("no driver accepts the data source's JDBC URL");
        }
        return c;
    }
}
