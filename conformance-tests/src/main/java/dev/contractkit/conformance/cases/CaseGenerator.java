package dev.contractkit.conformance.cases;

import com.fasterxml.jackson.databind.JsonNode;
import dev.contractkit.specs.check.ContractDocument.Operation;
import dev.contractkit.specs.check.ContractDocument.Parameter;

import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * Builds the requests for one contract: per operation the positive ones (examples, required only, boundaries,
 * seeded random values), the negative ones (one broken rule each) and the unauthenticated ones; per path the
 * methods the contract does not declare; for the scenarios, requests with values they got from earlier answers.
 * The same seed gives the same requests.
 */
public final class CaseGenerator {
    public static final int RANDOM_CASES = 3;

    private final ValidDrafts drafts;
    private final UniqueNames names;
    private final RunCredentials credentials;
    private final PositiveCases positive;
    private final NegativeCases negative;
    private final AuthenticationCases authentication;
    private final UndeclaredMethods undeclared;
    private final long seed;
    private final Set<String> notes = new LinkedHashSet<>();

    CaseGenerator(Contract contract, Optional<String> credential, List<Map.Entry<String, String>> headers, long seed) {
        this(contract, credential, Optional.empty(), headers, seed);
    }

    /**
     * @param lesser a credential without the role operations with {@code x-kit-required-role} need
     */
    CaseGenerator(Contract contract, Optional<String> credential, Optional<String> lesser,
          List<Map.Entry<String, String>> headers, long seed) {
        this(contract, credential, lesser, headers, seed, RANDOM_CASES);
    }

    /**
     * @param count how many requests with seeded random values each operation gets
     */
    public CaseGenerator(Contract contract, Optional<String> credential, Optional<String> lesser,
          List<Map.Entry<String, String>> headers, long seed, int count) {
        Schemas schemas = new Schemas(contract.document());
        Values values = new Values(schemas);
        this.drafts = new ValidDrafts(contract, schemas, values);
        this.names = new UniqueNames(contract, schemas);
        this.credentials = new RunCredentials(new CredentialPlacer(contract, credential), headers);
        this.positive = new PositiveCases(contract, schemas, values, drafts, names, credentials, count, notes);
        this.negative = new NegativeCases(contract, values, new Mutations(schemas), credentials);
        this.authentication = new AuthenticationCases(credentials, new CredentialPlacer(contract, lesser));
        this.undeclared = new UndeclaredMethods(contract, drafts, credentials, notes);
        this.seed = seed;
    }

    /**
     * A create's body made unique (see {@link UniqueNames}): servers refuse a second "name" or "username" like any
     * real one would; the suffix changes per run.
     */
    public JsonNode unique(Operation op, JsonNode body, String salt) {
        return names.unique(op, body, salt);
    }

    /** @return what could not be done as asked (a value that could not be built, a media type not supported) */
    public List<String> notes() {
        return List.copyOf(notes);
    }

    /** @return every case of one operation, duplicates removed */
    public List<TestCase> forOperation(Operation op) {
        SplittableRandom random = new SplittableRandom(seed * 0x9E3779B97F4A7C15L + op.pointer().hashCode());
        RequestDraft base = drafts.baseline(op);
        if (lacksCredential(op)) {
            notes.add("no credential given: secured operations were called without one; their successful responses,"
                    + " undeclared methods and the refusal of an invalid credential (only a run given the right one"
                    + " can know another is wrong): " + notChecked(op));
        }
        Map<Object, TestCase> out = new LinkedHashMap<>();
        if (switchesProtocols(op)) {
            notes.add(op + " answers 101 (a protocol upgrade): only requests it must refuse were sent;"
                    + " what follows the upgrade is for the AsyncAPI checks");
        } else {
            positive.of(op, base, random).forEach(c -> out.putIfAbsent(List.of(c.kind(), c.call()), c));
        }
        negative.of(op, base, random).forEach(c -> out.putIfAbsent(List.of(c.kind(), c.call()), c));
        authentication.unauthenticated(op, base).forEach(c -> out.putIfAbsent(List.of(c.kind(), c.call()), c));
        authentication.insufficientRole(op, base).forEach(c -> out.putIfAbsent(List.of(c.kind(), c.call()), c));
        return List.copyOf(out.values());
    }

    /** @return per path, one request for each method the contract does not declare there */
    public List<TestCase> unsupportedMethods() {
        return undeclared.cases();
    }

    /**
     * A request the contract allows (examples and defaults), with the run's credential, for a declared chain.
     *
     * @param op        the operation
     * @param overrides parameter values by name (e.g. the id a create answered), replacing the examples
     * @param body      the request body, or empty for the example body
     * @return the case
     */
    public TestCase scenario(Operation op, Map<String, JsonNode> overrides, Optional<JsonNode> body, String what) {
        RequestDraft d = drafts.baseline(op);
        for (Parameter p : Parameters.of(op)) {
            if (overrides.containsKey(p.name())) {
                d = d.with(p, overrides.get(p.name()));
            }
        }
        if (body.isPresent() && d.body().isPresent()) {
            d = d.withBody(Optional.of(d.body().get().with(body.get())));
        }
        return new TestCase(RequestKind.SCENARIO, Optional.of(op), label(op), what, credentials.call(op, d),
                Optional.empty());
    }

    /** @return the run's credential placed for the operation (header, query or cookie) */
    public List<CredentialPlacer.Placement> credentialFor(Operation op) {
        return credentials.forOperation(op);
    }

    /** @return true when the operation's only success is 101 Switching Protocols */
    private static boolean switchesProtocols(Operation op) {
        return op.responses().containsKey("101")
                && op.responses().keySet().stream().noneMatch(code -> code.startsWith("2"));
    }

    /**
     * @return true when the operation is secured and its requests carry no credential: what needs a successful
     *         answer is then reported as {@link #notChecked(Operation) not checked}, never as a violation
     */
    public boolean lacksCredential(Operation op) {
        return credentials.lacksCredential(op);
    }

    /** @return the note's verdict for what needs the operation's credential, e.g. {@code not checked (needs --credential: TokenAuth)} */
    public String notChecked(Operation op) {
        return credentials.notChecked(op);
    }

    /** @return true when requests to a secured operation carry a credential (given, or as one of the headers) */
    public boolean authenticates(Operation op) {
        return credentials.authenticates(op);
    }

    public static String label(Operation op) {
        return TestCase.label(op);
    }
}
