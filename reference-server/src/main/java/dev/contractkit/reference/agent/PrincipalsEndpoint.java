package dev.contractkit.reference.agent;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.contractkit.reference.platform.ApiError;
import dev.contractkit.reference.platform.ContractRules;
import dev.contractkit.reference.platform.Principal;
import io.helidon.http.Status;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * {@code /api/v1/principals} (issue 35.5), the operator's only: list the named principals, make one with a token
 * (shown in this answer only; {@link Principals} keeps its SHA-256), read one, set its grants, revoke its token.
 *
 * <pre>
 * curl -H "Authorization: Bearer $(cat data/kit-token)" -H 'Content-Type: application/json' \
 *      -d '{"name":"alice","grants":[{"kind":"db","id":"sample"}]}' http://127.0.0.1:8090/api/v1/principals
 * </pre>
 */
final class PrincipalsEndpoint extends PrincipalsService {
    private final ObjectMapper mapper;
    private final ContractRules rules;
    private final Principals principals;

    PrincipalsEndpoint(ObjectMapper mapper, ContractRules rules, Principals principals) {
        this.mapper = mapper;
        this.rules = rules;
        this.principals = principals;
    }

    @Override
    protected void handleListPrincipals(ServerRequest request, ServerResponse response) {
        OperatorOnly.require(request, "list principals");
        ObjectNode body = mapper.createObjectNode();
        ArrayNode items = body.putArray("items");
        principals.list().forEach(p -> items.add(json(p)));
        response.send(body);
    }

    @Override
    protected void createPrincipal(ServerRequest request, ServerResponse response) {
        OperatorOnly.require(request, "make principals");
        JsonNode body = body(request, "PrincipalCreation");
        String name = body.path("name").asText();
        if (name.equals(Principal.OPERATOR_NAME)) {
            throw ApiError.conflict("'" + Principal.OPERATOR_NAME + "' is the kit token's principal");
        }
        List<Grants.Grant> grants = grants(body.path("grants"));
        String token = principals.create(name, grants)
                .orElseThrow(() -> ApiError.conflict("principal '" + name + "' exists"));
        Principals.Named made = principals.get(name).orElseThrow();
        response.status(Status.CREATED_201).send(json(made).put("token", token));
    }

    @Override
    protected void handleGetPrincipal(ServerRequest request, ServerResponse response, String name) {
        OperatorOnly.require(request, "read principals");
        response.send(json(named(name)));
    }

    @Override
    protected void setPrincipalGrants(ServerRequest request, ServerResponse response) {
        OperatorOnly.require(request, "grant resources");
        String name = request.path().pathParameters().get("name");
        JsonNode body = body(request, "GrantList");
        named(name);
        principals.grant(name, grants(body.path("grants")));
        response.send(json(named(name)));
    }

    @Override
    protected void handleRevokePrincipal(ServerRequest request, ServerResponse response, String name) {
        OperatorOnly.require(request, "revoke tokens");
        switch (principals.revoke(name)) {
            case DONE -> response.status(Status.NO_CONTENT_204).send();
            case NOT_FOUND -> throw ApiError.notFound("no principal '" + name + "'");
            case CONFIGURED -> throw ApiError.conflict("principal '" + name + "' comes from KIT_AGENT_TOKENS: "
                    + "remove it there (and restart) to revoke it");
        }
    }

    private Principals.Named named(String name) {
        return principals.get(name).orElseThrow(() -> ApiError.notFound("no principal '" + name + "'"));
    }

    private ObjectNode json(Principals.Named p) {
        ObjectNode n = mapper.createObjectNode().put("name", p.name()).put("source", p.source())
                .put("createdAt", p.createdAt().toString());
        ArrayNode grants = n.putArray("grants");
        for (Grants.Grant g : p.grants()) {
            ObjectNode o = grants.addObject().put("kind", g.kind()).put("id", g.id());
            if (g.tools() != null) {
                g.tools().forEach(o.putArray("tools")::add);
            }
        }
        return n;
    }

    private static List<Grants.Grant> grants(JsonNode list) {
        List<Grants.Grant> out = new ArrayList<>();
        for (JsonNode g : list) {
            List<String> tools = null;
            if (g.has("tools")) {
                tools = new ArrayList<>();
                for (JsonNode t : g.get("tools")) {
                    tools.add(t.asText());
                }
                if (!g.path("kind").asText().equals("mcp")) {
                    throw ApiError.invalid("grants: 'tools' is for a grant of kind mcp only");
                }
            }
            Grants.Grant grant = new Grants.Grant(g.path("kind").asText(), g.path("id").asText(), tools);
            if (out.stream().anyMatch(o -> o.kind().equals(grant.kind()) && o.id().equals(grant.id()))) {
                throw ApiError.invalid("grants: " + grant.kind() + " '" + grant.id() + "' is listed twice");
            }
            out.add(grant);
        }
        return out;
    }

    /** @return the JSON body, checked against the contract's schema */
    private JsonNode body(ServerRequest request, String schema) {
        JsonNode body = ContractRules.jsonBody(request, mapper);
        Map<String, String> problems = rules.body(schema, body);
        if (!problems.isEmpty()) {
            throw ApiError.invalid(problems.entrySet().stream().map(e -> e.getKey() + ": " + e.getValue())
                    .collect(Collectors.joining("; ")));
        }
        return body;
    }
}
