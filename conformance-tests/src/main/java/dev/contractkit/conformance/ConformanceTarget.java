package dev.contractkit.conformance;

import dev.contractkit.conformance.cases.CaseGenerator;
import dev.contractkit.conformance.cases.Documents;
import dev.contractkit.conformance.checks.Check;
import dev.contractkit.specs.Api;
import dev.contractkit.specs.check.ContractDocument;
import okhttp3.Headers;
import okhttp3.HttpUrl;
import okhttp3.Interceptor;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * What to check: the contract(s), the base URL of the implementation, how to authenticate, which checks and
 * which seed. Build one with {@link #builder(Api)} (or {@link #builder(String, ContractDocument)} for a
 * contract outside the catalogue).
 *
 * <pre>{@code
 * ConformanceTarget target = ConformanceTarget.builder(Api.FORMS)
 *         .baseUrl("http://127.0.0.1:8081")
 *         .credential("kit-demo-forms-key")          // formatted by the contract's security scheme
 *         .header("X-Request-Id", "conformance")
 *         .excludeChecks(Set.of(Check.UNSUPPORTED_METHOD))
 *         .seed(42)
 *         .build();
 * }</pre>
 */
public final class ConformanceTarget {
    private final String name;
    private final List<ContractDocument> contracts;
    private final String baseUrl;
    private final Optional<String> credential;
    private final List<Login> users;
    private final Optional<String> clientId;
    private final List<Map.Entry<String, String>> headers;
    private final Set<Check> checks;
    private final long seed;
    private final int count;
    private final Duration timeout;
    private final List<Interceptor> observers;

    private ConformanceTarget(Builder b) {
        this.name = b.name;
        this.contracts = List.copyOf(b.contracts);
        this.baseUrl = b.baseUrl;
        this.credential = Optional.ofNullable(b.credential);
        this.users = List.copyOf(b.users);
        this.clientId = Optional.ofNullable(b.clientId);
        this.headers = List.copyOf(b.headers);
        this.checks = Set.copyOf(b.checks);
        this.seed = b.seed;
        this.count = b.count;
        this.timeout = b.timeout;
        this.observers = List.copyOf(b.observers);
    }

    /**
     * @param api an API of the kit's catalogue; all its OpenAPI contracts are checked
     * @return a builder
     */
    public static Builder builder(Api api) {
        Objects.requireNonNull(api, "api == null");
        return new Builder(api.id(), api.openapi().stream().map(f -> ContractDocument.parse(f, api.read(f))).toList());
    }

    /**
     * A target for OpenAPI documents on disk (what {@code ./kit conform --spec} checks): any OpenAPI 3.0 or 3.1
     * document, with or without the kit's {@code x-kit-*} dialect.
     *
     * @param name  a name for reports (e.g. {@link Api#idOf(java.nio.file.Path)} of the first file)
     * @param files the OpenAPI documents
     * @return a builder
     * @throws IllegalArgumentException when a file cannot be read or is not an OpenAPI 3.x document, naming it
     */
    public static Builder builder(String name, List<Path> files) {
        Objects.requireNonNull(name, "name == null");
        if (files.isEmpty()) {
            throw new IllegalArgumentException("no OpenAPI document given");
        }
        return new Builder(name, files.stream().map(Documents::openapi).toList());
    }

    /**
     * @param name     a name for reports
     * @param contract the contract
     * @return a builder
     */
    public static Builder builder(String name, ContractDocument contract) {
        Objects.requireNonNull(name, "name == null");
        Objects.requireNonNull(contract, "contract == null");
        return new Builder(name, List.of(contract));
    }

    /** @return the name used in reports */
    public String name() {
        return name;
    }

    /** @return the contracts checked */
    public List<ContractDocument> contracts() {
        return contracts;
    }

    /** @return the implementation's base URL */
    public String baseUrl() {
        return baseUrl;
    }

    /** @return the credential, if one was given */
    public Optional<String> credential() {
        return credential;
    }

    /**
     * @return users for an API whose security scheme names a token endpoint ({@code x-kit-token-endpoint}):
     * the suite obtains a bearer token for each (password grant) and tells them apart by the roles in the token
     */
    public List<Login> users() {
        return users;
    }

    /** @return the OAuth client id of the password grant; empty: the one the token endpoint's example shows */
    public Optional<String> clientId() {
        return clientId;
    }

    /**
     * A user name and password for the contract's token endpoint.
     *
     * @param user     the user name
     * @param password the password
     */
    public record Login(String user, String password) {
        public Login {
            Objects.requireNonNull(user, "user == null");
            Objects.requireNonNull(password, "password == null");
        }

        @Override
        public String toString() {
            return user + ":***";
        }
    }

    /** @return headers sent with every request (except the credential header on unauthenticated ones) */
    public List<Map.Entry<String, String>> headers() {
        return headers;
    }

    /** @return the checks that run */
    public Set<Check> checks() {
        return checks;
    }

    /** @return the seed of the generated values */
    public long seed() {
        return seed;
    }

    /** @return how many requests with seeded random values each operation gets (besides examples and boundaries) */
    public int count() {
        return count;
    }

    /** @return the time-out of one request */
    public Duration timeout() {
        return timeout;
    }

    /** @return what sees every exchange of the run (package-private: the kit's tests attach a second validator) */
    List<Interceptor> observers() {
        return observers;
    }

    /** Builds a {@link ConformanceTarget}. */
    public static final class Builder {
        private final String name;
        private final List<ContractDocument> contracts;
        private String baseUrl;
        private String credential;
        private final List<Login> users = new ArrayList<>();
        private String clientId;
        private final List<Map.Entry<String, String>> headers = new ArrayList<>();
        private Set<Check> checks = EnumSet.allOf(Check.class);
        private long seed = 1;
        private int count = CaseGenerator.RANDOM_CASES;
        private Duration timeout = Duration.ofSeconds(10);
        private final List<Interceptor> observers = new ArrayList<>();

        private Builder(String name, List<ContractDocument> contracts) {
            this.name = name;
            this.contracts = contracts;
        }

        /**
         * @param url e.g. {@code http://127.0.0.1:8081}; a path prefix is kept
         * @return this
         * @throws IllegalArgumentException when it is not an http(s) URL
         */
        public Builder baseUrl(String url) {
            Objects.requireNonNull(url, "url == null");
            if (HttpUrl.parse(url) == null) {
                throw new IllegalArgumentException("not an http(s) URL: '" + url + "'");
            }
            this.baseUrl = url;
            return this;
        }

        /**
         * @param credential the API key or token; the contract's security scheme says where it goes
         * @return this
         */
        public Builder credential(String credential) {
            this.credential = Objects.requireNonNull(credential, "credential == null");
            return this;
        }

        /**
         * A user for an API with a token endpoint (e.g. coupons). Give an admin and a user without the admin
         * role: the admin's token is the run's credential, the other's is sent to admin-only operations
         * ({@code forbidden_role}). A {@link #credential(String)} given as well wins as the run's credential.
         *
         * @param user     the user name
         * @param password the password
         * @return this
         */
        public Builder user(String user, String password) {
            users.add(new Login(user, password));
            return this;
        }

        /**
         * @param clientId the OAuth client id of the password grant (default: the token endpoint's example)
         * @return this
         */
        public Builder clientId(String clientId) {
            this.clientId = Objects.requireNonNull(clientId, "clientId == null");
            return this;
        }

        /**
         * @param name  a header name
         * @param value its value
         * @return this
         * @throws IllegalArgumentException when HTTP does not allow the name or value (e.g. non-ASCII)
         */
        public Builder header(String name, String value) {
            Objects.requireNonNull(name, "name == null");
            Objects.requireNonNull(value, "value == null");
            try {
                Headers.of(name, value);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("not a valid HTTP header: " + e.getMessage(), e);
            }
            headers.add(Map.entry(name, value));
            return this;
        }

        /**
         * @param only the checks to run (default: all)
         * @return this
         */
        public Builder checks(Collection<Check> only) {
            Objects.requireNonNull(only, "only == null");
            this.checks = only.isEmpty() ? EnumSet.noneOf(Check.class) : EnumSet.copyOf(only);
            return this;
        }

        /**
         * @param excluded checks not to run
         * @return this
         */
        public Builder excludeChecks(Collection<Check> excluded) {
            Objects.requireNonNull(excluded, "excluded == null");
            Set<Check> left = checks.isEmpty() ? EnumSet.noneOf(Check.class) : EnumSet.copyOf(checks);
            left.removeAll(excluded);
            this.checks = left;
            return this;
        }

        /**
         * @param seed the seed of the generated values (default 1)
         * @return this
         */
        public Builder seed(long seed) {
            this.seed = seed;
            return this;
        }

        /**
         * @param count how many requests with seeded random values each operation gets, besides its examples,
         *              boundaries and negative cases (default 3; 0 for none)
         * @return this
         * @throws IllegalArgumentException when negative
         */
        public Builder count(int count) {
            if (count < 0) {
                throw new IllegalArgumentException("count must be 0 or more, got " + count);
            }
            this.count = count;
            return this;
        }

        /**
         * @param timeout the time-out of one request (default 10 s)
         * @return this
         */
        public Builder timeout(Duration timeout) {
            Objects.requireNonNull(timeout, "timeout == null");
            if (timeout.isNegative() || timeout.isZero()) {
                throw new IllegalArgumentException("timeout must be positive");
            }
            this.timeout = timeout;
            return this;
        }

        /**
         * Not public API: lets the kit's own tests see every request of the run and its response (an independent
         * OpenAPI validator), without the shipped suite depending on anything more.
         *
         * @param observer an OkHttp application interceptor; it must pass the exchange on unchanged
         * @return this
         */
        Builder observe(Interceptor observer) {
            observers.add(Objects.requireNonNull(observer, "observer == null"));
            return this;
        }

        /**
         * @return the target
         * @throws IllegalStateException when the base URL is missing or no check is left
         */
        public ConformanceTarget build() {
            if (baseUrl == null) {
                throw new IllegalStateException("Base URL required.");
            }
            if (checks.isEmpty()) {
                throw new IllegalStateException("No checks left to run.");
            }
            return new ConformanceTarget(this);
        }
    }
}
