package dev.contractkit.reference.agent;

import dev.contractkit.reference.platform.ApiError;
import dev.contractkit.reference.platform.Settings;

import java.sql.Connection;
import java.sql.Driver;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Properties;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Opens a registered data source's connection (its credentials are used here and never leave the server):
 *
 * <ul>
 *   <li>the URL is checked again ({@link JdbcUrlPolicy}; rows may predate the policy) and its normalised form is
 *       the one connected to;</li>
 *   <li>no control character in any connection property (user name, password, and every property pgjdbc reads
 *       from the URL, decoded): a CR/LF in the start-up packet would let a data source speak another protocol
 *       (Redis, SMTP ...) to whatever listens there;</li>
 *   <li>PostgreSQL goes through {@link DataSourceSockets}: only public addresses, plus those the operator names in
 *       {@code agent.db-net-allow} ({@code KIT_AGENT_DB_NET_ALLOW}, as {@code KIT_EXEC_NET_ALLOW}), connected to
 *       the address checked;</li>
 *   <li>pgjdbc never reads the server user's {@code ~/.pgpass} (it does when no password is given, so an empty one
 *       is), nor a service file ({@code service} is not an allowed parameter);</li>
 *   <li>any connection failure is one neutral error (the driver's own text told an open port from a closed one);
 *       a refused address says so and names the setting. The cause is logged at {@code FINE}.</li>
 * </ul>
 * The connection goes through the driver the prefix names ({@code org.postgresql.Driver}, {@code org.h2.Driver}),
 * never a driver looked up by the URL; only a prefix the operator added uses {@link DriverManager}.
 */
final class DataSourceConnections {
    static final String FAILED = "cannot connect to the data source (its address, port, database, user name or "
            + "password is wrong, or the server does not answer)";
    private static final Logger LOG = Logger.getLogger(DataSourceConnections.class.getName());

    private final JdbcUrlPolicy urls;
    private final String allow;

    DataSourceConnections(JdbcUrlPolicy urls, Settings settings) {
        this.urls = urls;
        this.allow = String.join(",", settings.getList(DataSourceSockets.SETTING, ""));
        DataSourceSockets.policy(allow); // a bad entry stops the server at start, naming the setting
    }

    /**
     * Checks a data source on register and update.
     *
     * @throws ApiError 400 {@code INVALID_REQUEST} naming the field and the problem
     */
    void check(String url, String user, String password) {
        urls.check(url);
        String problem = controls(url, user, password);
        if (problem != null) {
            throw ApiError.invalid(problem);
        }
    }

    /** @return which property holds a control character, or null */
    private static String controls(String url, String user, String password) {
        if (hasControl(user)) {
            return "username: control characters are not allowed";
        }
        if (hasControl(password)) {
            return "password: control characters are not allowed";
        }
        if (hasControl(url)) {
            return "jdbcUrl: control characters are not allowed";
        }
        if (url.startsWith("jdbc:postgresql:")) {
            Properties parsed = org.postgresql.Driver.parseURL(JdbcUrlPolicy.normalise(url), properties(user, password));
            if (parsed == null) {
                return "jdbcUrl: not a valid PostgreSQL URL";
            }
            for (String name : parsed.stringPropertyNames()) {
                if (hasControl(parsed.getProperty(name))) {
                    return "jdbcUrl: the connection property '" + name + "' holds a control character";
                }
            }
        }
        return null;
    }

    private static boolean hasControl(String s) {
        return s != null && s.chars().anyMatch(Character::isISOControl);
    }

    /** User and password; the password never absent, so pgjdbc does not look in {@code ~/.pgpass}. */
    private static Properties properties(String user, String password) {
        Properties props = new Properties();
        if (user != null) {
            props.setProperty("user", user);
        }
        props.setProperty("password", password == null ? "" : password);
        return props;
    }

    /**
     * Connects, after checking the URL and the properties again.
     *
     * @throws SQLException when the URL is not allowed (any more), an address is refused, or (one message for all)
     *                      the connection fails
     */
    Connection connect(String url, String user, String password) throws SQLException {
        String problem = urls.problem(url);
        if (problem != null) {
            throw new SQLException("the data source's JDBC URL is not allowed: " + problem);
        }
        problem = controls(url, user, password);
        if (problem != null) {
            throw new SQLException("the data source is not allowed: " + problem);
        }
        String checked = JdbcUrlPolicy.normalise(url);
        Properties props = properties(user, password);
        Driver driver;
        if (checked.startsWith("jdbc:postgresql:")) {
            props.setProperty("loginTimeout", "5");
            props.setProperty("connectTimeout", "5");
            props.setProperty("socketFactory", DataSourceSockets.class.getName());
            props.setProperty("socketFactoryArg", allow);
            driver = new org.postgresql.Driver();
        } else if (checked.startsWith("jdbc:h2:")) {
            driver = org.h2.Driver.load();
        } else {
            DriverManager.setLoginTimeout(5);
            driver = DriverManager.getDriver(checked); // a prefix the operator added
        }
        try {
            Connection c = driver.connect(checked, props);
            if (c == null) {
                throw new SQLException("no driver accepts the data source's JDBC URL");
            }
            return c;
        } catch (SQLException e) {
            throw failure(e);
        }
    }

    private static SQLException failure(SQLException e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof DataSourceSockets.Refused refused) {
                return new SQLException("the data source's address " + refused.getMessage());
            }
        }
        LOG.log(Level.FINE, "a data source connection failed", e);
        return new SQLException(FAILED);
    }
}
