package dev.contractkit.conformance.cases;

import dev.contractkit.specs.check.ContractDocument.Operation;
import dev.contractkit.specs.dialect.SecurityScheme;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Turns the user's credential into what an operation's security scheme wants: an apiKey header, query
 * parameter or cookie (formatted with the scheme's {@code x-kit-credential-format}, e.g.
 * {@code Token token={credential}}), an HTTP bearer or basic {@code Authorization}, or a bearer token for
 * OAuth 2 / OpenID Connect.
 */
public final class CredentialPlacer {
    public static final String INVALID = "kit-invalid-credential";

    private final Contract contract;
    private final Optional<String> credential;

    public CredentialPlacer(Contract contract, Optional<String> credential) {
        this.contract = contract;
        this.credential = credential;
    }

    /** Where a credential goes: in (header, query or cookie), name and the full value. */
    public record Placement(String in, String name, String value) {
        public static Placement of(SecurityScheme.Placement p) {
            return new Placement(p.in(), p.name(), p.value());
        }
    }

    /** @return the user's credential placed for the operation's first security requirement; empty when none */
    List<Placement> forOperation(Operation op) {
        return credential.map(c -> place(op, c)).orElse(List.of());
    }

    /** @return a credential the server cannot know, placed like a real one */
    List<Placement> invalidFor(Operation op) {
        return place(op, INVALID);
    }

    /** @return the scheme names of the operation's first security requirement, e.g. {@code TokenAuth} */
    String schemeNames(Operation op) {
        return String.join(" + ", firstRequirement(op));
    }

    /** @return every header, query parameter and cookie name any of the operation's schemes uses ({@code in:name}) */
    List<String> namesUsed(Operation op) {
        List<String> out = new ArrayList<>();
        SecurityScheme.requirements(contract.document().root(), op.node()).forEach(req -> req.forEach(name -> {
            SecurityScheme scheme = scheme(name);
            out.add(scheme.in() + ":" + scheme.parameterName().toLowerCase(Locale.ROOT));
        }));
        return out;
    }

    /**
     * @return true when the request carries something where one of the operation's security schemes puts its
     *         credential (a header, query parameter or cookie of that name); false for a public operation
     */
    public boolean carried(Operation op, RelativeRequest call) {
        for (String used : namesUsed(op)) {
            String name = used.substring(used.indexOf(':') + 1);
            boolean found = switch (used.substring(0, used.indexOf(':'))) {
                case "query" -> call.query().stream().anyMatch(q -> q.getKey().toLowerCase(Locale.ROOT).equals(name));
                case "cookie" -> call.headers().stream().anyMatch(h -> h.getKey().equalsIgnoreCase("Cookie")
                        && (";" + h.getValue().replace(" ", "")).toLowerCase(Locale.ROOT).contains(";" + name + "="));
                default -> call.headers().stream().anyMatch(h -> h.getKey().equalsIgnoreCase(name));
            };
            if (found) {
                return true;
            }
        }
        return false;
    }

    private List<Placement> place(Operation op, String value) {
        return firstRequirement(op).stream().map(name -> Placement.of(scheme(name).place(value))).toList();
    }

    private SecurityScheme scheme(String name) {
        return SecurityScheme.of(name, contract.securityScheme(name));
    }

    private List<String> firstRequirement(Operation op) {
        List<List<String>> reqs = SecurityScheme.requirements(contract.document().root(), op.node());
        return reqs.isEmpty() ? List.of() : reqs.get(0);
    }
}
