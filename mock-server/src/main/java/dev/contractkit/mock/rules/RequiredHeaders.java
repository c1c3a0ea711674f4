package dev.contractkit.mock.rules;

import com.fasterxml.jackson.databind.JsonNode;
import dev.contractkit.specs.check.ContractDocument;
import dev.contractkit.specs.check.Pointers;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import dev.contractkit.mock.http.Incoming;
import dev.contractkit.mock.http.Reply;
import dev.contractkit.mock.http.RequestIds;

/**
 * Adds the headers the contract marks {@code required} for a reply's status and that the reply lacks: the
 * header's example (or its schema's); a request id ({@code X-Request-Id}, any {@code format: uuid}) is fresh for
 * every reply, or the caller's own {@code X-Request-Id} when it sent one. Worked out once per operation.
 */
public final class RequiredHeaders {
    private final Map<String, List<Header>> byStatus;

    private record Header(String name, String example, boolean fresh) {
    }

    private RequiredHeaders(Map<String, List<Header>> byStatus) {
        this.byStatus = byStatus;
    }

    public static Optional<RequiredHeaders> of(ContractDocument.Operation op) {
        ContractDocument doc = op.document();
        Map<String, List<Header>> byStatus = new LinkedHashMap<>();
        op.responses().forEach((status, pointer) -> {
            List<Header> required = new ArrayList<>();
            for (Iterator<String> it = doc.at(pointer).path("headers").fieldNames(); it.hasNext(); ) {
                String name = it.next();
                JsonNode h = doc.at(doc.resolvePointer(Pointers.append(pointer + "/headers", name)));
                if (!h.path("required").asBoolean(false) || name.equalsIgnoreCase("Content-Type")) {
                    continue;
                }
                JsonNode schema = doc.resolve(h.path("schema"));
                JsonNode example = h.has("example") ? h.get("example") : schema.path("example");
                boolean fresh = name.equalsIgnoreCase("X-Request-Id") || schema.path("format").asText("").equals("uuid");
                required.add(new Header(name, example.isMissingNode() ? defaultFor(schema) : example.asText(), fresh));
            }
            if (!required.isEmpty()) {
                byStatus.put(status.toUpperCase(Locale.ROOT), List.copyOf(required));
            }
        });
        return byStatus.isEmpty() ? Optional.empty() : Optional.of(new RequiredHeaders(byStatus));
    }

    public Reply apply(Incoming request, Reply reply) {
        String exact = Integer.toString(reply.status());
        List<Header> headers = byStatus.getOrDefault(exact, byStatus.getOrDefault(exact.charAt(0) + "XX",
                byStatus.getOrDefault("DEFAULT", List.of())));
        Reply out = reply;
        for (Header h : headers) {
            if (out.headers().keySet().stream().noneMatch(k -> k.equalsIgnoreCase(h.name()))) {
                String given = request.header(h.name());
                out = out.withHeader(h.name(), !h.fresh() ? h.example()
                        : !given.isEmpty() ? given : RequestIds.next());
            }
        }
        return out;
    }

    private static String defaultFor(JsonNode schema) {
        return switch (schema.path("type").asText("string")) {
            case "integer", "number" -> "0";
            case "boolean" -> "false";
            default -> "kit";
        };
    }
}
