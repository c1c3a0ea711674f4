package dev.contractkit.conformance;

import dev.contractkit.conformance.cases.CaseGenerator;
import dev.contractkit.conformance.checks.Check;
import dev.contractkit.specs.Api;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** The command line, parsed; every mistake is a {@link UsageException} with a message that says what to do. */
record Options(boolean help, boolean listChecks, List<ConformanceTarget> targets, Path reportDir) {

    static final String USAGE = """
            Usage: conform --spec FILE [--spec FILE] --base-url URL [options]
                   conform --api <id>|all --base-url URL [options]

              --spec FILE                 an OpenAPI 3.0/3.1 or Swagger 2.0 document (YAML or JSON, minified,
                                          split over files) of the implementation
                                          to check (repeatable: several documents of one implementation); any
                                          document works, the kit's x-kit-* dialect is not needed (checks that
                                          need it say "not checked" and why)
              --api <id>|all              short name of one of the kit's own contracts (known: %s), or all
              --base-url URL              the implementation's base URL; with several APIs use
                                          --base-url <api>=URL (repeatable); with --api all an API without
                                          one is checked at http://127.0.0.1:<its default port>
              --credential VALUE          API key or token, placed as the contract's security scheme says
                                          (apiKey: its header, query parameter or cookie; http bearer; http
                                          basic: give USER:PASSWORD; oauth2 and openIdConnect: a bearer token)
                                          (--credential <api>=VALUE for one API only)
              --user NAME:PASSWORD        a user for an API whose contract names a token endpoint (coupons):
                                          the suite gets a bearer token per user (password grant); give an
                                          admin and a user without the admin role (repeatable;
                                          --user <api>=NAME:PASSWORD for one API; --user NAME --password PW
                                          works too). The admin's token is the credential unless
                                          --credential gives one; the other's is for forbidden_role
              --client-id ID              OAuth client id of the password grant (default: the token
                                          endpoint's example, coupon-web for coupons)
              --header 'Name: value'      a header for every request (repeatable)
              --checks k1,k2              run only these checks (default: all)
              --exclude-checks k1,k2      do not run these checks
              --seed N                    seed of the generated values (default 1; same seed, same requests)
              --count N                   requests with seeded random values per operation (default 3)
              --timeout SECONDS           time-out of one request (default 10)
              --report-dir DIR            where the JUnit XML and HTML reports go (default target/conformance)
              --list-checks               print the check catalogue and exit
              --help                      print this text and exit

            Exit status: 0 every check passed, 1 a violation (or the server could not be reached), 2 usage error.
            """;

    /** A command line the tool cannot run. */
    static final class UsageException extends Exception {
        private static final long serialVersionUID = 1L;

        UsageException(String message) {
            super(message);
        }
    }

    static String usage() {
        return USAGE.formatted(Api.knownIds());
    }

    static Options parse(String[] args) throws UsageException {
        Parser p = new Parser();
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            String name = arg.contains("=") && arg.startsWith("--") ? arg.substring(0, arg.indexOf('=')) : arg;
            String inline = name.equals(arg) ? null : arg.substring(name.length() + 1);
            switch (name) {
                case "--help", "-h" -> p.help = true;
                case "--list-checks" -> p.listChecks = true;
                case "--spec", "--api", "--base-url", "--credential", "--user", "--password", "--client-id", "--header", "--checks", "--exclude-checks", "--seed",
                     "--count", "--timeout", "--report-dir" -> {
                    if (inline == null && (i + 1 >= args.length || args[i + 1].startsWith("--"))) {
                        throw new UsageException(name + " needs a value (a value that starts with -- goes as "
                                + name + "=VALUE)");
                    }
                    p.accept(name, inline != null ? inline : args[++i]);
                }
                default -> throw new UsageException(arg.startsWith("-") ? "unknown option " + arg
                        : "unexpected argument '" + arg + "'");
            }
        }
        return p.build();
    }

    private static final class Parser {
        boolean help;
        boolean listChecks;
        String api;
        final List<String> specs = new ArrayList<>();
        final List<String> baseUrls = new ArrayList<>();
        final List<String> credentials = new ArrayList<>();
        final List<String[]> users = new ArrayList<>();
        String clientId;
        final List<Map.Entry<String, String>> headers = new ArrayList<>();
        Set<Check> checks = EnumSet.allOf(Check.class);
        final Set<Check> excluded = EnumSet.noneOf(Check.class);
        long seed = 1;
        int count = CaseGenerator.RANDOM_CASES;
        Duration timeout = Duration.ofSeconds(10);
        Path reportDir = Path.of("target", "conformance");

        void accept(String name, String value) throws UsageException {
            switch (name) {
                case "--spec" -> specs.add(value);
                case "--api" -> api = value;
                case "--base-url" -> baseUrls.add(value);
                case "--credential" -> credentials.add(value);
                case "--user" -> users.add(new String[] {value, null});
                case "--password" -> {
                    if (users.isEmpty() || users.get(users.size() - 1)[1] != null
                            || users.get(users.size() - 1)[0].contains(":")) {
                        throw new UsageException("--password belongs right after --user NAME");
                    }
                    users.get(users.size() - 1)[1] = value;
                }
                case "--client-id" -> clientId = value;
                case "--header" -> headers.add(header(value));
                case "--checks" -> checks = checks(value);
                case "--exclude-checks" -> excluded.addAll(checks(value));
                case "--seed" -> seed = number(name, value);
                case "--count" -> count = (int) Math.min(1000, nonNegative(name, value));
                case "--timeout" -> timeout = Duration.ofSeconds(positive(name, value));
                default -> reportDir = Path.of(value);
            }
        }

        Options build() throws UsageException {
            if (help || listChecks) {
                return new Options(help, listChecks, List.of(), reportDir);
            }
            Set<Check> chosen = EnumSet.copyOf(checks);
            chosen.removeAll(excluded);
            if (!specs.isEmpty()) {
                return specTarget(chosen);
            }
            if (api == null) {
                throw new UsageException("--spec FILE or --api is required (one of: " + Api.knownIds() + ", or all)");
            }
            List<Api> apis;
            try {
                // "all" means the kit's own APIs; the mock-only AI providers are checked when named (--api providers)
                apis = Api.parseList(api).stream()
                        .filter(a -> !(a.mockOnly() && api.trim().equalsIgnoreCase("all"))).toList();
            } catch (IllegalArgumentException e) {
                throw new UsageException(e.getMessage());
            }
            Set<Check> selected = EnumSet.copyOf(checks);
            selected.removeAll(excluded);
            if (selected.isEmpty()) {
                throw new UsageException("no checks left to run after --checks/--exclude-checks");
            }
            Map<Api, String> urls = perApi("--base-url", baseUrls, apis);
            Map<Api, String> creds = perApi("--credential", credentials, apis);
            boolean all = api.trim().equalsIgnoreCase("all");
            List<ConformanceTarget> targets = new ArrayList<>();
            for (Api a : apis) {
                String url = Optional.ofNullable(urls.get(a)).orElse(all ? "http://127.0.0.1:" + a.defaultPort() : null);
                if (url == null) {
                    throw new UsageException("--base-url is required for " + a.id()
                            + " (e.g. --base-url http://127.0.0.1:" + a.defaultPort() + ")");
                }
                targets.add(target(a, url, Optional.ofNullable(creds.get(a)), users(a, apis), selected));
            }
            return new Options(false, false, targets, reportDir);
        }

        /** {@code --spec FILE...}: one target, the documents on disk. */
        private Options specTarget(Set<Check> selected) throws UsageException {
            if (api != null) {
                throw new UsageException("--spec and --api do not go together: --spec checks documents on disk,"
                        + " --api the kit's own contracts");
            }
            if (selected.isEmpty()) {
                throw new UsageException("no checks left to run after --checks/--exclude-checks");
            }
            if (baseUrls.size() != 1) {
                throw new UsageException(baseUrls.isEmpty()
                        ? "--base-url is required with --spec (the implementation to check, e.g. --base-url http://127.0.0.1:8080)"
                        : "--spec takes one --base-url (one implementation), got " + baseUrls.size());
            }
            if (credentials.size() > 1) {
                throw new UsageException("--spec takes one --credential, got " + credentials.size());
            }
            List<Path> files = new ArrayList<>();
            for (String spec : specs) {
                Path file = Path.of(spec);
                if (!Files.isRegularFile(file)) {
                    throw new UsageException("--spec: no such file " + spec);
                }
                files.add(file.toAbsolutePath().normalize());
            }
            ConformanceTarget.Builder b;
            try {
                b = ConformanceTarget.builder(Api.idOf(files.get(0)), files);
            } catch (IllegalArgumentException e) {
                throw new UsageException("--spec: " + e.getMessage());
            }
            List<ConformanceTarget.Login> logins = new ArrayList<>();
            for (String[] u : users) {
                if (u[1] != null) {
                    logins.add(new ConformanceTarget.Login(u[0], u[1]));
                } else if (u[0].indexOf(':') > 0) {
                    logins.add(new ConformanceTarget.Login(u[0].substring(0, u[0].indexOf(':')), u[0].substring(u[0].indexOf(':') + 1)));
                } else {
                    throw new UsageException("--user wants NAME:PASSWORD (or --user NAME --password PW), got '" + u[0] + "'");
                }
            }
            return new Options(false, false, List.of(configure(b, baseUrls.get(0),
                    credentials.stream().findFirst(), logins, selected)), reportDir);
        }

        /** @return the logins for one API: {@code <api>=NAME:PASSWORD} for that API, {@code NAME:PASSWORD} for all */
        private List<ConformanceTarget.Login> users(Api a, List<Api> apis) throws UsageException {
            List<ConformanceTarget.Login> out = new ArrayList<>();
            for (String[] u : users) {
                String v = u[0];
                int eq = v.indexOf('=');
                Optional<Api> named = eq > 0 ? Api.byId(v.substring(0, eq)) : Optional.empty();
                if (named.isPresent()) {
                    if (!apis.contains(named.get())) {
                        throw new UsageException("--user names " + named.get().id() + ", which --api does not select");
                    }
                    if (named.get() != a) {
                        continue;
                    }
                    v = v.substring(eq + 1);
                }
                if (u[1] != null) {
                    out.add(new ConformanceTarget.Login(v, u[1]));
                    continue;
                }
                int colon = v.indexOf(':');
                if (colon <= 0) {
                    throw new UsageException("--user wants NAME:PASSWORD (or --user NAME --password PW), got '" + v + "'");
                }
                out.add(new ConformanceTarget.Login(v.substring(0, colon), v.substring(colon + 1)));
            }
            return out;
        }

        private ConformanceTarget target(Api a, String url, Optional<String> credential, List<ConformanceTarget.Login> logins,
                              Set<Check> selected) throws UsageException {
            return configure(ConformanceTarget.builder(a), url, credential, logins, selected);
        }

        private ConformanceTarget configure(ConformanceTarget.Builder target, String url, Optional<String> credential,
                                 List<ConformanceTarget.Login> logins, Set<Check> selected) throws UsageException {
            ConformanceTarget.Builder b = target.checks(selected).seed(seed).count(count).timeout(timeout);
            try {
                b.baseUrl(url);
            } catch (IllegalArgumentException e) {
                throw new UsageException("--base-url: " + e.getMessage());
            }
            credential.ifPresent(b::credential);
            logins.forEach(l -> b.user(l.user(), l.password()));
            if (clientId != null) {
                b.clientId(clientId);
            }
            try {
                headers.forEach(h -> b.header(h.getKey(), h.getValue()));
            } catch (IllegalArgumentException e) {
                throw new UsageException("--header: " + e.getMessage());
            }
            return b.build();
        }

        /** Values are {@code <api>=value} for one API or a plain value for every API (only with one API). */
        private static Map<Api, String> perApi(String option, List<String> values, List<Api> apis)
                throws UsageException {
            Map<Api, String> out = new LinkedHashMap<>();
            for (String v : values) {
                int eq = v.indexOf('=');
                Optional<Api> named = eq > 0 ? Api.byId(v.substring(0, eq)) : Optional.empty();
                if (named.isPresent()) {
                    if (!apis.contains(named.get())) {
                        throw new UsageException(option + " names " + named.get().id() + ", which --api does not select");
                    }
                    out.put(named.get(), v.substring(eq + 1));
                } else if (option.equals("--base-url") && apis.size() > 1) {
                    throw new UsageException("--base-url " + v + " is ambiguous with several APIs;"
                            + " use --base-url <api>=URL");
                } else {
                    apis.forEach(a -> out.putIfAbsent(a, v));
                }
            }
            return out;
        }

        private static Map.Entry<String, String> header(String value) throws UsageException {
            int colon = value.indexOf(':');
            if (colon <= 0 || value.substring(0, colon).isBlank()) {
                throw new UsageException("--header wants 'Name: value', got '" + value + "'");
            }
            return Map.entry(value.substring(0, colon).trim(), value.substring(colon + 1).trim());
        }

        private static Set<Check> checks(String value) throws UsageException {
            try {
                return Check.parseList(value);
            } catch (IllegalArgumentException e) {
                throw new UsageException(e.getMessage());
            }
        }

        private static long number(String option, String value) throws UsageException {
            try {
                return Long.parseLong(value.trim());
            } catch (NumberFormatException e) {
                throw new UsageException(option + " wants a whole number, got '" + value + "'");
            }
        }

        private static long nonNegative(String option, String value) throws UsageException {
            long n = number(option, value);
            if (n < 0) {
                throw new UsageException(option + " must be 0 or more, got " + n);
            }
            return n;
        }

        private static long positive(String option, String value) throws UsageException {
            long n = number(option, value);
            if (n <= 0) {
                throw new UsageException(option + " must be positive, got " + n);
            }
            return n;
        }
    }
}
