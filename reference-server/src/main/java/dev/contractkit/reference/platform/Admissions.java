package dev.contractkit.reference.platform;

import dev.contractkit.specs.check.ContractDocument;
import dev.contractkit.specs.dialect.SecurityScheme;
import io.helidon.http.Headers;
import io.helidon.http.HttpPrologue;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * A listener's {@link Admission}s, one per operation of its contracts, by {@code METHOD /path}; set in every request's
 * context by the listener's filter, where {@link Admission#around} finds it. Also the kit token's own check for
 * {@code /observe/metrics} and for WebSocket handshakes, which Helidon upgrades before any route runs.
 */
public final class Admissions implements Admission.Table {
    private static final SecurityScheme KIT_TOKEN = new SecurityScheme(Admission.KIT_TOKEN_SCHEME, "http", "bearer",
            "header", "Authorization", Optional.empty(), false, Optional.empty(), Optional.empty());

    private final Map<String, Admission> byOperation;
    private final Admission kitTokenOnly;

    private Admissions(Map<String, Admission> byOperation, Admission kitTokenOnly) {
        this.byOperation = byOperation;
        this.kitTokenOnly = kitTokenOnly;
    }

    /**
     * @param docs  the contracts a listener serves
     * @param setup what the module supplies
     * @param token the kit token, loaded when first needed (forms alone never makes the file)
     * @param named the API's tokens besides the kit token
     * @return an admission for every operation
     * @throws IllegalArgumentException when an operation names a scheme the module has no credentials for
     */
    static Admissions of(List<ContractDocument> docs, Admission.Setup setup, Supplier<KitToken> token, NamedTokens named) {
        Admission.Setup withKit = setup.credentials().containsKey(Admission.KIT_TOKEN_SCHEME) ? setup
                : setup.with(Admission.KIT_TOKEN_SCHEME, kitToken(token, named));
        Map<String, Admission> out = new HashMap<>();
        for (ContractDocument.Operation op : docs.stream().flatMap(d -> d.operations().stream()).toList()) {
            Admission a = Admission.of(op, withKit);
            out.put(a.operation(), a);
        }
        Admission metrics = Admission.of(List.of(List.of(KIT_TOKEN)), kitToken(token, NamedTokens.NONE),
                Admission.Setup.NONE.realm());
        return new Admissions(Map.copyOf(out), metrics);
    }

    /** The kit token's holder is the operator; a named token's, its named principal. */
    private static Admission.Credentials kitToken(Supplier<KitToken> token, NamedTokens named) {
        // where the token is, without the path (user name, checkout) nor whether KIT_TOKEN is set
        String help = "KIT_TOKEN where the server has it set, else the data directory's kit-token file (execcli and the "
                + "control plane read it from there)" + (named == NamedTokens.NONE ? "" : "; or a token the operator gave you");
        return Admission.Credentials.named("kit token", help, credential -> {
            if (token.get().matches(credential)) {
                return Optional.of(Admission.Caller.of(Principal.OPERATOR_NAME, Principal.OPERATOR));
            }
            return named.principal(credential).map(n -> Admission.Caller.of(n, Principal.named(n)));
        });
    }

    /**
     * @param operation {@code METHOD /path} as the contract writes it
     * @return its admission
     * @throws IllegalStateException for an operation the listener's contracts do not have (a stub of another API)
     */
    @Override
    public Admission get(String operation) {
        Admission a = byOperation.get(operation);
        if (a == null) {
            throw new IllegalStateException("no operation " + operation + " in this listener's contracts");
        }
        return a;
    }

    /**
     * Runs an operation's admission in the listener's filter (before the body is looked at, and before a module's
     * own filters, which may ask for the request's {@link Principal}).
     *
     * @param operation {@code METHOD /path} of the operation the request matched
     * @param req       the request
     * @param res       its response
     */
    void runEarly(String operation, ServerRequest req, ServerResponse res) {
        get(operation).runEarly(req, res);
    }

    void register(ServerRequest req) {
        Admission.register(req, this);
    }

    /**
     * {@code /observe/metrics}: the kit token only.
     *
     * @param req the request
     * @throws ApiError 401 without it
     */
    void requireKitToken(ServerRequest req) {
        kitTokenOnly.handleFilter(req);
    }

    /**
     * A WebSocket handshake to an operation's path, which Helidon upgrades before any route: refused here, it is not
     * upgraded and the HTTP route answers (where {@link Admission#around} gives the contract's 401).
     *
     * @param path     the handshake's path
     * @param prologue its prologue
     * @param headers  its headers
     * @return the caller; empty when the operation does not need one
     * @throws ApiError when admission refuses it
     */
    Optional<Admission.Caller> upgrade(String path, HttpPrologue prologue, Headers headers) {
        Admission a = byOperation.get("GET " + path);
        if (a == null) {
            return Optional.empty();
        }
        Admission.Outcome o = a.admit(Admission.presented(headers, prologue.query(), null));
        if (o.refusal().isPresent()) {
            throw o.refusal().get();
        }
        return o.caller();
    }
}
