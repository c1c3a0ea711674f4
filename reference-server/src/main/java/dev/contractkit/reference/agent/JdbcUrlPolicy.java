package dev.contractkit.reference.agent;

import dev.contractkit.reference.platform.ApiError;
import dev.contractkit.reference.platform.Settings;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Locale;
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
 *   <li>the URL's path is normalised first ({@link #normalise}): a {@code ..} cannot lead out of a prefix.</li>
 * </ul>
 * The connection itself is {@link DataSourceConnections}'.
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
    private static final Pattern ENCODED_PATH = Pattern.compile("(?i)%(2e|2f|5c)");

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

    /** @return why the URL is refused, or null when it is allowed (its path normalised, see {@link #normalise}) */
    String problem(String url) {
        if (url == null) {
            return "a JDBC URL is required";
        }
        String raw = url;
        url = normalise(url);
        if (url == null) {
            return "a '..' in the URL's path leaves the start of the path";
        }
        if (!raw.startsWith("jdbc:postgresql:") && ENCODED_PATH.matcher(path(raw)).find()) {
            return "an encoded '.', '/' or '\\' is not allowed in the URL's path";
        }
        if (prefixes.stream().noneMatch(url::startsWith)) {
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

    /**
     * Resolves the {@code .} and {@code ..} segments (and empty ones) of the URL's path, as the file system will, so
     * that the prefix check sees where the URL really points: {@code jdbc:h2:file:/srv/data/../../etc/db} is
     * {@code jdbc:h2:file:/etc/db}. The path is what follows {@code //authority} or, without one, the last
     * {@code :} before the first {@code /}; it ends at the first {@code ;} or {@code ?}. A leading {@code ~} or
     * {@code .} stays.
     *
     * @return the URL with its path normalised, or null when a {@code ..} would leave the start of the path
     */
    static String normalise(String url) {
        int start = pathStart(url);
        int end = pathEnd(url);
        if (start < 0 || start >= end) {
            return url;
        }
        String path = url.substring(start, end);
        boolean absolute = path.startsWith("/");
        boolean trailing = path.endsWith("/") && path.length() > 1;
        Deque<String> out = new ArrayDeque<>();
        String root = null;
        String[] segments = path.split("/");
        for (int i = 0; i < segments.length; i++) {
            String seg = segments[i];
            if (i == 0 && !absolute && (seg.equals("~") || seg.equals("."))) {
                root = seg;
            } else if (seg.equals("..")) {
                if (out.isEmpty()) {
                    return null;
                }
                out.removeLast();
            } else if (!seg.isEmpty() && !seg.equals(".")) {
                out.add(seg);
            }
        }
        StringBuilder b = new StringBuilder(absolute ? "/" : "");
        if (root != null) {
            b.append(root).append(out.isEmpty() && !trailing ? "" : "/");
        }
        b.append(String.join("/", out));
        if (trailing && !out.isEmpty()) {
            b.append('/');
        }
        return url.substring(0, start) + b + url.substring(end);
    }

    private static int pathStart(String url) {
        int end = pathEnd(url);
        String head = url.substring(0, end);
        int scheme = head.indexOf("://");
        if (scheme >= 0) {
            return head.indexOf('/', scheme + 3) < 0 ? -1 : head.indexOf('/', scheme + 3);
        }
        int slash = head.indexOf('/');
        return (slash < 0 ? head.lastIndexOf(':') : head.lastIndexOf(':', slash)) + 1;
    }

    private static int pathEnd(String url) {
        int end = url.length();
        for (char c : new char[] {';', '?'}) {
            int i = url.indexOf(c);
            end = i >= 0 ? Math.min(end, i) : end;
        }
        return end;
    }

    private static String path(String url) {
        int start = pathStart(url);
        return start < 0 ? "" : url.substring(start, pathEnd(url));
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
}
