package dev.contractkit.conformance.cases;

import com.fasterxml.jackson.databind.JsonNode;
import dev.contractkit.specs.check.ContractDocument;
import dev.contractkit.specs.source.DocumentReader;

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
public final class Documents {
    private Documents() {
    }

    /**
     * @param file an OpenAPI 3.0 or 3.1 document or a Swagger 2.0 one (YAML or JSON; several files joined by
     *             relative {@code $ref}s are bundled, Swagger 2.0 converted: {@link DocumentReader})
     * @return the parsed document
     * @throws IllegalArgumentException naming the file and what is wrong with it
     */
    public static ContractDocument openapi(Path file) {
        DocumentReader.Source source = DocumentReader.read(file);
        if (source.kind() == DocumentReader.Kind.ASYNCAPI) {
            throw new IllegalArgumentException(file + " is an AsyncAPI document: the suite checks OpenAPI documents"
                    + " (AsyncAPI channels only where an OpenAPI document links them with x-kit-websocket)");
        }
        return ContractDocument.parse(file.toString(), source.text());
    }

    /**
     * @param file a document given as a file
     * @return what the reader did to it (converted from Swagger 2.0, bundled from several files), one line each
     */
    static List<String> readNotes(Path file) {
        return DocumentReader.read(file).notes().stream().map(n -> file + ": " + n).toList();
    }

    /**
     * @param doc a document
     * @return one line per feature the suite does not check, with its place ({@code callbacks at
     * /paths/~1streams/post}); empty for a document the whole catalogue covers
     */
    public static List<String> unsupported(ContractDocument doc) {
        Set<String> out = new LinkedHashSet<>();
        String file = doc.file();
        if (Files.isRegularFile(Path.of(file))) {
            out.addAll(readNotes(Path.of(file)));
        }
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
