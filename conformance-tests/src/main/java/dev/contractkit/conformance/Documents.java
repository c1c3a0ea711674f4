package dev.contractkit.conformance;

import com.fasterxml.jackson.databind.JsonNode;
import dev.contractkit.specs.check.ContractDocument;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Documents given as files ({@code --spec}): read, recognised as OpenAPI 3.0/3.1, and searched for what the suite
 * does not check, each named once with its place so a run says so and goes on with the rest.
 */
final class Documents {
    private Documents() {
    }

    /**
     * @param file an OpenAPI 3.0 or 3.1 document (YAML or JSON)
     * @return the parsed document
     * @throws IllegalArgumentException naming the file and what is wrong with it
     */
    static ContractDocument openapi(Path file) {
        String text;
        try {
            text = Files.readString(file);
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read " + file + " (" + e.getClass().getSimpleName()
                    + (e.getMessage() == null ? "" : ": " + e.getMessage()) + ")", e);
        }
        ContractDocument doc;
        try {
            doc = ContractDocument.parse(file.toString(), text);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(file + " is not a YAML or JSON document: "
                    + firstLine(e.getMessage()), e);
        }
        JsonNode root = doc.root();
        if (root.has("asyncapi")) {
            throw new IllegalArgumentException(file + " is an AsyncAPI document: the suite checks OpenAPI documents"
                    + " (AsyncAPI channels only where an OpenAPI document links them with x-kit-websocket)");
        }
        if (root.has("swagger")) {
            throw new IllegalArgumentException(file + " is a Swagger " + root.path("swagger").asText()
                    + " document: only OpenAPI 3.0 and 3.1 are supported (convert it, e.g. with swagger-converter)");
        }
        String version = root.path("openapi").asText("");
        if (!version.startsWith("3.0") && !version.startsWith("3.1")) {
            throw new IllegalArgumentException(file + " is not an OpenAPI 3.0/3.1 document (openapi: '"
                    + version + "')");
        }
        return doc;
    }

    /**
     * @param doc a document
     * @return one line per feature the suite does not check, with its place ({@code callbacks at
     * /paths/~1streams/post}); empty for a document the whole catalogue covers
     */
    static List<String> unsupported(ContractDocument doc) {
        Set<String> out = new LinkedHashSet<>();
        String file = doc.file();
        if (doc.root().path("webhooks").size() > 0) {
            out.add(file + ": webhooks at /webhooks are not checked (the suite calls the server; it does not"
                    + " receive the server's calls)");
        }
        walk(doc.root(), "", (pointer, node) -> {
            if (pointer.startsWith("/paths/") && node.has("callbacks") && node.path("callbacks").size() > 0
                    && pointer.chars().filter(c -> c == '/').count() == 3) {
                out.add(file + ": callbacks at " + pointer + "/callbacks are not checked (the suite does not"
                        + " receive the server's calls)");
            }
            JsonNode ref = node.get("$ref");
            if (ref != null && ref.isTextual() && !ref.asText().startsWith("#")) {
                out.add(file + ": the external $ref " + ref.asText() + " at " + pointer + " is not supported"
                        + " (only references inside the document); what uses it is not checked");
            }
        });
        doc.root().path("components").path("securitySchemes").fields().forEachRemaining(e -> {
            String type = e.getValue().path("type").asText();
            if (type.equals("mutualTLS")) {
                out.add(file + ": the mutualTLS security scheme " + e.getKey() + " is not supported (no client"
                        + " certificate is sent)");
            }
        });
        return new ArrayList<>(out);
    }

    private interface Visitor {
        void visit(String pointer, JsonNode node);
    }

    private static void walk(JsonNode node, String pointer, Visitor visitor) {
        if (node.isObject()) {
            visitor.visit(pointer, node);
            Iterator<Map.Entry<String, JsonNode>> fields = node.fields();
            while (fields.hasNext()) {
                Map.Entry<String, JsonNode> f = fields.next();
                walk(f.getValue(), pointer + "/" + f.getKey().replace("~", "~0").replace("/", "~1"), visitor);
            }
        } else if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                walk(node.get(i), pointer + "/" + i, visitor);
            }
        }
    }

    private static String firstLine(String message) {
        String m = message == null ? "" : message;
        int nl = m.indexOf('\n');
        return nl < 0 ? m : m.substring(0, nl);
    }
}
