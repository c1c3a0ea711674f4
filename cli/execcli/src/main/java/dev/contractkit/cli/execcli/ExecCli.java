package dev.contractkit.cli.execcli;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.net.ConnectException;
import java.net.HttpURLConnection;
import java.net.NoRouteToHostException;
import java.net.Proxy;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * {@code execcli}: the adapter client of the execution control plane (cli/execcli/README.md). Uses only the JDK, so it
 * runs as a jar ({@code java -jar execcli.jar health}) or as one source file ({@code java ExecCli.java health}).
 * Every outcome, usage errors included, is exactly one JSON object on standard output:
 * {@code {"ok":true,"data":...}} or {@code {"ok":false,"error":{"message","status_code","body"}}}; {@code help}
 * ({@code -h}, {@code --help}) too: its {@code data} holds the usage text, the commands, the environment and the exit
 * codes. {@code ensure-running} starts no containers ({@link #CONTAINERS}).
 *
 * <p>Every call to the control plane and the runtime sends {@code Authorization: Bearer <kit token>}: from
 * {@code EXEC_TOKEN}, else {@code KIT_TOKEN}, else the file {@code $KIT_DATA_DIR/kit-token} (default
 * {@code ./data/kit-token}; then {@code $EXEC_KIT_HOME/data/kit-token}), the file the server writes on first start.
 *
 * <p>The token never goes over plain HTTP to another machine: an {@code http://} URL whose host is not loopback
 * ({@code 127.0.0.0/8}, {@code ::1}, {@code localhost}; names are not resolved) is refused before anything is sent
 * (exit 2), unless {@code --allow-plain-http} or {@code EXEC_ALLOW_PLAIN_HTTP=1} says the network is trusted.
 *
 * <p>Exit codes: 0 success, 1 I/O or HTTP error (a 401 says where the token comes from), 2 usage error, 3 wait
 * timed out without all tasks terminal, 4 ensure-running: control plane unreachable, 5 ensure-running
 * --with-runtime: runtime unreachable.
 */
public final class ExecCli {
    static final Set<String> TERMINAL = Set.of("success", "failed", "cancelled", "skipped");
    /** The subcommands: name, arguments, what they call (what {@code help} lists). */
    static final String[][] COMMANDS = {
        {"capabilities", "", "GET /adapters/capabilities"},
        {"tools", "", "GET /adapters/tools"},
        {"health", "", "GET /health"},
        {"act", "[-file FILE|-]", "POST /adapters/actions (body from FILE or standard input)"},
        {"translate", "[-file FILE|-]", "POST /adapters/translate (no execution)"},
        {"submit", "[-file FILE|-]", "POST /tasks (a task graph)"},
        {"get", "ID", "GET /tasks/{id}"},
        {"list", "[--status S[,S...]] [--limit N] [--offset N]", "GET /tasks (newest first, one page)"},
        {"wait", "ID... [--timeout SECONDS] [--interval MILLIS]", "GET /tasks/{id}, polled until all are terminal"},
        {"cancel", "ID... [--wait] [--timeout SECONDS] [--interval MILLIS]", "POST /tasks/{id}/cancel"},
        {"delete", "ID...", "DELETE /tasks/{id} (state clean-up only; it does not stop work: use cancel)"},
        {"ensure-running", "[--with-runtime] [--start-timeout SECONDS]",
            "probes /health and {runtime}/readyz; starts the kit from EXEC_KIT_HOME when nothing answers"},
        {"help", "", "this list"},
    };
    static final String USAGE = usage();
    static final String CONTAINERS = "execcli starts no containers: EXEC_COMPOSE_DIR and EXEC_RUNTIME_IMAGE only put the "
            + "command that would start them into ensure-running's manual_hints (the kit ships no compose file or image; "
            + "docs/decisions.md)";
    static final String ENVIRONMENT = "environment: EXEC_URL (http://127.0.0.1:8080), EXEC_RUNTIME_URL (http://127.0.0.1:18080),\n"
            + "  EXEC_KIT_HOME (a Contract Kit checkout ensure-running may start), EXEC_RUNTIME_SOURCE (printed in hints),\n"
            + "  EXEC_COMPOSE_DIR, EXEC_RUNTIME_IMAGE (" + CONTAINERS + "),\n"
            + "  EXEC_TOKEN, else KIT_TOKEN, else the file $KIT_DATA_DIR/kit-token (default ./data/kit-token): the kit token\n"
            + "  sent as Authorization: Bearer on every call; never over plain http:// to a host that is not loopback\n"
            + "  unless --allow-plain-http or EXEC_ALLOW_PLAIN_HTTP=1";

    private static String usage() {
        StringBuilder b = new StringBuilder("usage: execcli [--url URL] [--runtime-url URL] [--http-timeout SECONDS] "
                + "[--allow-plain-http]\n               <command> [options]\n");
        for (String[] c : COMMANDS) {
            String head = c[0] + (c[1].isEmpty() ? "" : " " + c[1]);
            b.append("  ").append(head).append(head.length() < 28 ? " ".repeat(28 - head.length()) : "\n" + " ".repeat(30))
                    .append(c[2]).append('\n');
        }
        return b.append("every command prints one JSON object: {\"ok\":true,\"data\":...} or {\"ok\":false,\"error\":...}")
                .toString();
    }

    /** What {@code help} prints as {@code data}. */
    static Map<String, Object> help() {
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("usage", USAGE);
        List<Object> commands = new ArrayList<>();
        for (String[] c : COMMANDS) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("name", c[0]);
            m.put("arguments", c[1]);
            m.put("description", c[2]);
            commands.add(m);
        }
        data.put("commands", commands);
        data.put("environment", ENVIRONMENT);
        Map<String, Object> exits = new LinkedHashMap<>();
        exits.put("0", "success");
        exits.put("1", "I/O or HTTP error");
        exits.put("2", "usage error");
        exits.put("3", "wait timed out without all tasks terminal");
        exits.put("4", "ensure-running: control plane unreachable");
        exits.put("5", "ensure-running --with-runtime: runtime unreachable");
        data.put("exit_codes", exits);
        return data;
    }
    static final String TOKEN_SOURCES = "execcli sends Authorization: Bearer <kit token> from EXEC_TOKEN, else KIT_TOKEN, "
            + "else the file $KIT_DATA_DIR/kit-token (default ./data/kit-token, then $EXEC_KIT_HOME/data/kit-token), "
            + "which the server writes on its first start";

    private final Map<String, String> env;
    private final InputStream stdin;
    private final PrintStream stdout;

    ExecCli(Map<String, String> env, InputStream stdin, PrintStream stdout) {
        this.env = env;
        this.stdin = stdin;
        this.stdout = stdout;
    }

    /**
     * Runs execcli and exits with its code.
     *
     * @param args the command line
     */
    public static void main(String[] args) {
        PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
        int code = new ExecCli(System.getenv(), System.in, out).run(args);
        out.flush();
        System.exit(code);
    }

    /** A failure with its exit code and the envelope's error fields. */
    static final class Failure extends Exception {
        final int exit;
        final int status;
        final String body;
        final Object data;

        Failure(int exit, String message, int status, String body, Object data) {
            super(message, null, false, false);
            this.exit = exit;
            this.status = status;
            this.body = body == null ? "" : body;
            this.data = data;
        }

        static Failure usage(String message) {
            return new Failure(2, message + "\n" + USAGE, 0, "", null);
        }
    }

    int run(String[] argv) {
        try {
            Object data = dispatch(new Args(argv));
            Map<String, Object> ok = new LinkedHashMap<>();
            ok.put("ok", true);
            ok.put("data", data);
            stdout.println(Json.write(ok));
            return 0;
        } catch (Failure f) {
            Map<String, Object> out = new LinkedHashMap<>();
            out.put("ok", false);
            if (f.data != null) {
                out.put("data", f.data);
            }
            Map<String, Object> error = new LinkedHashMap<>();
            error.put("message", f.getMessage());
            error.put("status_code", f.status);
            error.put("body", f.body);
            out.put("error", error);
            stdout.println(Json.write(out));
            return f.exit;
        } catch (RuntimeException e) {
            Map<String, Object> out = new LinkedHashMap<>();
            out.put("ok", false);
            Map<String, Object> error = new LinkedHashMap<>();
            error.put("message", "unexpected error: " + e);
            error.put("status_code", 0);
            error.put("body", "");
            out.put("error", error);
            stdout.println(Json.write(out));
            return 1;
        }
    }

    private Object dispatch(Args a) throws Failure {
        String url = trimSlash(a.option("--url", envOr("EXEC_URL", "http://127.0.0.1:8080")));
        String runtimeUrl = trimSlash(a.option("--runtime-url", envOr("EXEC_RUNTIME_URL", "http://127.0.0.1:18080")));
        Duration httpTimeout = Duration.ofMillis((long) (a.number("--http-timeout", 30) * 1000));
        if (a.positional.isEmpty()) {
            throw Failure.usage("a command is required");
        }
        String command = a.positional.remove(0);
        boolean plainHttp = a.flag("--allow-plain-http") || List.of("1", "true", "yes").contains(envOr("EXEC_ALLOW_PLAIN_HTTP", "")
                .toLowerCase(Locale.ROOT));
        Http http = new Http(httpTimeout, new Token(env), plainHttp);
        Object result = switch (command) {
            case "capabilities" -> none(a, () -> http.json("GET", url + "/adapters/capabilities", null));
            case "tools" -> none(a, () -> http.json("GET", url + "/adapters/tools", null));
            case "health" -> none(a, () -> http.json("GET", url + "/health", null));
            case "act" -> http.json("POST", url + "/adapters/actions", input(a));
            case "translate" -> http.json("POST", url + "/adapters/translate", input(a));
            case "submit" -> http.json("POST", url + "/tasks", input(a));
            case "wait" -> {
                List<String> ids = ids(a);
                Duration timeout = Duration.ofMillis((long) (a.number("--timeout", 60) * 1000));
                long interval = (long) a.number("--interval", 500);
                a.noneLeft();
                Map<String, Object> wait = waitFor(http, url, ids, timeout, interval);
                if (!Boolean.TRUE.equals(wait.get("all_terminal"))) {
                    throw new Failure(3, "wait timed out after " + timeout.toSeconds() + " s without all tasks terminal",
                            0, "", wait);
                }
                yield wait;
            }
            case "cancel" -> cancel(a, http, url);
            case "ensure-running" -> new Ensure(env, http, url, runtimeUrl).run(a.flag("--with-runtime"),
                    Duration.ofMillis((long) (a.number("--start-timeout", 60) * 1000)), a);
            case "get" -> {
                List<String> ids = ids(a);
                if (ids.size() > 1) {
                    throw Failure.usage("get takes one task id (wait takes several)");
                }
                yield none(a, () -> http.json("GET", url + "/tasks/" + enc(ids.get(0)), null));
            }
            case "list" -> list(a, http, url);
            case "delete" -> delete(a, http, url);
            case "help", "-h", "--help" -> {
                a.noneLeft();
                yield help();
            }
            default -> throw Failure.usage("unknown command '" + command + "'");
        };
        a.noneLeft();
        return result;
    }

    /** A request to the server, sent once the command line is known to hold nothing more. */
    private interface ServerRequest {
        Object get() throws Failure;
    }

    private static Object none(Args a, ServerRequest request) throws Failure {
        a.noneLeft();
        return request.get();
    }

    /**
     * Cancels every id, whatever the earlier ones answered, and reports each one's outcome in {@code data.tasks}:
     * the server's cancel item, or {@code {task_id, ok:false, status?, error}} for an id whose cancel failed (a
     * task that had already ended carries its final {@code status}). Exit 0 when every cancel was accepted, else 1
     * (an HTTP or I/O error of one of them); with {@code --wait}, a task that had already ended is no error (the
     * wait result shows its final state) and a wait that times out is 3, unless an error (1) happened too.
     */
    private Object cancel(Args a, Http http, String url) throws Failure {
        List<String> ids = ids(a);
        boolean wait = a.flag("--wait");
        Duration timeout = Duration.ofMillis((long) (a.number("--timeout", 60) * 1000));
        long interval = (long) a.number("--interval", 500);
        a.noneLeft();
        List<Object> items = new ArrayList<>();
        List<String> waitable = new ArrayList<>();
        List<String> errors = new ArrayList<>();
        Failure first = null;
        for (String id : ids) {
            Failure failure;
            try {
                Object body = http.json("POST", url + "/tasks/" + enc(id) + "/cancel", null);
                Object tasks = body instanceof Map<?, ?> m ? m.get("tasks") : null;
                if (tasks instanceof List<?> list) {
                    items.addAll(list);
                    waitable.add(id);
                    continue;
                }
                failure = new Failure(1, "the cancel response has no tasks array", 200, Json.write(body), null);
            } catch (Failure f) {
                failure = f;
            }
            Map<String, Object> item = new LinkedHashMap<>();
            item.put("task_id", id);
            item.put("ok", false);
            if (failure.status == 409) { // the task had already ended (or is in a state cancel does not apply to)
                String status = statusOf(http, url, id);
                if (status != null) {
                    item.put("status", status);
                }
                if (wait && status != null && TERMINAL.contains(status)) {
                    item.put("ok", true);
                    item.put("note", "already " + status + " before the cancel; nothing to cancel");
                    items.add(item);
                    waitable.add(id);
                    continue;
                }
            }
            Map<String, Object> error = new LinkedHashMap<>();
            error.put("message", failure.getMessage());
            error.put("status_code", failure.status);
            error.put("body", failure.body);
            item.put("error", error);
            items.add(item);
            errors.add(id + ": " + failure.getMessage());
            if (first == null) {
                first = failure;
            }
        }
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("tasks", items);
        boolean timedOut = false;
        if (wait) {
            Map<String, Object> w = waitFor(http, url, waitable, timeout, interval);
            data.put("wait", w);
            data.put("all_terminal", w.get("all_terminal"));
            timedOut = !Boolean.TRUE.equals(w.get("all_terminal"));
        }
        if (first != null) {
            throw new Failure(1, errors.size() + " of " + ids.size() + " cancels failed: " + String.join("; ", errors),
                    first.status, first.body, data);
        }
        if (timedOut) {
            throw new Failure(3, "wait timed out after " + timeout.toSeconds() + " s without all tasks terminal",
                    0, "", data);
        }
        return data;
    }

    /** One page of tasks: {@code GET /tasks} with {@code --status}, {@code --limit}, {@code --offset}. */
    private static Object list(Args a, Http http, String url) throws Failure {
        String status = a.option("--status", null);
        String limit = a.option("--limit", null);
        String offset = a.option("--offset", null);
        a.noneLeft();
        StringBuilder q = new StringBuilder();
        if (status != null) {
            q.append("&status=").append(enc(status.replace(" ", "")));
        }
        for (String[] o : new String[][] {{"limit", limit}, {"offset", offset}}) {
            if (o[1] != null) {
                if (!o[1].matches("[0-9]{1,9}")) {
                    throw Failure.usage("option --" + o[0] + " needs a whole number, was '" + o[1] + "'");
                }
                q.append('&').append(o[0]).append('=').append(o[1]);
            }
        }
        return http.json("GET", url + "/tasks" + (q.isEmpty() ? "" : "?" + q.substring(1)), null);
    }

    /**
     * Deletes every id (state clean-up only), whatever the earlier ones answered: {@code data.deleted} lists the
     * ids that were deleted, {@code data.failed} the others with their error; exit 1 when any failed.
     */
    private static Object delete(Args a, Http http, String url) throws Failure {
        List<String> ids = ids(a);
        a.noneLeft();
        List<Object> deleted = new ArrayList<>();
        List<Object> failed = new ArrayList<>();
        Failure first = null;
        for (String id : ids) {
            String target = url + "/tasks/" + enc(id);
            Http.Response r = http.send("DELETE", target, null);
            if (r.status() == 204 || r.status() == 200) {
                deleted.add(id);
                continue;
            }
            Failure f = new Failure(1, "DELETE " + target + " answered HTTP " + r.status()
                    + (r.status() == 401 ? ": " + http.token().refusal() : ""), r.status(), r.body(), null);
            Map<String, Object> item = new LinkedHashMap<>();
            item.put("task_id", id);
            Map<String, Object> error = new LinkedHashMap<>();
            error.put("message", f.getMessage());
            error.put("status_code", f.status);
            error.put("body", f.body);
            item.put("error", error);
            failed.add(item);
            if (first == null) {
                first = f;
            }
        }
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("deleted", deleted);
        data.put("failed", failed);
        if (first != null) {
            throw new Failure(1, failed.size() + " of " + ids.size() + " deletes failed: " + first.getMessage(),
                    first.status, first.body, data);
        }
        return data;
    }

    /** @return the task's status, or null when it cannot be read */
    private static String statusOf(Http http, String url, String id) {
        try {
            Object t = http.json("GET", url + "/tasks/" + enc(id), null);
            return t instanceof Map<?, ?> m && m.get("status") instanceof String s ? s : null;
        } catch (Failure f) {
            return null;
        }
    }

    /** Polls every task until all are terminal or the deadline passes; the {@code wait} result (see the README). */
    static Map<String, Object> waitFor(Http http, String url, List<String> ids, Duration timeout, long intervalMs)
            throws Failure {
        Instant deadline = Instant.now().plus(timeout);
        while (true) {
            List<Object> tasks = new ArrayList<>();
            boolean all = true;
            for (String id : ids) {
                Object t = http.json("GET", url + "/tasks/" + enc(id), null);
                tasks.add(t);
                Object status = t instanceof Map<?, ?> m ? m.get("status") : null;
                all &= status instanceof String s && TERMINAL.contains(s);
            }
            if (all || !Instant.now().isBefore(deadline)) {
                Map<String, Object> w = new LinkedHashMap<>();
                w.put("tasks", tasks);
                w.put("all_terminal", all);
                w.put("deadline_rfc3339", rfc3339(deadline));
                return w;
            }
            try {
                Thread.sleep(Math.max(1, Math.min(intervalMs, Duration.between(Instant.now(), deadline).toMillis() + 1)));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new Failure(1, "interrupted while waiting", 0, "", null);
            }
        }
    }

    /** @return the instant in RFC 3339, always with seconds (2026-01-01T10:00:00Z, never 2026-01-01T10:00Z) */
    static String rfc3339(Instant t) {
        return DateTimeFormatter.ISO_INSTANT.format(t);
    }

    private static List<String> ids(Args a) throws Failure {
        List<String> ids = new ArrayList<>(a.positional);
        a.positional.clear();
        if (ids.isEmpty()) {
            throw Failure.usage("at least one task id is required");
        }
        return ids;
    }

    /** The request body from {@code -file FILE} (or {@code -}) or standard input; must be JSON. */
    private String input(Args a) throws Failure {
        String file = a.option("-file", a.option("--file", "-"));
        a.noneLeft();
        String text;
        try {
            if (file.equals("-")) {
                text = new String(stdin.readAllBytes(), StandardCharsets.UTF_8);
            } else {
                text = Files.readString(Path.of(file));
            }
        } catch (IOException e) {
            throw new Failure(1, "cannot read " + (file.equals("-") ? "standard input" : file) + ": " + e, 0, "", null);
        }
        if (text.isBlank()) {
            throw Failure.usage("the request JSON is empty (give -file FILE or pipe it to standard input)");
        }
        try {
            Json.parse(text);
        } catch (IllegalArgumentException e) {
            throw Failure.usage("the request is not valid JSON: " + e.getMessage());
        }
        return text;
    }

    private String envOr(String name, String fallback) {
        String v = env.get(name);
        return v == null || v.isBlank() ? fallback : v.trim();
    }

    static String trimSlash(String url) {
        return url.replaceAll("/+$", "");
    }

    static String enc(String id) {
        return URLEncoder.encode(id, StandardCharsets.UTF_8).replace("+", "%20");
    }

    /** The command line: positional words, {@code --name value} options and flags. */
    static final class Args {
        final List<String> positional = new ArrayList<>();
        private final Map<String, String> options = new LinkedHashMap<>();
        private final Set<String> flags = new LinkedHashSet<>();
        private static final Set<String> FLAGS = Set.of("--wait", "--with-runtime", "--allow-plain-http");

        Args(String[] argv) throws Failure {
            for (int i = 0; i < argv.length; i++) {
                String s = argv[i];
                if (FLAGS.contains(s)) {
                    flags.add(s);
                } else if (s.startsWith("-") && !s.equals("-") && s.length() > 1) {
                    String name = s;
                    String value;
                    int eq = s.indexOf('=');
                    if (eq > 0) {
                        name = s.substring(0, eq);
                        value = s.substring(eq + 1);
                    } else if (s.equals("-h") || s.equals("--help")) {
                        positional.add(0, "help");
                        continue;
                    } else if (i + 1 < argv.length) {
                        value = argv[++i];
                    } else {
                        throw Failure.usage("option " + s + " needs a value");
                    }
                    options.put(name, value);
                } else {
                    positional.add(s);
                }
            }
        }

        String option(String name, String fallback) {
            String v = options.remove(name);
            return v == null ? fallback : v;
        }

        double number(String name, double fallback) throws Failure {
            String v = options.remove(name);
            if (v == null) {
                return fallback;
            }
            try {
                double d = Double.parseDouble(v);
                if (d < 0 || Double.isNaN(d) || Double.isInfinite(d)) {
                    throw new NumberFormatException();
                }
                return d;
            } catch (NumberFormatException e) {
                throw Failure.usage("option " + name + " needs a non-negative number, was '" + v + "'");
            }
        }

        boolean flag(String name) {
            return flags.remove(name);
        }

        void noneLeft() throws Failure {
            if (!options.isEmpty()) {
                throw Failure.usage("unknown option " + options.keySet().iterator().next());
            }
            if (!flags.isEmpty()) {
                throw Failure.usage("option " + flags.iterator().next() + " does not apply to this command");
            }
            if (!positional.isEmpty()) {
                throw Failure.usage("unexpected argument '" + positional.get(0) + "'");
            }
        }
    }

    /**
     * HTTP with JSON bodies; a non-2xx answer, a transport error or a body that is not JSON is a Failure (exit 1).
     * On {@link HttpURLConnection}, not {@code java.net.http}: the JDK's newer client loads about 650 classes more
     * (its executor, the flow machinery, an SSL context even for {@code http://}), most of a short run's start-up
     * (docs/performance.md, Tools). Redirects are not followed (as before); the time-out bounds the connect and
     * each read.
     */
    static final class Http {
        private final Duration timeout;
        private final Token token;
        private final boolean allowPlainHttp;

        Http(Duration timeout, Token token, boolean allowPlainHttp) {
            this.timeout = timeout;
            this.token = token;
            this.allowPlainHttp = allowPlainHttp;
        }

        Token token() {
            return token;
        }

        Object json(String method, String url, String body) throws Failure {
            Response r = send(method, url, body);
            if (r.status == 401) {
                throw new Failure(1, method + " " + url + " answered HTTP 401: " + token.refusal(), r.status, r.body, null);
            }
            if (r.status < 200 || r.status > 299) {
                throw new Failure(1, method + " " + url + " answered HTTP " + r.status, r.status, r.body, null);
            }
            try {
                return Json.parse(r.body);
            } catch (IllegalArgumentException e) {
                throw new Failure(1, method + " " + url + " answered invalid JSON: " + e.getMessage(), r.status, r.body, null);
            }
        }

        record Response(int status, String body) {
        }

        Response send(String method, String url, String body) throws Failure {
            HttpURLConnection c = open(url, timeout);
            try {
                c.setRequestMethod(method);
                c.setRequestProperty("Accept", "application/json");
                authorize(c, url);
                if (body != null || !method.equals("GET")) { // a POST without a body still says Content-Length: 0
                    byte[] bytes = body == null ? new byte[0] : body.getBytes(StandardCharsets.UTF_8);
                    if (body != null) {
                        c.setRequestProperty("Content-Type", "application/json");
                    }
                    c.setDoOutput(true);
                    try (var out = c.getOutputStream()) {
                        out.write(bytes);
                    }
                }
                int status = c.getResponseCode();
                InputStream in = status >= 400 ? c.getErrorStream() : c.getInputStream();
                String text = "";
                if (in != null) {
                    try (in) {
                        text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
                    }
                }
                return new Response(status, text);
            } catch (SocketTimeoutException e) {
                throw new Failure(1, method + " " + url + " timed out after " + timeout.toMillis() + " ms", 0, "", null);
            } catch (ConnectException | NoRouteToHostException e) {
                throw new Failure(1, method + " " + url + " failed: cannot connect (connection refused or host unreachable)",
                        0, "", null);
            } catch (IOException e) {
                throw new Failure(1, method + " " + url + " failed: " + (e.getMessage() == null ? e.toString() : e.getMessage()),
                        0, "", null);
            }
        }

        private static HttpURLConnection open(String url, Duration timeout) throws Failure {
            try {
                URI uri = URI.create(url);
                String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
                if (!scheme.equals("http") && !scheme.equals("https") || uri.getHost() == null) {
                    throw new IllegalArgumentException("only http:// and https:// URLs with a host are supported");
                }
                HttpURLConnection c = (HttpURLConnection) uri.toURL().openConnection(Proxy.NO_PROXY);
                int ms = (int) Math.min(Integer.MAX_VALUE, Math.max(1, timeout.toMillis()));
                c.setConnectTimeout(ms);
                c.setReadTimeout(ms);
                c.setInstanceFollowRedirects(false);
                c.setUseCaches(false);
                return c;
            } catch (IllegalArgumentException | IOException e) {
                throw Failure.usage("invalid URL " + url + ": " + e.getMessage());
            }
        }

        private void authorize(HttpURLConnection c, String url) throws Failure {
            String t = token.value();
            if (t == null) {
                return;
            }
            if (!allowPlainHttp && PlainHttp.exposes(url)) {
                throw new Failure(2, "insecure_url: execcli will not send the kit token (from " + token.source()
                        + ") over plain HTTP to " + URI.create(url).getHost() + " (" + url + "), which is not this machine; "
                        + "use an https:// URL or a loopback address (127.0.0.1, [::1], localhost) in EXEC_URL / --url "
                        + "(EXEC_RUNTIME_URL / --runtime-url), or, on a network you trust, set EXEC_ALLOW_PLAIN_HTTP=1 "
                        + "or pass --allow-plain-http (nothing was sent)", 0, "", null);
            }
            for (int i = 0; i < t.length(); i++) { // what an HTTP field value may carry (RFC 9110 5.5)
                char ch = t.charAt(i);
                if (ch != '\t' && (ch < 0x20 || ch == 0x7f || ch > 0xff)) {
                    throw Failure.usage("the kit token from " + token.source() + " has characters an HTTP header cannot carry");
                }
            }
            c.setRequestProperty("Authorization", "Bearer " + t);
        }

        /** @return the status of a GET, or -1 when nothing answered; a token refused to plain HTTP is a Failure */
        int probe(String url, Duration probeTimeout) throws Failure {
            HttpURLConnection c;
            try {
                c = open(url, probeTimeout);
            } catch (Failure f) {
                return -1;
            }
            authorize(c, url);
            try {
                int status = c.getResponseCode();
                InputStream in = status >= 400 ? c.getErrorStream() : c.getInputStream();
                if (in != null) {
                    in.close();
                }
                return status;
            } catch (IOException e) {
                return -1;
            }
        }
    }

    /**
     * Whether a URL would carry the token in clear text off this machine: {@code http://} to a host that is not a
     * loopback literal ({@code 127.0.0.0/8}, {@code ::1}) or {@code localhost}. Names are not resolved (the same
     * rule as quotas' {@code PlainHttp}).
     */
    static final class PlainHttp {
        private PlainHttp() {
        }

        static boolean exposes(String url) {
            URI uri;
            try {
                uri = URI.create(url.trim());
            } catch (IllegalArgumentException e) {
                return false; // not a URL: open() refuses it before anything is sent
            }
            return "http".equalsIgnoreCase(uri.getScheme()) && !loopback(uri.getHost());
        }

        static boolean loopback(String host) {
            if (host == null || host.isEmpty()) {
                return false;
            }
            String h = host.toLowerCase(Locale.ROOT);
            if (h.startsWith("[") && h.endsWith("]")) {
                h = h.substring(1, h.length() - 1);
            }
            if (h.equals("localhost") || h.equals("::1") || h.equals("0:0:0:0:0:0:0:1")) {
                return true;
            }
            String[] parts = h.split("\\.", -1);
            if (parts.length != 4 || !parts[0].equals("127")) {
                return false;
            }
            for (String part : parts) {
                if (!part.matches("[0-9]{1,3}") || Integer.parseInt(part) > 255) {
                    return false;
                }
            }
            return true;
        }
    }

    /**
     * The kit token: {@code EXEC_TOKEN}, else {@code KIT_TOKEN}, else {@code $KIT_DATA_DIR/kit-token} (default
     * {@code ./data/kit-token}, then {@code $EXEC_KIT_HOME/data/kit-token}). Looked up at the first call and again
     * while none is found (ensure-running may start a server that writes the file).
     */
    static final class Token {
        private final Map<String, String> env;
        private String value;
        private String source;

        Token(Map<String, String> env) {
            this.env = env;
        }

        /** @return the token, or null when there is none */
        String value() {
            if (value == null) {
                find();
            }
            return value;
        }

        /** @return where the token came from (never the token itself) */
        String source() {
            value();
            return source;
        }

        private void find() {
            for (String name : List.of("EXEC_TOKEN", "KIT_TOKEN")) {
                String v = env.get(name);
                if (v != null && !v.isBlank()) {
                    value = v.trim();
                    source = name;
                    return;
                }
            }
            for (Path file : files()) {
                try {
                    String v = Files.readString(file, StandardCharsets.UTF_8).trim();
                    if (!v.isEmpty()) {
                        value = v;
                        source = "the file " + file;
                        return;
                    }
                } catch (IOException e) {
                    // not there (or not readable): the next place
                }
            }
            source = "nowhere (no EXEC_TOKEN, no KIT_TOKEN, no readable " + files().stream().map(Path::toString)
                    .collect(Collectors.joining(" or ")) + ")";
        }

        private List<Path> files() {
            String dataDir = env.get("KIT_DATA_DIR");
            if (dataDir != null && !dataDir.isBlank()) {
                return List.of(Path.of(dataDir.trim(), "kit-token"));
            }
            String kit = env.get("EXEC_KIT_HOME");
            return kit == null || kit.isBlank() ? List.of(Path.of("data", "kit-token"))
                    : List.of(Path.of("data", "kit-token"), Path.of(kit.trim(), "data", "kit-token"));
        }

        /** @return what a 401 means here: which token was sent, and where one comes from */
        String refusal() {
            return (value() == null ? "no kit token was sent: found " + source()
                    : "the kit token from " + source() + " was refused (missing or wrong)") + "; " + TOKEN_SOURCES;
        }
    }

    /** {@code ensure-running}: probes, optional starts, the {@code ensure-running} result. */
    static final class Ensure {
        private final Map<String, String> env;
        private final Http http;
        private final String url;
        private final String runtimeUrl;
        private final List<String> hints = new ArrayList<>();

        Ensure(Map<String, String> env, Http http, String url, String runtimeUrl) {
            this.env = env;
            this.http = http;
            this.url = url;
            this.runtimeUrl = runtimeUrl;
        }

        private String env(String name) {
            String v = env.get(name);
            return v == null ? "" : v.trim();
        }

        /**
         * Probes both; starts only what nothing answers for (a server that answers at all, even 401 or 503, holds
         * its port: a second one could not start there). With {@code EXEC_KIT_HOME} the kit is started on the
         * ports of {@code EXEC_URL} and {@code EXEC_RUNTIME_URL}, with the control plane pointed at that runtime URL.
         */
        Object run(boolean withRuntime, Duration startTimeout, Args a) throws Failure {
            a.noneLeft();
            Duration probe = Duration.ofSeconds(2);
            int health = http.probe(url + "/health", probe);
            int ready = http.probe(runtimeUrl + "/readyz", probe);
            String cpStartedBy = health > 0 ? "already-up" : "not-started";
            String rtStartedBy = ready > 0 ? "already-up" : "not-started";
            if (health < 0) {
                boolean alsoRuntime = withRuntime && ready < 0;
                String how = startControlPlane(alsoRuntime);
                if (how != null) {
                    health = awaitStatus(url + "/health", startTimeout);
                    cpStartedBy = health == 200 ? how : how + "-failed";
                    if (alsoRuntime && how.equals("kit")) {
                        ready = awaitStatus(runtimeUrl + "/readyz", startTimeout);
                        rtStartedBy = ready == 200 ? "kit" : "kit-failed";
                    } else if (ready < 0) {
                        ready = http.probe(runtimeUrl + "/readyz", probe);
                        rtStartedBy = ready == 200 ? how : "not-started";
                    }
                }
            } else if (health != 200 && health != 401) {
                hints.add(url + "/health answered HTTP " + health + ": a control plane runs there but is not healthy; "
                        + "no second one is started (the port is taken); see its log");
            }
            if (withRuntime && ready < 0 && rtStartedBy.equals("not-started")) {
                String how = startRuntime();
                if (how != null) {
                    ready = awaitStatus(runtimeUrl + "/readyz", startTimeout);
                    rtStartedBy = ready == 200 ? how : how + "-failed";
                }
            } else if (withRuntime && ready > 0 && ready != 200 && ready != 401) {
                hints.add(runtimeUrl + "/readyz answered HTTP " + ready + ": the runtime service runs there but is "
                        + (ready == 503 ? "busy or not ready (every process slot and queue place taken, or shutting down)" : "not ready")
                        + "; no second one is started (the port is taken); try again when it is ready");
            }
            if (health == 401 || withRuntime && ready == 401) {
                hints.add((health == 401 ? url + "/health" : runtimeUrl + "/readyz") + " answered 401: "
                        + http.token().refusal());
            }
            if (health < 0) {
                hints.add("start the control plane: ./kit serve --api exec,runtime (in a Contract Kit checkout; "
                        + "set EXEC_KIT_HOME to it and ensure-running starts it), then check " + url + "/health");
                String compose = env("EXEC_COMPOSE_DIR");
                if (!compose.isEmpty()) {
                    hints.add("EXEC_COMPOSE_DIR is set, but execcli starts no containers: start them yourself with "
                            + "docker compose --project-directory " + compose + " up -d (or podman compose), then check "
                            + url + "/health");
                }
            }
            if (withRuntime && ready < 0) {
                String image = env("EXEC_RUNTIME_IMAGE");
                if (!image.isEmpty()) {
                    hints.add("EXEC_RUNTIME_IMAGE is set, but execcli starts no containers: start it yourself with "
                            + "docker run -d -p 127.0.0.1:" + port(URI.create(runtimeUrl)) + ":18080 " + image
                            + " (or podman run), then check " + runtimeUrl + "/readyz");
                }
                String source = env("EXEC_RUNTIME_SOURCE");
                hints.add(source.isEmpty()
                        ? "start the runtime service (./kit serve --api runtime), or set EXEC_RUNTIME_SOURCE to its source root"
                        : "start the runtime service from its source root " + source + " (e.g. cd " + source
                        + " && ./kit serve --api runtime), then check " + runtimeUrl + "/readyz");
                hints.add("the control plane must use the same runtime URL (KIT_EXEC_RUNTIME_URL / EXEC_RUNTIME_URL = " + runtimeUrl + ")");
            }
            String cpRuntimeUrl = health == 200 ? controlPlaneRuntimeUrl() : null;
            boolean mismatch = cpRuntimeUrl != null && !sameUrl(cpRuntimeUrl, runtimeUrl);
            if (mismatch) {
                hints.add("the control plane sends runtime.* tasks to " + cpRuntimeUrl + ", not to " + runtimeUrl
                        + " (EXEC_RUNTIME_URL / --runtime-url): set EXEC_RUNTIME_URL=" + cpRuntimeUrl
                        + ", or restart the control plane with KIT_EXEC_RUNTIME_URL=" + runtimeUrl);
            }
            Map<String, Object> cp = new LinkedHashMap<>();
            cp.put("url", url);
            cp.put("reachable", health > 0);
            cp.put("started_by", cpStartedBy);
            cp.put("health_status_code", Math.max(health, 0));
            if (cpRuntimeUrl != null) {
                cp.put("runtime_url", cpRuntimeUrl);
            }
            Map<String, Object> rt = new LinkedHashMap<>();
            rt.put("url", runtimeUrl);
            rt.put("reachable", ready > 0);
            rt.put("started_by", rtStartedBy);
            rt.put("ready_status_code", Math.max(ready, 0));
            if (cpRuntimeUrl != null) {
                rt.put("matches_control_plane", !mismatch);
            }
            Map<String, Object> result = new LinkedHashMap<>();
            result.put("control_plane", cp);
            result.put("runtime", rt);
            result.put("manual_hints", hints);
            if (health != 200) {
                throw new Failure(4, "the control plane at " + url + (health == 401 ? " refused the kit token ("
                        + http.token().source() + ")" : health > 0 ? " answers HTTP " + health + " on /health (it runs "
                        + "but is not healthy; not started again)" : " is not reachable"), Math.max(health, 0), "", result);
            }
            if (withRuntime && ready != 200) {
                throw new Failure(5, "the runtime service at " + runtimeUrl + (ready == 401 ? " refused the kit token ("
                        + http.token().source() + ")" : ready > 0 ? " answers HTTP " + ready + " on /readyz (it runs but "
                        + "is busy or not ready; not started again)" : " is not ready"), Math.max(ready, 0), "", result);
            }
            if (withRuntime && mismatch) {
                throw new Failure(5, "the runtime service at " + runtimeUrl + " is ready, but the control plane uses "
                        + cpRuntimeUrl + " for runtime.* tasks", 0, "", result);
            }
            return result;
        }

        /** @return the runtime URL the control plane reports on {@code /health} (to a caller with the token), or null */
        private String controlPlaneRuntimeUrl() {
            try {
                Object h = http.json("GET", url + "/health", null);
                return h instanceof Map<?, ?> m && m.get("runtime_url") instanceof String s && !s.isBlank() ? trimSlash(s) : null;
            } catch (Failure f) {
                return null;
            }
        }

        /** @return true when both name the same scheme, host and port ({@code localhost} = 127.0.0.1) */
        static boolean sameUrl(String x, String y) {
            try {
                URI a = URI.create(trimSlash(x));
                URI b = URI.create(trimSlash(y));
                return String.valueOf(a.getScheme()).equalsIgnoreCase(String.valueOf(b.getScheme()))
                        && host(a).equals(host(b)) && port(a) == port(b)
                        && String.valueOf(a.getPath()).equals(String.valueOf(b.getPath()));
            } catch (IllegalArgumentException e) {
                return x.equals(y);
            }
        }

        private static String host(URI u) {
            String h = String.valueOf(u.getHost()).toLowerCase(Locale.ROOT);
            return h.equals("localhost") ? "127.0.0.1" : h;
        }

        static int port(URI u) {
            return u.getPort() >= 0 ? u.getPort() : "https".equalsIgnoreCase(u.getScheme()) ? 443 : 80;
        }

        private int awaitStatus(String probeUrl, Duration timeout) throws Failure {
            Instant until = Instant.now().plus(timeout);
            int status = http.probe(probeUrl, Duration.ofSeconds(2));
            while (status != 200 && status != 401 && Instant.now().isBefore(until)) {
                try {
                    Thread.sleep(250);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return status;
                }
                status = http.probe(probeUrl, Duration.ofSeconds(2));
            }
            return status;
        }

        /** @return how it was started, or null when nothing could be started */
        private String startControlPlane(boolean withRuntime) {
            if (kit(withRuntime ? "exec,runtime" : "exec")) {
                return "kit";
            }
            return null;
        }

        /**
         * Starts {@code EXEC_KIT_HOME/kit serve --api APIS} in the background on the ports of the URLs execcli probes:
         * {@code KIT_EXEC_PORT} from {@code EXEC_URL}, {@code KIT_RUNTIME_PORT} from {@code EXEC_RUNTIME_URL}, and the
         * control plane's runtime URL set to {@code EXEC_RUNTIME_URL}.
         *
         * @return true when it was started (not yet answering)
         */
        private boolean kit(String apis) {
            String kit = env("EXEC_KIT_HOME");
            if (kit.isEmpty() || !Files.isExecutable(Path.of(kit, "kit"))) {
                return false;
            }
            try {
                Path log = Files.createTempFile("execcli-kit-serve", ".log");
                ProcessBuilder pb = new ProcessBuilder(Path.of(kit, "kit").toString(), "serve", "--api", apis)
                        .directory(new File(kit)).redirectErrorStream(true)
                        .redirectOutput(log.toFile()).redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
                pb.environment().put("KIT_EXEC_PORT", String.valueOf(port(URI.create(url))));
                pb.environment().put("KIT_RUNTIME_PORT", String.valueOf(port(URI.create(runtimeUrl))));
                pb.environment().put("KIT_EXEC_RUNTIME_URL", runtimeUrl);
                pb.start();
                hints.add("the kit (" + apis + ") was started in the background on the ports of " + url
                        + (apis.contains("runtime") ? " and " + runtimeUrl : "") + "; its log: " + log);
                return true;
            } catch (IOException | IllegalArgumentException e) {
                hints.add("could not start " + kit + "/kit serve: " + e.getMessage());
                return false;
            }
        }

        private String startRuntime() {
            return kit("runtime") ? "kit" : null;
        }
    }

    /** A small JSON reader and writer: objects keep their order; numbers keep their text. */
    static final class Json {
        private final String s;
        private int i;

        private Json(String s) {
            this.s = s;
        }

        /** A JSON number, kept as written. */
        record Num(String text) {
        }

        static Object parse(String text) {
            Json p = new Json(text);
            p.ws();
            Object v = p.value();
            p.ws();
            if (p.i != text.length()) {
                throw p.error("unexpected text after the JSON value");
            }
            return v;
        }

        private IllegalArgumentException error(String message) {
            return new IllegalArgumentException(message + " at offset " + i);
        }

        private void ws() {
            while (i < s.length() && Character.isWhitespace(s.charAt(i))) {
                i++;
            }
        }

        private Object value() {
            if (i >= s.length()) {
                throw error("unexpected end of input");
            }
            char c = s.charAt(i);
            switch (c) {
                case '{': return object();
                case '[': return array();
                case '"': return string();
                case 't': return literal("true", Boolean.TRUE);
                case 'f': return literal("false", Boolean.FALSE);
                case 'n': return literal("null", null);
                default:
                    if (c == '-' || Character.isDigit(c)) {
                        return number();
                    }
                    throw error("unexpected character '" + c + "'");
            }
        }

        private Object literal(String word, Object v) {
            if (!s.startsWith(word, i)) {
                throw error("expected " + word);
            }
            i += word.length();
            return v;
        }

        private Object number() {
            int start = i;
            if (s.charAt(i) == '-') {
                i++;
            }
            while (i < s.length() && "0123456789.eE+-".indexOf(s.charAt(i)) >= 0) {
                i++;
            }
            String t = s.substring(start, i);
            if (!t.matches("-?(0|[1-9]\\d*)(\\.\\d+)?([eE][+-]?\\d+)?")) {
                throw error("invalid number " + t);
            }
            return new Num(t);
        }

        private Map<String, Object> object() {
            Map<String, Object> m = new LinkedHashMap<>();
            i++;
            ws();
            if (i < s.length() && s.charAt(i) == '}') {
                i++;
                return m;
            }
            while (true) {
                ws();
                if (i >= s.length() || s.charAt(i) != '"') {
                    throw error("expected a field name");
                }
                String k = string();
                ws();
                expect(':');
                ws();
                m.put(k, value());
                ws();
                if (i < s.length() && s.charAt(i) == ',') {
                    i++;
                    continue;
                }
                expect('}');
                return m;
            }
        }

        private List<Object> array() {
            List<Object> l = new ArrayList<>();
            i++;
            ws();
            if (i < s.length() && s.charAt(i) == ']') {
                i++;
                return l;
            }
            while (true) {
                ws();
                l.add(value());
                ws();
                if (i < s.length() && s.charAt(i) == ',') {
                    i++;
                    continue;
                }
                expect(']');
                return l;
            }
        }

        private void expect(char c) {
            if (i >= s.length() || s.charAt(i) != c) {
                throw error("expected '" + c + "'");
            }
            i++;
        }

        private String string() {
            i++;
            StringBuilder b = new StringBuilder();
            while (true) {
                if (i >= s.length()) {
                    throw error("unterminated string");
                }
                char c = s.charAt(i++);
                if (c == '"') {
                    return b.toString();
                }
                if (c < 0x20) {
                    throw error("control character in string");
                }
                if (c != '\\') {
                    b.append(c);
                    continue;
                }
                if (i >= s.length()) {
                    throw error("unterminated escape");
                }
                char e = s.charAt(i++);
                switch (e) {
                    case '"': b.append('"'); break;
                    case '\\': b.append('\\'); break;
                    case '/': b.append('/'); break;
                    case 'b': b.append('\b'); break;
                    case 'f': b.append('\f'); break;
                    case 'n': b.append('\n'); break;
                    case 'r': b.append('\r'); break;
                    case 't': b.append('\t'); break;
                    case 'u':
                        if (i + 4 > s.length()) {
                            throw error("short \\u escape");
                        }
                        try {
                            b.append((char) Integer.parseInt(s.substring(i, i + 4), 16));
                        } catch (NumberFormatException x) {
                            throw error("invalid \\u escape");
                        }
                        i += 4;
                        break;
                    default:
                        throw error("invalid escape \\" + e);
                }
            }
        }

        static String write(Object v) {
            StringBuilder b = new StringBuilder();
            write(v, b);
            return b.toString();
        }

        private static void write(Object v, StringBuilder b) {
            if (v == null) {
                b.append("null");
            } else if (v instanceof Boolean) {
                b.append(v);
            } else if (v instanceof Num n) {
                b.append(n.text());
            } else if (v instanceof Number) {
                b.append(v);
            } else if (v instanceof Map<?, ?> m) {
                b.append('{');
                boolean first = true;
                for (Map.Entry<?, ?> e : m.entrySet()) {
                    if (!first) {
                        b.append(',');
                    }
                    first = false;
                    quote(String.valueOf(e.getKey()), b);
                    b.append(':');
                    write(e.getValue(), b);
                }
                b.append('}');
            } else if (v instanceof List<?> l) {
                b.append('[');
                for (int k = 0; k < l.size(); k++) {
                    if (k > 0) {
                        b.append(',');
                    }
                    write(l.get(k), b);
                }
                b.append(']');
            } else {
                quote(String.valueOf(v), b);
            }
        }

        private static void quote(String t, StringBuilder b) {
            b.append('"');
            for (int k = 0; k < t.length(); k++) {
                char c = t.charAt(k);
                switch (c) {
                    case '"': b.append("\\\""); break;
                    case '\\': b.append("\\\\"); break;
                    case '\n': b.append("\\n"); break;
                    case '\r': b.append("\\r"); break;
                    case '\t': b.append("\\t"); break;
                    default:
                        if (c < 0x20) {
                            b.append(String.format("\\u%04x", (int) c));
                        } else {
                            b.append(c);
                        }
                }
            }
            b.append('"');
        }
    }
}
