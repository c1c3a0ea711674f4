package dev.contractkit.conformance;

import com.fasterxml.jackson.databind.JsonNode;
import dev.contractkit.specs.check.ContractDocument.Operation;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Turns the user's credential into what an operation's security scheme wants: an apiKey header, query
 * parameter or cookie (formatted with the scheme's {@code x-kit-credential-format}, e.g.
 * {@code Token token={credential}}), an HTTP bearer or basic {@code Authorization}, or a bearer token for
 * OAuth 2 / OpenID Connect.
 */
final class Credentials {
    static final String INVALID = "kit-invalid-credential";
    private static final String FORMAT = "x-kit-credential-format";

    private final Contract contract;
    private final Optional<String> credential;

    Credentials(Contract contract, Optional<String> credential) {
        this.contract = contract;
        this.credential = credential;
    }

    /**
     * Where a credential goes.
     *
     * @param in    header, query or cookie
     * @param name  header, parameter or cookie name
     * @param value the full value
     */
    record Placement(String in, String name, String value) {
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
        requirements(op).forEach(req -> req.fieldNames().forEachRemaining(name -> {
            JsonNode scheme = contract.securityScheme(name);
            out.add(scheme.path("type").asText().equals("apiKey")
                    ? scheme.path("in").asText() + ":" + scheme.path("name").asText().toLowerCase(Locale.ROOT)
                    : "header:authorization");
        }));
        return out;
    }

    private List<Placement> place(Operation op, String value) {
        List<Placement> out = new ArrayList<>();
        for (String name : firstRequirement(op)) {
            JsonNode scheme = contract.securityScheme(name);
            String type = scheme.path("type").asText();
            String httpScheme = scheme.path("scheme").asText("").toLowerCase(Locale.ROOT);
            if (type.equals("apiKey")) {
                out.add(new Placement(scheme.path("in").asText("header"), scheme.path("name").asText(),
                        format(scheme, "{credential}", value)));
            } else if (type.equals("http") && httpScheme.equals("basic")) {
                String encoded = Base64.getEncoder().encodeToString(value.getBytes(StandardCharsets.UTF_8));
                out.add(new Placement("header", "Authorization", format(scheme, "Basic {credential}", encoded)));
            } else {
                out.add(new Placement("header", "Authorization", format(scheme, "Bearer {credential}", value)));
            }
        }
        return out;
    }

    private static String format(JsonNode scheme, String fallback, String value) {
        return scheme.path(FORMAT).asText(fallback).replace("{credential}", value);
    }

    private List<String> firstRequirement(Operation op) {
        List<JsonNode> reqs = requirements(op);
        List<String> names = new ArrayList<>();
        if (!reqs.isEmpty()) {
            reqs.get(0).fieldNames().forEachRemaining(names::add);
        }
        return names;
    }

    private List<JsonNode> requirements(Operation op) {
        JsonNode sec = op.node().has("security") ? op.node().get("security")
                : contract.document().root().path("security");
        List<JsonNode> out = new ArrayList<>();
        sec.forEach(out::add);
        return out;
    }
}
