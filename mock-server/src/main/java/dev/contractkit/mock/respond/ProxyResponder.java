package dev.contractkit.mock.respond;

import com.fasterxml.jackson.databind.JsonNode;
import dev.contractkit.specs.check.ContractDocument;
import dev.contractkit.specs.check.Finding;
import org.mockserver.mock.action.ExpectationResponseCallback;
import org.mockserver.model.Header;
import org.mockserver.model.HttpRequest;
import org.mockserver.model.HttpResponse;
import org.mockserver.model.NottableString;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpResponse.BodyHandlers;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import dev.contractkit.mock.http.DeclaredResponses;
import dev.contractkit.mock.http.Incoming;
import dev.contractkit.mock.http.MockServerIncoming;
import dev.contractkit.mock.http.Json;
import dev.contractkit.mock.http.JsonAnswer;
import dev.contractkit.mock.http.PathTemplate;
import dev.contractkit.mock.rules.BodyRule;
import dev.contractkit.mock.rules.ParameterRules;
import dev.contractkit.mock.rules.RequestViolation;
import dev.contractkit.mock.state.ContractProxy;

/**
 * Proxy mode of one operation (or of requests the contract has no operation for): checks the request against the
 * contract, forwards it unchanged to the real implementation, checks the response (declared status, declared
 * media type, body against the schema), and answers the client with the real response. Violations are recorded
 * and reported; they never change what the client gets, apart from an {@code X-Kit-Contract-Violations} count.
 */
final class ProxyResponder implements ExpectationResponseCallback {
    private final Optional<ContractDocument.Operation> operation;
    private final Optional<DeclaredResponses> responses;
    private final PathTemplate path;
    private final ParameterRules parameters;
    private final BodyRule body;
    private final ContractProxy proxy;

    ProxyResponder(Optional<ContractDocument.Operation> operation, Optional<DeclaredResponses> responses, ContractProxy proxy) {
        this.operation = operation;
        this.responses = responses;
        this.proxy = proxy;
        this.path = operation.map(o -> PathTemplate.parse(o.path())).orElse(null);
        this.parameters = operation.map(o -> new ParameterRules(o.document(), o)).orElse(null);
        this.body = operation.map(o -> new BodyRule(o.document(), o)).orElse(null);
    }

    @Override
    public HttpResponse handle(HttpRequest request) {
        String method = request.getMethod().getValue();
        String requestPath = request.getPath().getValue();
        List<String> found = new ArrayList<>();
        String name = operation.map(ContractDocument.Operation::operationId).orElse("-");
        if (operation.isEmpty()) {
            found.add("request: no operation of the contract matches " + method + " " + requestPath);
        } else {
            Map<String, String> values = path.match(requestPath).orElse(Map.of());
            Incoming in = MockServerIncoming.of(request);
            parameters.problem(in, values).or(() -> body.problem(in))
                    .ifPresent(v -> found.add("request: " + v.message()));
        }
        java.net.http.HttpResponse<byte[]> real;
        try {
            real = proxy.client().send(forward(request), BodyHandlers.ofByteArray());
        } catch (IOException e) {
            proxy.record(name, method, requestPath, 502, List.of("the implementation at " + proxy.target()
                    + " did not answer: " + e.getMessage()));
            return HttpResponse.response().withStatusCode(502).withHeader("Content-Type", "application/json")
                    .withBody(JsonAnswer.errorBody("BAD_GATEWAY", "the implementation at " + proxy.target()
                            + " did not answer: " + e.getMessage()).toString());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return HttpResponse.response().withStatusCode(503);
        }
        operation.ifPresent(op -> found.addAll(responseProblems(op, real)));
        proxy.record(name, method, requestPath, real.statusCode(), found);
        HttpResponse out = HttpResponse.response().withStatusCode(real.statusCode());
        real.headers().map().forEach((k, v) -> {
            if (!ContractProxy.NOT_FORWARDED.contains(k.toLowerCase(Locale.ROOT)) && !k.startsWith(":")) {
                out.withHeader(new Header(k, v.toArray(String[]::new)));
            }
        });
        out.withHeader("X-Kit-Contract-Violations", Integer.toString(found.size()));
        return real.body().length == 0 ? out : out.withBody(real.body());
    }

    private java.net.http.HttpRequest forward(HttpRequest request) {
        String query = request.getQueryStringParameterList().stream()
                .flatMap(p -> p.getValues().stream().map(v -> enc(p.getName().getValue()) + "=" + enc(v.getValue())))
                .collect(Collectors.joining("&"));
        String base = proxy.target().toString().replaceAll("/+$", "");
        URI uri = URI.create(base + request.getPath().getValue() + (query.isEmpty() ? "" : "?" + query));
        byte[] payload = request.getBodyAsRawBytes() == null ? new byte[0] : request.getBodyAsRawBytes();
        var builder = java.net.http.HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(150))
                .method(request.getMethod().getValue(), payload.length == 0
                        ? java.net.http.HttpRequest.BodyPublishers.noBody()
                        : java.net.http.HttpRequest.BodyPublishers.ofByteArray(payload));
        for (Header h : request.getHeaderList()) {
            String n = h.getName().getValue();
            if (!ContractProxy.NOT_FORWARDED.contains(n.toLowerCase(Locale.ROOT))) {
                for (NottableString v : h.getValues()) {
                    builder.header(n, v.getValue());
                }
            }
        }
        return builder.build();
    }

    private List<String> responseProblems(ContractDocument.Operation op, java.net.http.HttpResponse<byte[]> real) {
        List<String> out = new ArrayList<>();
        int status = real.statusCode();
        Optional<DeclaredResponses.Example> declared = responses.flatMap(r -> r.forCode(status));
        if (declared.isEmpty()) {
            out.add("response: status " + status + " is not declared for " + op.operationId() + "; declared: "
                    + String.join(", ", responses.map(DeclaredResponses::statuses).orElse(Set.of())));
            return out;
        }
        String type = real.headers().firstValue("Content-Type").orElse("");
        String expected = declared.get().mediaType();
        if (expected.isEmpty()) {
            return out;
        }
        if (!Json.baseType(type).equals(Json.baseType(expected))) {
            out.add("response: Content-Type '" + type + "' is not the declared '" + expected + "'");
            return out;
        }
        if (Json.isJson(expected)) {
            try {
                JsonNode value = Json.MAPPER.readTree(real.body());
                ContractDocument doc = op.document();
                String schema = declared.get().mediaPointer() + "/schema";
                if (!doc.at(schema).isMissingNode()) {
                    for (Finding f : doc.validator().validate(schema, value, "response")) {
                        out.add(RequestViolation.describe("response body", f));
                    }
                }
            } catch (IOException e) {
                out.add("response: the body is not JSON: " + e.getMessage());
            }
        }
        return out;
    }

    private static String enc(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }
}
