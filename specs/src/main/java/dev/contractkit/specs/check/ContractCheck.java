package dev.contractkit.specs.check;

import com.fasterxml.jackson.databind.JsonNode;
import io.swagger.v3.parser.OpenAPIV3Parser;
import io.swagger.v3.parser.core.models.ParseOptions;
import io.swagger.v3.parser.core.models.SwaggerParseResult;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Checks OpenAPI contracts: the document must parse as OpenAPI 3.0 without messages, every local
 * {@code $ref} must resolve, every operation must have an {@code operationId}, and every example
 * (media-type, named, parameter) must validate against its schema.
 * Runs in the build of the specs module ({@code process-classes}), so a broken contract fails the build
 * with the file and the JSON pointer of the problem; the mock server reuses it at start-up.
 *
 * <pre>{@code
 * List<Finding> findings = ContractCheck.check(ContractDocument.load("openapi/forms.yaml"));
 * }</pre>
 */
public final class ContractCheck {
    private ContractCheck() {
    }

    /**
     * Build entry point.
     *
     * @param args the specs module directory (with {@code openapi/} below it)
     * @throws IOException when the files cannot be read
     */
    public static void main(String[] args) throws IOException {
        Path dir = Path.of(args.length > 0 ? args[0] : ".");
        List<Finding> all = new ArrayList<>();
        int files = 0;
        try (Stream<Path> walk = Files.walk(dir.resolve("openapi"))) {
            for (Path p : walk.filter(f -> f.toString().endsWith(".yaml")).sorted().toList()) {
                String name = dir.relativize(p).toString().replace('\\', '/');
                files++;
                all.addAll(check(ContractDocument.parse(name, Files.readString(p, StandardCharsets.UTF_8))));
            }
        }
        if (!all.isEmpty()) {
            all.forEach(f -> System.err.println("CONTRACT ERROR " + f));
            throw new IllegalStateException(all.size() + " contract problem(s) in " + dir + "; first: " + all.get(0));
        }
        System.out.println("contracts ok: " + files + " OpenAPI file(s) checked");
    }

    /**
     * Checks one contract.
     *
     * @param doc the contract
     * @return every problem found; empty when the contract is sound
     */
    public static List<Finding> check(ContractDocument doc) {
        List<Finding> out = new ArrayList<>(parserFindings(doc));
        if (!out.isEmpty()) {
            return out;
        }
        for (ContractDocument.Operation op : doc.operations()) {
            if (!op.node().has("operationId")) {
                out.add(new Finding(doc.file(), op.pointer(), "operation has no operationId", ""));
            }
            for (ContractDocument.Parameter param : op.parameters()) {
                if (param.node().has("example")) {
                    out.addAll(doc.validator().validate(param.schemaPointer(), param.node().get("example"),
                            doc.file() + " " + op.pointer() + " parameter " + param.name()));
                }
            }
            op.requestBody().ifPresent(body -> out.addAll(checkContent(doc, body + "/content")));
            for (Map.Entry<String, String> response : op.responses().entrySet()) {
                out.addAll(checkContent(doc, response.getValue() + "/content"));
            }
        }
        return out;
    }

    /** Validates the examples of every media type under a {@code content} object. */
    static List<Finding> checkContent(ContractDocument doc, String contentPointer) {
        List<Finding> out = new ArrayList<>();
        Iterator<String> types = doc.at(contentPointer).fieldNames();
        while (types.hasNext()) {
            String mediaPointer = Pointers.append(contentPointer, types.next());
            JsonNode media = doc.at(mediaPointer);
            String schema = mediaPointer + "/schema";
            if (!media.has("schema")) {
                continue;
            }
            if (media.has("example")) {
                out.addAll(validateExample(doc, schema, media.get("example"), mediaPointer + "/example"));
            }
            Iterator<String> names = media.path("examples").fieldNames();
            while (names.hasNext()) {
                String examplePointer = doc.resolvePointer(Pointers.append(mediaPointer + "/examples", names.next()));
                JsonNode value = doc.at(examplePointer).path("value");
                if (!value.isMissingNode()) {
                    out.addAll(validateExample(doc, schema, value, examplePointer + "/value"));
                }
            }
        }
        return out;
    }

    private static List<Finding> validateExample(ContractDocument doc, String schema, JsonNode value, String where) {
        return doc.validator().validate(schema, value, doc.file() + " " + where).stream()
                .map(f -> new Finding(doc.file(), where + f.pointer(), "example breaks its schema: " + f.message(),
                        f.value()))
                .toList();
    }

    private static List<Finding> parserFindings(ContractDocument doc) {
        ParseOptions options = new ParseOptions();
        options.setResolve(false);
        SwaggerParseResult result = new OpenAPIV3Parser().readContents(doc.text(), null, options);
        List<Finding> out = new ArrayList<>();
        if (result.getOpenAPI() == null) {
            out.add(new Finding(doc.file(), "", "not an OpenAPI document", ""));
        }
        if (!doc.root().path("openapi").asText().startsWith("3.0")) {
            out.add(new Finding(doc.file(), "/openapi", "the kit's contracts are OpenAPI 3.0.x",
                    doc.root().path("openapi").toString()));
        }
        for (String message : result.getMessages() == null ? List.<String>of() : result.getMessages()) {
            out.add(new Finding(doc.file(), pointerOf(message), message, ""));
        }
        out.addAll(danglingRefs(doc, doc.root(), ""));
        return out;
    }

    private static List<Finding> danglingRefs(ContractDocument doc, JsonNode node, String pointer) {
        List<Finding> out = new ArrayList<>();
        if (node.isObject()) {
            JsonNode ref = node.get("$ref");
            if (ref != null && ref.isTextual() && ref.asText().startsWith("#")
                    && doc.at(ref.asText().substring(1)).isMissingNode()) {
                out.add(new Finding(doc.file(), pointer + "/$ref", "$ref target does not exist", ref.toString()));
            }
            node.fields().forEachRemaining(e ->
                    out.addAll(danglingRefs(doc, e.getValue(), Pointers.append(pointer, e.getKey()))));
        } else if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                out.addAll(danglingRefs(doc, node.get(i), pointer + "/" + i));
            }
        }
        return out;
    }

    /** swagger-parser says "attribute a.b.c is missing": keep the location as a pointer. */
    private static String pointerOf(String message) {
        String prefix = "attribute ";
        if (!message.startsWith(prefix)) {
            return "";
        }
        String rest = message.substring(prefix.length());
        int space = rest.indexOf(' ');
        return Pointers.fromParserLocation(space < 0 ? rest : rest.substring(0, space));
    }
}
