package dev.contractkit.mock;

import dev.contractkit.specs.Api;

import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiConsumer;
import java.util.stream.Stream;

/**
 * Turns {@code Main}'s arguments (and the {@code KIT_HOST} / {@code KIT_<API>_PORT} environment defaults) into
 * {@link MockOptions}. Every mistake is an {@link IllegalArgumentException} whose message the user can act on.
 */
final class CommandLine {
    static final String USAGE = """
            usage: mock [--api <id>[,<id>...]|all] [--spec <file>[,<file>]]... [--port <port>] [--port <id>=<port>]... [--credential <id>=<value>]... [--outcome <id>=<example>]... [--host <address>] [--proxy <id>=<url>]... [--stateful] [--enforce-rate-limits] [--strict]
                   [--allowed-host <name>]... [--control-plane] [--control-token <secret>] [--max-body-bytes <n>] [--help]
              --api       APIs to serve (default: all). Known: %s
              --spec <file>  serve an OpenAPI 3.0/3.1, Swagger 2.0 or AsyncAPI 2.x/3.x document (YAML or JSON, any
                          size, minified or not; an OpenAPI document's relative $refs to other files are followed);
                          repeatable: one listener per --spec, its id made of the file name (v3.0-petstore.yaml
                          is v3-0-petstore, for --credential <id>=..); --spec api.yaml,events.yaml serves an OpenAPI
                          document and its AsyncAPI document together on one port. Without --api, only the --spec
                          documents are served
              --port <port>  first port of the --spec listeners, the next ones on the following ports (default
                          4010; 0 = a free port for each)
              --port <id>=<port>  listen port of one API (default: its own port; 0 = any free port); repeatable
              --host      address to bind (default 127.0.0.1; 0.0.0.0 for every interface)
              --credential <id>=<value>  accept only this credential (API key / bearer token) for that API;
                          any other gets 401 (default: any well-formed credential is accepted)
              --proxy <id>=<url>  validating proxy: forward that API's requests to a real implementation,
                          check requests and responses against the contract, print and record every violation
                          (GET /mockserver/kit/violations); repeatable
              --stateful  keep creates, updates and deletes in memory per API (operations with x-kit-state);
                          PUT /mockserver/kit/reset on an API's port goes back to the contract's examples
              --enforce-rate-limits  refuse requests past the contract's rate limits (x-kit-rate-limits) with its
                          429 and Retry-After (default: the X-RateLimit-* headers count, nothing is refused)
              --outcome <id>=<example>  answer that named example wherever an operation declares it (e.g.
                          --outcome claude=inactive); switch at run time with PUT <url>/mockserver/kit/outcome?example=
              --strict    refuse to start on any problem of a document (an example that breaks its schema, a
                          schema no value satisfies ...), as for the kit's own APIs. Default for --spec documents:
                          start, print how many problems there are and write each one to a report file (its path
                          is printed), answer valid values (a broken example is replaced, X-Kit-Example-Replaced)
              --lenient   start even when the kit's own APIs' examples break their schemas (the problems are
                          printed); --spec documents start anyway
              --allowed-host <name>  a Host header to accept besides loopback names and the bound address (every
                          other Host gets 421, against DNS rebinding); repeatable; '*' accepts any
              --control-plane  serve the control plane (/mockserver/...) on a non-loopback bind too (default: only
                          on loopback); needs --control-token there
              --control-token <secret>  every control-plane request must carry X-Mock-Control-Token: <secret>
              --max-body-bytes <n>  largest request body (default 10485760); a larger one gets 413
            Environment defaults: KIT_HOST, KIT_<API>_PORT (e.g. KIT_FORMS_PORT=9081), KIT_MOCK_CONTROL_TOKEN.

            Per request (header):
              Prefer: code=404            that declared status, with its first example
              Prefer: example=empty       that named example (combine: Prefer: code=409, example=alreadyRedeemed)
            A parameter value the contract ties to an example by name picks it (GET /forms/999 is the 404 example);
            a page past the first of a paged list is its empty-page example.
            Control endpoints, on each API's port (loopback binds; see --control-plane):
              GET  /mockserver/kit/apis         the served APIs, URLs and channels
              PUT  /mockserver/kit/responses    {"operation":"getForm","status":404[,"example":..,"times":1]}
              GET|DELETE /mockserver/kit/responses   the responses set / remove them
              PUT  /mockserver/kit/outcome?example=<name>   switch the API to a named example
              PUT  /mockserver/kit/reset        back to the contract's examples (and the stateful store)
              GET  /mockserver/kit/state        stateful store sizes
              PUT  /mockserver/kit/publish?channel=<address>   send a WebSocket message
              POST /mockserver/kit/webhooks?name=<webhook>&url=<target>   POST a 3.1 webhook's example there
              POST /mockserver/kit/callbacks?operation=<id>[&name=<callback>]   send the operation's callbacks to
                                                the URL its last request named in the callback expression
              GET  /mockserver/kit/violations   validating proxy's report
              MockServer's own: /mockserver/expectation, /verify, /retrieve, /clear, /reset, /dashboard
            """.formatted(Api.knownIds());

    private CommandLine() {
    }

    /**
     * @param args the arguments
     * @param env  the environment
     * @return the options, or empty when help was asked for
     * @throws IllegalArgumentException on any bad option or value
     */
    static Optional<MockOptions> parse(List<String> args, Map<String, String> env) {
        MockOptions.Builder builder = MockOptions.builder();
        String ids = null;
        List<String> specs = new ArrayList<>();
        Integer firstPort = null;
        String host = env.getOrDefault("KIT_HOST", "127.0.0.1");
        String controlToken = env.get("KIT_MOCK_CONTROL_TOKEN");
        Map<String, String> ports = new LinkedHashMap<>();
        Map<String, String> proxies = new LinkedHashMap<>();
        Map<String, String> outcomes = new LinkedHashMap<>();
        List<Map.Entry<String, String>> credentialList = new ArrayList<>();
        BiConsumer<String, String> credentials = (k, v) -> credentialList.add(Map.entry(k, v));
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i);
            switch (arg) {
                case "-h", "--help" -> {
                    return Optional.empty();
                }
                case "--lenient" -> builder.lenient(true);
                case "--strict" -> builder.strict(true);
                case "--stateful" -> builder.stateful(true);
                case "--enforce-rate-limits" -> builder.enforceRateLimits(true);
                case "--proxy" -> {
                    String spec = value(args, ++i, arg);
                    int eq = spec.indexOf('=');
                    if (eq <= 0 || eq == spec.length() - 1) {
                        throw new IllegalArgumentException("--proxy wants <api>=<url>, e.g. --proxy coupons=http://127.0.0.1:9082; got '" + spec + "'");
                    }
                    proxies.put(spec.substring(0, eq).trim(), spec.substring(eq + 1).trim());
                }
                case "--api" -> ids = value(args, ++i, arg);
                case "--spec" -> specs.add(value(args, ++i, arg));
                case "--allowed-host" -> builder.allowedHost(value(args, ++i, arg));
                case "--control-plane" -> builder.controlPlane(true);
                case "--control-token" -> controlToken = value(args, ++i, arg);
                case "--max-body-bytes" -> {
                    String n = value(args, ++i, arg);
                    try {
                        builder.maxBodyBytes(Long.parseLong(n.trim()));
                    } catch (NumberFormatException e) {
                        throw new IllegalArgumentException("--max-body-bytes wants a number of bytes, got '" + n + "'");
                    }
                }
                case "--host" -> host = value(args, ++i, arg);
                case "--credential" -> {
                    String spec = value(args, ++i, arg);
                    int eq = spec.indexOf('=');
                    if (eq <= 0 || eq == spec.length() - 1) {
                        throw new IllegalArgumentException("--credential wants <api>=<value>, e.g. --credential forms=my-key; got '" + spec + "'");
                    }
                    credentials.accept(spec.substring(0, eq).trim(), spec.substring(eq + 1).trim());
                }
                case "--outcome" -> {
                    String spec = value(args, ++i, arg);
                    int eq = spec.indexOf('=');
                    if (eq <= 0 || eq == spec.length() - 1) {
                        throw new IllegalArgumentException("--outcome wants <api>=<example>, e.g. --outcome claude=inactive; got '" + spec + "'");
                    }
                    outcomes.put(spec.substring(0, eq).trim(), spec.substring(eq + 1).trim());
                }
                case "--port" -> {
                    String spec = value(args, ++i, arg);
                    int eq = spec.indexOf('=');
                    if (eq < 0 && spec.trim().matches("\\d+")) {
                        firstPort = port(spec, "--port");
                        continue;
                    }
                    if (eq <= 0) {
                        throw new IllegalArgumentException("--port wants <port> (with --spec) or <api>=<port>, e.g. --port forms=9081; got '" + spec + "'");
                    }
                    ports.put(spec.substring(0, eq).trim(), spec.substring(eq + 1).trim());
                }
                default -> throw new IllegalArgumentException("unknown option '" + arg + "' (try --help)");
            }
        }
        if (firstPort != null && specs.isEmpty()) {
            throw new IllegalArgumentException("--port " + firstPort + " (a port without an API id) goes with --spec;"
                    + " for the kit's APIs use --port <api>=<port>");
        }
        List<Api> own = ids == null && !specs.isEmpty() ? List.of() : Api.parseList(ids);
        List<Api> documents = SpecFiles.apis(specs, own, firstPort == null ? SpecFiles.DEFAULT_PORT : firstPort);
        List<Api> apis = Stream.concat(own.stream(), documents.stream()).toList();
        builder.apis(apis).host(host);
        documents.forEach(api -> builder.port(api, api.defaultPort()));
        if (controlToken != null && !controlToken.isBlank()) {
            try {
                builder.controlToken(controlToken);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("--control-token: " + e.getMessage());
            }
        }
        for (Api api : apis) {
            String variable = "KIT_" + api.id().toUpperCase(Locale.ROOT).replace('-', '_') + "_PORT";
            if (env.containsKey(variable)) {
                builder.port(api, port(env.get(variable), variable));
            }
        }
        ports.forEach((id, port) -> {
            Api api = find(id, apis).orElseThrow(() -> new IllegalArgumentException(
                    "--port " + id + "=" + port + ": unknown API '" + id + "'; known: " + known(apis)));
            if (!apis.contains(api)) {
                throw new IllegalArgumentException("--port " + id + "=" + port + ": " + id + " is not among the served APIs");
            }
            builder.port(api, port(port, "--port " + id));
        });
        proxies.forEach((id, url) -> {
            Api api = find(id, apis).filter(apis::contains).orElseThrow(() -> new IllegalArgumentException(
                    "--proxy " + id + "=...: '" + id + "' is not among the served APIs " + apis.stream().map(Api::id).toList()));
            try {
                builder.proxy(api, URI.create(url));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("--proxy " + id + "=" + url + ": " + e.getMessage().replaceFirst("^Illegal character.*", "not a URL"));
            }
        });
        for (Map.Entry<String, String> c : credentialList) {
            Api api = find(c.getKey(), apis).orElseThrow(() -> new IllegalArgumentException(
                    "--credential " + c.getKey() + "=...: unknown API '" + c.getKey() + "'; known: " + known(apis)));
            builder.credential(api, c.getValue());
        }
        outcomes.forEach((id, example) -> {
            Api api = find(id, apis).orElseThrow(() -> new IllegalArgumentException(
                    "--outcome " + id + "=" + example + ": unknown API '" + id + "'; known: " + known(apis)));
            builder.outcome(api, example);
        });
        return Optional.of(builder.build());
    }

    /** A served API by id (a --spec document's id first), else one of the catalogue. */
    private static Optional<Api> find(String id, List<Api> served) {
        String wanted = id.toLowerCase(Locale.ROOT).trim();
        return served.stream().filter(a -> a.id().equals(wanted)).findFirst().or(() -> Api.byId(wanted));
    }

    private static String known(List<Api> served) {
        LinkedHashSet<String> ids = new LinkedHashSet<>();
        served.forEach(a -> ids.add(a.id()));
        Api.values().forEach(a -> ids.add(a.id()));
        return String.join(", ", ids);
    }

    private static String value(List<String> args, int i, String option) {
        if (i >= args.size() || args.get(i).startsWith("--")) {
            throw new IllegalArgumentException(option + " needs a value (try --help)");
        }
        return args.get(i);
    }

    private static int port(String text, String where) {
        try {
            int port = Integer.parseInt(text.trim());
            if (port >= 0 && port <= 65_535) {
                return port;
            }
        } catch (NumberFormatException ignored) {
            // reported below
        }
        throw new IllegalArgumentException(where + ": '" + text + "' is not a port (0-65535)");
    }
}
