package dev.contractkit.mock;

import dev.contractkit.specs.Api;
import dev.contractkit.specs.check.ContractDocument;

import dev.contractkit.mock.netty.ListenerGuard;
import java.net.URI;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * What {@link MockServers#start(MockOptions)} serves: which APIs, on which ports and address, and whether a
 * document's own problems (an example that breaks its schema, a schema no value satisfies) stop the start: by
 * default they do for the kit's own APIs (catalogue contracts, and documents given through
 * {@link Builder#contracts} for them) and do not for documents read from disk ({@code --spec}), which are served
 * with their problems listed ({@link MockServers#problems(Api)}); {@link Builder#strict(boolean)} decides for all.
 *
 * <pre>{@code
 * MockOptions options = MockOptions.builder()
 *         .apis(Api.FORMS)
 *         .port(Api.FORMS, 0)          // 0 = any free port; default: the API's default port (8081)
 *         .build();                    // host 127.0.0.1; the kit's APIs strict, documents from disk not
 * }</pre>
 */
public final class MockOptions {
    /** The default request-body limit of a listener: 10 MiB. */
    public static final long DEFAULT_MAX_BODY_BYTES = 10L << 20;
    private final List<Api> apis;
    private final Map<Api, Integer> ports;
    private final String host;
    private final Boolean strict;
    private final boolean stateful;
    private final boolean enforceRateLimits;
    private final Map<Api, URI> proxies;
    private final Map<Api, List<ContractDocument>> contracts;
    private final Map<Api, Set<String>> credentials;
    private final Map<Api, List<ContractDocument>> asyncapi;
    private final Map<Api, String> outcomes;
    private final List<String> allowedHosts;
    private final Boolean controlPlane;
    private final String controlToken;
    private final long maxBodyBytes;

    private MockOptions(Builder b) {
        this.allowedHosts = List.copyOf(b.allowedHosts);
        this.controlPlane = b.controlPlane;
        this.controlToken = b.controlToken;
        this.maxBodyBytes = b.maxBodyBytes;
        this.outcomes = Map.copyOf(b.outcomes);
        this.asyncapi = Map.copyOf(b.asyncapi);
        this.apis = List.copyOf(b.apis);
        this.ports = Map.copyOf(b.ports);
        this.host = b.host;
        this.strict = b.strict;
        this.stateful = b.stateful;
        this.enforceRateLimits = b.enforceRateLimits;
        this.proxies = Map.copyOf(b.proxies);
        this.credentials = Map.copyOf(b.credentials);
        this.contracts = Map.copyOf(b.contracts);
    }

    /** @return every API of the catalogue on its default port, 127.0.0.1, strict */
    public static MockOptions defaults() {
        return builder().build();
    }

    /** @return a builder starting from {@link #defaults()} */
    public static Builder builder() {
        return new Builder();
    }

    /** @return the APIs to serve, in catalogue order */
    public List<Api> apis() {
        return apis;
    }

    /**
     * @param api an API
     * @return the port to listen on: the one set, else the API's default port; 0 means any free port
     */
    public int port(Api api) {
        return ports.getOrDefault(api, api.defaultPort());
    }

    /** @return the address every listener binds */
    public String host() {
        return host;
    }

    /** @return true when creates, updates and deletes are kept in memory (operations with {@code x-kit-state}) */
    public boolean stateful() {
        return stateful;
    }

    /** @return true when a request past its rate limit ({@code x-kit-rate-limits}) gets the contract's 429 */
    public boolean enforceRateLimits() {
        return enforceRateLimits;
    }

    /**
     * @param api an API
     * @return the real implementation it forwards to, when it runs as a validating proxy
     */
    public Optional<URI> proxy(Api api) {
        return Optional.ofNullable(proxies.get(api));
    }

    /** @return true when every API's problems are reported instead of stopping the start ({@code lenient(true)}) */
    public boolean lenient() {
        return Boolean.FALSE.equals(strict);
    }

    /**
     * @param api an API
     * @return true when the document's own problems stop the start: as {@link Builder#strict(boolean)} set it, else
     * for the kit's own APIs only (a document read from disk is served with its problems listed)
     */
    public boolean strict(Api api) {
        return strict != null ? strict : api.inCatalogue();
    }

    /** @return true when {@link Builder#strict(boolean)} or {@link Builder#lenient(boolean)} decided for every API */
    public boolean strictnessSet() {
        return strict != null;
    }

    /**
     * @param api an API
     * @return the example the API's listener starts switched to, if any
     */
    public Optional<String> outcome(Api api) {
        return Optional.ofNullable(outcomes.get(api));
    }

    /**
     * @param api an API
     * @return the credentials its mock accepts; empty = any well-formed credential
     */
    public Set<String> credentials(Api api) {
        return credentials.getOrDefault(api, Set.of());
    }

    /**
     * @param api an API
     * @return the documents to serve instead of the API's shipped contracts, if some were set
     */
    public Optional<List<ContractDocument>> contracts(Api api) {
        return Optional.ofNullable(contracts.get(api));
    }

    /**
     * @param api an API
     * @return the AsyncAPI documents to serve instead of the API's shipped ones, if some were set
     */
    public Optional<List<ContractDocument>> asyncapi(Api api) {
        return Optional.ofNullable(asyncapi.get(api));
    }

    /** @return host names requests may carry in {@code Host} besides loopback and the bound address; {@code *} = any */
    public List<String> allowedHosts() {
        return allowedHosts;
    }

    /**
     * @return true when the control plane ({@code /mockserver/...}) answers: as set, else only on a loopback bind
     */
    public boolean controlPlaneEnabled() {
        return controlPlane != null ? controlPlane : ListenerGuard.loopback(host);
    }

    /** @return the secret a control-plane request must carry in {@code X-Mock-Control-Token}, if one is set */
    public Optional<String> controlToken() {
        return Optional.ofNullable(controlToken);
    }

    /** @return the largest request body a listener takes (larger: 413) */
    public long maxBodyBytes() {
        return maxBodyBytes;
    }

    /** Builds {@link MockOptions}. */
    public static final class Builder {
        private List<Api> apis = Api.values();
        private final Map<Api, Integer> ports = new LinkedHashMap<>();
        private String host = "127.0.0.1";
        private Boolean strict;
        private boolean stateful;
        private boolean enforceRateLimits;
        private final Map<Api, URI> proxies = new LinkedHashMap<>();
        private final Map<Api, List<ContractDocument>> contracts = new LinkedHashMap<>();
        private final Map<Api, Set<String>> credentials = new LinkedHashMap<>();
        private final Map<Api, List<ContractDocument>> asyncapi = new LinkedHashMap<>();
        private final Map<Api, String> outcomes = new LinkedHashMap<>();
        private final List<String> allowedHosts = new ArrayList<>();
        private Boolean controlPlane;
        private String controlToken;
        private long maxBodyBytes = DEFAULT_MAX_BODY_BYTES;

        private Builder() {
        }

        /**
         * @param host a name clients may use in {@code Host} (e.g. the machine's DNS name when bound to
         *             {@code 0.0.0.0}); {@code *} accepts any, which gives up the DNS-rebinding defence
         * @return this
         */
        public Builder allowedHost(String host) {
            Objects.requireNonNull(host, "host == null");
            if (host.isBlank() || host.contains("/")) {
                throw new IllegalArgumentException("allowed host must be a host name or address, got '" + host + "'");
            }
            allowedHosts.add(host.trim());
            return this;
        }

        /**
         * @param enabled true to serve the control plane ({@code /mockserver/...}) even on a non-loopback bind (then a
         *                {@link #controlToken(String)} is required); false to turn it off everywhere
         * @return this
         */
        public Builder controlPlane(boolean enabled) {
            this.controlPlane = enabled;
            return this;
        }

        /**
         * @param token a secret every control-plane request must carry in {@code X-Mock-Control-Token}
         * @return this
         */
        public Builder controlToken(String token) {
            Objects.requireNonNull(token, "token == null");
            if (token.length() < 16) {
                throw new IllegalArgumentException("the control token must have at least 16 characters");
            }
            this.controlToken = token;
            return this;
        }

        /**
         * @param bytes the largest request body a listener takes (default 10 MiB); a larger one is refused with 413
         * @return this
         */
        public Builder maxBodyBytes(long bytes) {
            if (bytes < 1 || bytes > Integer.MAX_VALUE) {
                throw new IllegalArgumentException("max body bytes must be 1-" + Integer.MAX_VALUE + ", got " + bytes);
            }
            this.maxBodyBytes = bytes;
            return this;
        }

        /**
         * @param apis the APIs to serve (default: all)
         * @return this
         */
        public Builder apis(List<Api> apis) {
            Objects.requireNonNull(apis, "apis == null");
            if (apis.isEmpty()) {
                throw new IllegalArgumentException("No API selected.");
            }
            // catalogue order for the kit's APIs (Api is no enum any more: no natural order), then documents from
            // disk in the order given
            List<Api> catalogue = Api.values();
            this.apis = List.copyOf(apis.stream().distinct().sorted(Comparator.comparingInt(a -> {
                int at = catalogue.indexOf(a);
                return at < 0 ? Integer.MAX_VALUE : at;
            })).toList());
            return this;
        }

        /**
         * @param apis the APIs to serve (default: all)
         * @return this
         */
        public Builder apis(Api... apis) {
            return apis(List.of(apis));
        }

        /**
         * @param api  an API
         * @param port its port, 0 for any free port
         * @return this
         */
        public Builder port(Api api, int port) {
            Objects.requireNonNull(api, "api == null");
            if (port < 0 || port > 65_535) {
                throw new IllegalArgumentException("port must be 0-65535, got " + port);
            }
            ports.put(api, port);
            return this;
        }

        /**
         * @param host the address to bind (default {@code 127.0.0.1}; {@code 0.0.0.0} for every interface)
         * @return this
         */
        public Builder host(String host) {
            Objects.requireNonNull(host, "host == null");
            if (host.isBlank()) {
                throw new IllegalArgumentException("host is blank");
            }
            this.host = host.trim();
            return this;
        }

        /**
         * Accept only these credentials for an API (the value inside the scheme's format, e.g. the API key
         * or the bearer token); any other is refused with 401, like a real server would.
         *
         * @param api        the API
         * @param credential an accepted credential (call again for more)
         * @return this builder
         */
        public Builder credential(Api api, String credential) {
            credentials.computeIfAbsent(api, a -> new LinkedHashSet<>()).add(credential);
            return this;
        }

        /**
         * Makes the API a validating proxy: requests are checked against the contract, forwarded to the
         * implementation at this URL, and its responses checked; violations are printed and recorded.
         *
         * @param api    an API
         * @param target base URL of the real implementation, e.g. {@code http://127.0.0.1:9082}
         * @return this
         */
        public Builder proxy(Api api, URI target) {
            if (target.getScheme() == null || !target.getScheme().matches("https?") || target.getHost() == null) {
                throw new IllegalArgumentException("proxy target of " + api.id() + " must be an http(s) URL, got '" + target + "'");
            }
            proxies.put(api, target);
            return this;
        }

        /**
         * @param stateful true to keep creates, updates and deletes in memory per API, as the operations'
         *                 {@code x-kit-state} say; {@link MockServers#reset()} goes back to the contract's examples
         * @return this
         */
        public Builder stateful(boolean stateful) {
            this.stateful = stateful;
            return this;
        }

        /**
         * @param enforce true to refuse a request past its operation's rate limit (the contract's
         *                {@code x-kit-rate-limits}, counted per caller in fixed windows) with the contract's 429 and
         *                {@code Retry-After}, as a real server would; false (the default) only reports the count
         * @return this
         */
        public Builder enforceRateLimits(boolean enforce) {
            this.enforceRateLimits = enforce;
            return this;
        }

        /**
         * @param lenient true to start even when the kit's own APIs' examples break their schemas (see
         *                {@link MockServers#warnings()}): the same as {@code strict(false)}; false goes back to the
         *                default (strict for the kit's APIs, not for documents read from disk)
         * @return this
         */
        public Builder lenient(boolean lenient) {
            this.strict = lenient ? Boolean.FALSE : null;
            return this;
        }

        /**
         * @param strict true: any document's problem (an example that breaks its schema, a schema no value
         *               satisfies, a dangling {@code $ref} ...) stops the start with a {@link BrokenContractException},
         *               as for a team that owns the document ({@code --strict}); false: every API starts and lists its
         *               problems. Unset: strict for the kit's own APIs, not for documents read from disk
         * @return this
         */
        public Builder strict(boolean strict) {
            this.strict = strict;
            return this;
        }

        /**
         * Serves these documents for the API instead of its shipped contracts (a contract under development,
         * a test fixture).
         *
         * @param api       the API whose listener serves them
         * @param documents one or more OpenAPI documents
         * @return this
         */
        public Builder contracts(Api api, List<ContractDocument> documents) {
            Objects.requireNonNull(api, "api == null");
            Objects.requireNonNull(documents, "documents == null");
            if (documents.isEmpty()) {
                throw new IllegalArgumentException("no documents for " + api.id());
            }
            contracts.put(api, List.copyOf(documents));
            return this;
        }

        /**
         * Serves these AsyncAPI documents' channels for the API instead of its shipped ones.
         *
         * @param api       the API whose listener serves them
         * @param documents AsyncAPI 3 documents (may be empty: no channel)
         * @return this
         */
        public Builder asyncapi(Api api, List<ContractDocument> documents) {
            Objects.requireNonNull(api, "api == null");
            asyncapi.put(api, List.copyOf(Objects.requireNonNull(documents, "documents == null")));
            return this;
        }

        /**
         * Starts the API switched to this example (like {@code PUT /mockserver/kit/outcome?example=...}).
         *
         * @param api     the API
         * @param example an example name some operation of the API declares (checked at start)
         * @return this
         */
        public Builder outcome(Api api, String example) {
            outcomes.put(Objects.requireNonNull(api, "api == null"), Objects.requireNonNull(example, "example == null"));
            return this;
        }

        /**
         * @return the options
         * @throws IllegalArgumentException when the control plane is turned on for a non-loopback bind without a token
         */
        public MockOptions build() {
            if (Boolean.TRUE.equals(controlPlane) && controlToken == null && !ListenerGuard.loopback(host)) {
                throw new IllegalArgumentException("the control plane on a non-loopback address (" + host + ") needs a "
                        + "secret: add --control-token <secret> (or KIT_MOCK_CONTROL_TOKEN), at least 16 characters");
            }
            return new MockOptions(this);
        }
    }
}
