package dev.contractkit.specs.check;

import com.fasterxml.jackson.databind.JsonNode;
import dev.contractkit.specs.dialect.DialectCheck;
import dev.contractkit.specs.dialect.Keyword;
import dev.contractkit.specs.dialect.RateLimits;
import io.swagger.v3.parser.OpenAPIV3Parser;
import io.swagger.v3.parser.core.models.ParseOptions;
import io.swagger.v3.parser.core.models.SwaggerParseResult;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Checks OpenAPI contracts: the document must parse as OpenAPI 3.0 without messages, every local
 * {@code $ref} must resolve, every operation must have an {@code operationId}, and every example
 * (media-type, named, parameter, response header; also those of {@code components/responses}) must validate
 * against its schema. Every response body needs an example. An operation that names a rate-limit category
 * ({@code x-kit-rate-limit-category}) must name one of the document's {@code x-kit-rate-limits}, declare
 * the {@code X-RateLimit-*} headers on every response, and answer 429 with {@code Retry-After}. Every
 * {@code x-kit-*} key must be registered ({@link Keyword}), in its place and of its type ({@link #checkDialect}).
 * Runs in the build of the specs module ({@code process-classes}), so a broken contract fails the build
 * with the file and the JSON pointer of the problem; the mock server reuses it at start-up.
 * The build entry point also checks every {@code asyncapi/*.yaml} with {@link AsyncApiCheck}.
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
     * @param args the specs module directory (with {@code openapi/} and optionally {@code asyncapi/} below it)
     * @throws IOException when the files cannot be read
     */
    /**
     * The message of a response body without example: an error for the kit's own contracts; the mock server
     * builds a value from the schema instead (and reports that value if it breaks the schema).
     */
    public static final String NO_EXAMPLE = "response body has no example";

    public static void main(String[] args) throws IOException {
        Path dir = Path.of(args.length > 0 ? args[0] : ".");
        List<Finding> all = new ArrayList<>();
        List<Path> openapi = yamlFiles(dir.resolve("openapi"));
        for (Path p : openapi) {
            ContractDocument doc = ContractDocument.parse(name(dir, p), Files.readString(p, StandardCharsets.UTF_8));
            all.addAll(check(doc));
            all.addAll(checkDialect(doc));
        }
        List<Path> asyncapi = yamlFiles(dir.resolve("asyncapi"));
        for (Path p : asyncapi) {
            ContractDocument doc = ContractDocument.parse(name(dir, p), Files.readString(p, StandardCharsets.UTF_8));
            all.addAll(AsyncApiCheck.check(doc));
            all.addAll(checkDialect(doc));
        }
        if (!all.isEmpty()) {
            all.forEach(f -> System.err.println("CONTRACT ERROR " + f));
            throw new IllegalStateException(all.size() + " contract problem(s) in " + dir + "; first: " + all.get(0));
        }
        System.out.println("contracts ok: " + openapi.size() + " OpenAPI file(s) checked"
                + (asyncapi.isEmpty() ? "" : ", " + asyncapi.size()
                        + " AsyncAPI file(s) checked (message examples against payload schemas)"));
    }

    private static List<Path> yamlFiles(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> walk = Files.walk(dir)) {
            return walk.filter(f -> f.toString().endsWith(".yaml")).sorted().toList();
        }
    }

    private static String name(Path dir, Path file) {
        return dir.relativize(file).toString().replace('\\', '/');
    }

    /**
     * Checks one contract.
     *
     * @param doc the contract
     * @return every problem found; empty when the contract is sound
     */
    public static List<Finding> check(ContractDocument doc) {
        List<Finding> out = parserFindings(doc);
        return out.isEmpty() ? checkExamples(doc) : out;
    }

    /**
     * Checks the kit's {@code x-kit-*} keys of a document against their registry ({@link Keyword}): an unknown
     * key (with a "did you mean" for a near miss), a key in the wrong place, a value of the wrong type.
     *
     * @param doc an OpenAPI or AsyncAPI document
     * @return every problem, at the key's JSON pointer
     */
    public static List<Finding> checkDialect(ContractDocument doc) {
        return DialectCheck.check(doc.root()).stream()
                .map(p -> new Finding(doc.file(), p.pointer(), p.message(), p.value())).toList();
    }

    /**
     * Checks a contract whose structure is known to be sound (a contract the kit ships, which its build checked
     * in full): operation ids and every example against its schema, without the OpenAPI parser's pass, which
     * costs most of the time.
     *
     * @param doc the contract
     * @return every problem found
     */
    public static List<Finding> checkExamples(ContractDocument doc) {
        List<Finding> out = new ArrayList<>();
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
                out.addAll(checkHeaders(doc, response.getValue()));
                out.addAll(missingExamples(doc, response.getValue()));
            }
            out.addAll(checkRateLimit(doc, op));
        }
        Iterator<String> shared = doc.at("/components/responses").fieldNames();
        while (shared.hasNext()) {
            String response = doc.resolvePointer(Pointers.append("/components/responses", shared.next()));
            out.addAll(checkContent(doc, response + "/content"));
            out.addAll(checkHeaders(doc, response));
            out.addAll(missingExamples(doc, response));
        }
        return new ArrayList<>(new LinkedHashSet<>(out));
    }

    /** Validates the examples of a response's headers against their schemas. */
    static List<Finding> checkHeaders(ContractDocument doc, String responsePointer) {
        List<Finding> out = new ArrayList<>();
        Iterator<String> names = doc.at(responsePointer + "/headers").fieldNames();
        while (names.hasNext()) {
            String header = doc.resolvePointer(Pointers.append(responsePointer + "/headers", names.next()));
            JsonNode node = doc.at(header);
            if (node.has("example") && node.has("schema")) {
                out.addAll(validateExample(doc, header + "/schema", node.get("example"), header + "/example"));
            }
        }
        return out;
    }

    /** A response body without {@code example} or {@code examples} leaves the mock and the docs guessing. */
    private static List<Finding> missingExamples(ContractDocument doc, String responsePointer) {
        List<Finding> out = new ArrayList<>();
        Iterator<Map.Entry<String, JsonNode>> types = doc.at(responsePointer + "/content").fields();
        while (types.hasNext()) {
            Map.Entry<String, JsonNode> media = types.next();
            if (media.getValue().has("schema") && !media.getValue().has("example")
                    && media.getValue().path("examples").isEmpty()) {
                out.add(new Finding(doc.file(), Pointers.append(responsePointer + "/content", media.getKey()),
                        NO_EXAMPLE, ""));
            }
        }
        return out;
    }

    private static final List<String> RATE_LIMIT_HEADERS =
            List.of("X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset");

    /** An operation's {@code x-kit-rate-limit-category} must be declared and its headers present. */
    private static List<Finding> checkRateLimit(ContractDocument doc, ContractDocument.Operation op) {
        Optional<String> category = RateLimits.categoryOf(op.node());
        if (category.isEmpty()) {
            return List.of();
        }
        List<Finding> out = new ArrayList<>();
        String where = op.pointer() + "/" + RateLimits.CATEGORY_KEY;
        if (!RateLimits.of(doc.root()).categories().containsKey(category.get())) {
            out.add(new Finding(doc.file(), where, "rate-limit category is not one of /" + RateLimits.KEY,
                    '"' + category.get() + '"'));
        }
        Map<String, String> responses = op.responses();
        if (!responses.containsKey("429")) {
            out.add(new Finding(doc.file(), op.pointer() + "/responses", "rate-limited operation declares no 429", ""));
        }
        for (Map.Entry<String, String> response : responses.entrySet()) {
            JsonNode headers = doc.at(response.getValue() + "/headers");
            List<String> wanted = new ArrayList<>(RATE_LIMIT_HEADERS);
            if (response.getKey().equals("429")) {
                wanted.add("Retry-After");
            }
            for (String header : wanted) {
                if (!headers.has(header)) {
                    out.add(new Finding(doc.file(), response.getValue() + "/headers",
                            "response of a rate-limited operation lacks header " + header, ""));
                }
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
        out.addAll(DanglingRefs.of(doc));
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
