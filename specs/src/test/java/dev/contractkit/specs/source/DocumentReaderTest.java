package dev.contractkit.specs.source;

import com.fasterxml.jackson.databind.JsonNode;
import dev.contractkit.specs.Api;
import dev.contractkit.specs.check.ContractDocument;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Issue 33.1: every valid document is read, however it is written. */
class DocumentReaderTest {
    static final Path SHAPES = Path.of(System.getProperty("user.dir"))
            .resolve("../specs/src/test/resources/document-shapes").normalize();
    static final Path OUTSIDE = Path.of(System.getProperty("user.dir"))
            .resolve("../specs/src/test/resources/contracts-outside/openapi").normalize();

    @TempDir
    Path dir;

    @Test
    void aMinifiedJsonDocumentIsReadAsItIs() throws IOException {
        JsonNode petstore = Trees.parse(Files.readString(OUTSIDE.resolve("v3.0-petstore.yaml")));
        Path file = Files.writeString(dir.resolve("petstore.json"), petstore.toString());
        assertThat(Files.readAllLines(file)).hasSize(1);

        DocumentReader.Source source = DocumentReader.read(file);

        assertThat(source.kind()).isEqualTo(DocumentReader.Kind.OPENAPI);
        assertThat(source.notes()).isEmpty();
        assertThat(source.text()).isEqualTo(petstore.toString());
        assertThat(ContractDocument.parse(file.toString(), source.text()).operations()).hasSize(3);
    }

    @Test
    void aYamlDocumentBeyondSnakeYamlsDefaultLimitIsRead() throws IOException {
        // 4 MB of YAML: SnakeYAML's default stops at 3 MiB of code points
        StringBuilder yaml = new StringBuilder("openapi: 3.0.3\ninfo: {title: big, version: '1'}\npaths:\n");
        int n = 0;
        while (yaml.length() < 4_000_000) {
            yaml.append("  /r").append(n).append(":\n    get:\n      operationId: get").append(n)
                    .append("\n      description: \"").append("x".repeat(400)).append("\"\n")
                    .append("      responses: {'200': {description: ok}}\n");
            n++;
        }
        Path file = Files.writeString(dir.resolve("big.yaml"), yaml);

        DocumentReader.Source source = DocumentReader.read(file);

        assertThat(ContractDocument.parse(file.toString(), source.text()).operations()).hasSize(n);
    }

    @Test
    void aJsonDocumentWithStringsBeyondJacksonsDefaultLimitIsRead() throws IOException {
        String longText = "y".repeat(21_000_000); // Jackson's default maximum string length is 20,000,000
        Path file = Files.writeString(dir.resolve("long.json"), "{\"openapi\":\"3.1.0\",\"info\":{\"title\":\"t\","
                + "\"version\":\"1\",\"description\":\"" + longText + "\"},\"paths\":{}}");

        DocumentReader.Source source = DocumentReader.read(file);

        assertThat(ContractDocument.parse(file.toString(), source.text()).root().at("/info/description").asText())
                .hasSize(21_000_000);
    }

    @Test
    void aSwagger2DocumentIsConvertedToOpenApi30() {
        DocumentReader.Source source = DocumentReader.read(SHAPES.resolve("swagger2-bookshop.yaml"));

        assertThat(source.kind()).isEqualTo(DocumentReader.Kind.OPENAPI);
        assertThat(source.notes()).anyMatch(n -> n.startsWith("converted from Swagger 2.0 to OpenAPI 3.0"));
        ContractDocument doc = ContractDocument.parse("bookshop", source.text());
        assertThat(doc.root().path("openapi").asText()).startsWith("3.0");
        assertThat(doc.root().at("/servers/0/url").asText()).isEqualTo("https://bookshop.example.com/v1");
        assertThat(doc.operations()).extracting(ContractDocument.Operation::operationId)
                .containsExactlyInAnyOrder("listBooks", "addBook", "getBook");
        assertThat(doc.at("/paths/~1books/post/requestBody/content/application~1json/schema/$ref").asText())
                .isEqualTo("#/components/schemas/NewBook");
        assertThat(doc.at("/components/securitySchemes/key/name").asText()).isEqualTo("X-Api-Key");
        assertThat(DocumentReader.hasExternalRef(doc.root())).isFalse();
    }

    @Test
    void aDocumentSplitOverFilesIsBundledIntoOne() {
        DocumentReader.Source source = DocumentReader.read(SHAPES.resolve("multi-file/library.yaml"));

        assertThat(source.notes()).anyMatch(n -> n.startsWith("bundled"));
        ContractDocument doc = ContractDocument.parse("library", source.text());
        assertThat(DocumentReader.hasExternalRef(doc.root())).as(source.notes() + source.text()).isFalse();
        assertThat(doc.operations()).extracting(ContractDocument.Operation::operationId)
                .containsExactlyInAnyOrder("listMembers", "addMember", "getMember");
        JsonNode member = doc.resolve(doc.at("/paths/~1members~1{memberId}/get/responses/200/content/application~1json/schema"));
        assertThat(member.path("required")).extracting(JsonNode::asText).containsExactly("id", "name");
        JsonNode parameter = doc.resolve(doc.at("/paths/~1members~1{memberId}/get/parameters/0"));
        assertThat(parameter.path("name").asText()).isEqualTo("memberId");
    }

    @Test
    void aJsonDocumentIsRecognisedWithoutItsTreeSwagger2AndExternalRefsIncluded() throws IOException {
        Path swagger = Files.writeString(dir.resolve("bookshop.json"),
                Trees.parse(Files.readString(SHAPES.resolve("swagger2-bookshop.yaml"))).toString());
        Path split = Files.writeString(dir.resolve("split.json"), """
                {"openapi": "3.0.3", "info": {"title": "split", "version": "1"},
                 "paths": {"/a": {"get": {"responses": {"200": {"description": "ok", "content": {"application/json":
                   {"schema": {"$ref": "parts.json#/Thing"}}}}}}}}}
                """);
        Files.writeString(dir.resolve("parts.json"), "{\"Thing\": {\"type\": \"string\"}}");
        Path plain = Files.writeString(dir.resolve("plain.json"), """
                {"openapi": "3.1.0", "info": {"title": "plain", "version": "1"}, "paths": {},
                 "components": {"schemas": {"A": {"$ref": "#/components/schemas/B"}, "B": {"type": "string"}}}}
                """);

        assertThat(DocumentReader.read(swagger).notes()).anyMatch(n -> n.startsWith("converted from Swagger 2.0"));
        assertThat(DocumentReader.read(split).notes()).anyMatch(n -> n.startsWith("bundled"));
        assertThat(DocumentReader.read(plain).notes()).isEmpty();
        assertThat(DocumentReader.read(plain).text()).isEqualTo(Files.readString(plain));
    }

    @Test
    void theTextAsUtf8AndTheNotesAreWhatReadGives() throws IOException {
        Path plain = Files.writeString(dir.resolve("plain.json"), "\uFEFF{\"openapi\": \"3.0.3\", \"info\": {\"title\": \"caf\u00e9 \u2615\","
                + " \"version\": \"1\"}, \"paths\": {}}");
        for (Path file : List.of(plain, SHAPES.resolve("swagger2-bookshop.yaml"))) {
            DocumentReader.Source source = DocumentReader.read(file);

            assertThat(new String(DocumentReader.utf8(file), java.nio.charset.StandardCharsets.UTF_8)).isEqualTo(source.text());
            assertThat(DocumentReader.notes(file)).isEqualTo(source.notes());
            assertThat(ContractDocument.parse(file.toString(), DocumentReader.utf8(file)).text()).isEqualTo(source.text());
        }
        assertThat(DocumentReader.read(plain).text()).startsWith("{").contains("caf\u00e9 \u2615");
    }

    @Test
    void anApiOnDiskReadsItsDocumentThroughTheReader() {
        Path file = SHAPES.resolve("swagger2-bookshop.yaml");
        Api api = Api.fromFiles("bookshop", List.of(file), List.of(), 0);

        assertThat(api.read(api.mainContract())).isEqualTo(DocumentReader.read(file).text()).contains("\"openapi\"");
    }

    @Test
    void anAsyncApiDocumentIsRecognised() throws IOException {
        Path file = Files.writeString(dir.resolve("events.json"), "{\"asyncapi\":\"3.0.0\",\"info\":{\"title\":\"e\",\"version\":\"1\"}}");

        assertThat(DocumentReader.read(file).kind()).isEqualTo(DocumentReader.Kind.ASYNCAPI);
    }

    @Test
    void aChangedFileIsReadAgain() throws IOException {
        Path file = Files.writeString(dir.resolve("a.json"), "{\"openapi\":\"3.0.0\",\"info\":{\"title\":\"one\",\"version\":\"1\"},\"paths\":{}}");
        assertThat(DocumentReader.read(file).text()).contains("one");
        Files.writeString(file, "{\"openapi\":\"3.0.0\",\"info\":{\"title\":\"two\",\"version\":\"1\"},\"paths\":{}}");
        Files.setLastModifiedTime(file, FileTime.fromMillis(Files.getLastModifiedTime(file).toMillis() + 2_000));

        assertThat(DocumentReader.read(file).text()).contains("two");
    }

    @Test
    void whatIsNotADocumentIsRefusedWithItsReason() throws IOException {
        List<String> messages = new ArrayList<>();
        for (String[] c : new String[][]{
                {"empty.json", ""},
                {"list.yaml", "- a\n- b\n"},
                {"broken.json", "{\"openapi\": "},
                {"swagger12.json", "{\"swaggerVersion\":\"1.2\",\"apis\":[]}"},
                {"openapi2.yaml", "openapi: 2.0\n"},
                {"other.yaml", "kind: Deployment\n"}}) {
            Path file = Files.writeString(dir.resolve(c[0]), c[1]);
            assertThatThrownBy(() -> DocumentReader.read(file)).isInstanceOf(IllegalArgumentException.class)
                    .satisfies(e -> messages.add(e.getMessage()));
        }
        assertThatThrownBy(() -> DocumentReader.read(dir.resolve("missing.yaml")))
                .hasMessageContaining("missing.yaml").hasMessageContaining("no such file");

        assertThat(messages).allMatch(m -> m.startsWith(dir.toString()));
        assertThat(messages.get(0)).contains("not a JSON or YAML object");
        assertThat(messages.get(1)).contains("not a JSON or YAML object");
        assertThat(messages.get(2)).contains("neither JSON nor YAML");
        assertThat(messages.get(3)).contains("Swagger 1.x");
        assertThat(messages.get(4)).contains("OpenAPI 2.0 is not read");
        assertThat(messages.get(5)).contains("neither an OpenAPI document");
    }

    @Test
    void treesTellJsonFromYaml() {
        assertThat(Trees.isJson("\uFEFF  {\"a\":1}")).isTrue();
        assertThat(Trees.isJson("[1]")).isTrue();
        assertThat(Trees.isJson("openapi: 3.0.0")).isFalse();
        assertThat(Trees.isJson("")).isFalse();
    }
}
