package dev.contractkit.bench;

import com.fasterxml.jackson.databind.JsonNode;
import dev.contractkit.specs.source.Trees;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The corpus bench's parts that need no process: the seeded sample, the sampled GETs, the install's message. */
class CorpusPartsTest {
    @Test
    void theSampleIsTheSameForTheSameSeedAndAnotherForAnother(@TempDir Path api) throws Exception {
        for (int i = 0; i < 40; i++) {
            Path f = api.resolve("host" + i + ".com/" + (i % 3 == 0 ? "v1.json" : "openapi.json"));
            Files.createDirectories(f.getParent());
            Files.writeString(f, "{}");
        }
        Files.writeString(api.resolve("_index.js"), "");

        List<Path> one = CorpusFiles.sample(api, 10, 1);

        assertThat(one).hasSize(10).doesNotHaveDuplicates().allSatisfy(f -> assertThat(f.toString()).endsWith(".json"));
        assertThat(CorpusFiles.sample(api, 10, 1)).isEqualTo(one);
        assertThat(CorpusFiles.sample(api, 10, 2)).isNotEqualTo(one);
        assertThat(CorpusFiles.sample(api, 100, 1)).hasSize(40);
        assertThat(CorpusFiles.name(api, one.get(0))).doesNotStartWith("/").endsWith(".json");
    }

    @Test
    void aListNamesTheDocumentsToRunAgainInItsOrderAndAnUnknownNameIsRefusedByName(@TempDir Path api) throws Exception {
        for (String name : List.of("a.com/v1.json", "b.com/openapi.json")) {
            Files.createDirectories(api.resolve(name).getParent());
            Files.writeString(api.resolve(name), "{}");
        }

        assertThat(CorpusFiles.named(api, List.of("b.com/openapi.json", "", "# failed before", "a.com/v1.json  # vtex")))
                .containsExactly(api.resolve("b.com/openapi.json"), api.resolve("a.com/v1.json"));
        assertThatThrownBy(() -> CorpusFiles.named(api, List.of("c.com/v1.json"))).hasMessageContaining("'c.com/v1.json'");
        assertThatThrownBy(() -> CorpusFiles.named(api, List.of("../outside.json"))).hasMessageContaining("no document");
    }

    @Test
    void theMockRunsWithTheJvmFlagsOfKitMockReadFromItsFileWithoutComments(@TempDir Path root) throws Exception {
        Files.createDirectories(root.resolve("mock-server"));
        Files.writeString(root.resolve("mock-server/jvm.options"), "# why\n-XX:+UseSerialGC\n\n  -XX:MaxNewSize=32m  # young\n");

        assertThat(CorpusTools.jvmOptions(root)).containsExactly("-XX:+UseSerialGC", "-XX:MaxNewSize=32m");
        Path kit = Path.of(System.getProperty("user.dir")).getParent();
        assertThat(CorpusTools.jvmOptions(kit)).isNotEmpty().allSatisfy(f -> assertThat(f).startsWith("-").doesNotContain(" "));
    }

    @Test
    void withoutNodeAndNpmTheCorpusIsUnavailableSayingWhatItNeeds(@TempDir Path bin) throws Exception {
        Files.createSymbolicLink(bin.resolve("dirname"), Path.of("/usr/bin/dirname"));
        Path root = Path.of(System.getProperty("user.dir")).getParent();

        assertThatThrownBy(() -> CorpusFiles.ensure(root, Map.of("PATH", bin.toString())))
                .isInstanceOfSatisfying(CorpusFiles.Unavailable.class, e -> assertThat(e.skipped()).isTrue())
                .hasMessageContaining("need node >= 20 and npm on PATH");
    }

    private static final String DOCUMENT = """
            {"openapi": "3.0.3", "info": {"title": "t", "version": "1"},
             "security": [{"key": []}],
             "components": {
               "securitySchemes": {"key": {"type": "apiKey", "in": "header", "name": "X-Key"},
                                   "basic": {"type": "http", "scheme": "basic"}},
               "parameters": {"owner": {"name": "owner", "in": "path", "required": true, "example": "octocat"}},
               "schemas": {"Kind": {"type": "string", "enum": ["big", "small"]}}},
             "paths": {
               "/repos/{owner}/{repo}": {"parameters": [{"$ref": "#/components/parameters/owner"}],
                 "get": {"parameters": [{"name": "repo", "in": "path", "required": true, "schema": {"type": "string"}}],
                         "responses": {"200": {"description": "ok"}}}},
               "/items/{id}": {"get": {"parameters": [
                   {"name": "id", "in": "path", "required": true, "schema": {"type": "integer", "minimum": 7}},
                   {"name": "kind", "in": "query", "required": true, "schema": {"$ref": "#/components/schemas/Kind"}},
                   {"name": "page", "in": "query", "schema": {"type": "integer"}}],
                 "security": [{"basic": []}],
                 "responses": {"2XX": {"description": "ok"}}}},
               "/open": {"get": {"security": [{}], "responses": {"default": {"description": "any"}}}},
               "/days/{day}": {"get": {"parameters": [{"name": "day", "in": "path", "required": true,
                   "schema": {"type": "string", "format": "date"}}], "responses": {"404": {"description": "none"}}}},
               "/items": {"post": {"responses": {"201": {"description": "made"}}}}
             }}""";

    @Test
    void sampledGetsFillTheirParametersFromTheDocumentAndCarryTheCredentialItsSecuritySays() throws Exception {
        JsonNode root = Trees.parse(DOCUMENT);

        List<SampledGets.Call> calls = SampledGets.of(root, 5, List.of("/days/{day}"));

        assertThat(calls).extracting(SampledGets.Call::template)
                .containsExactly("/days/{day}", "/repos/{owner}/{repo}", "/items/{id}", "/open");
        assertThat(calls.get(0).path()).isEqualTo("/days/2024-01-31");
        assertThat(calls.get(1).path()).isEqualTo("/repos/octocat/1");
        assertThat(calls.get(1).headers()).containsEntry("X-Key", "corpus-token");
        assertThat(calls.get(2).path()).isEqualTo("/items/7?kind=big");
        assertThat(calls.get(2).headers()).containsOnlyKeys("Authorization")
                .hasEntrySatisfying("Authorization", v -> assertThat(v).startsWith("Basic "));
        assertThat(calls.get(3).headers()).isEmpty();
    }

    @Test
    void aStatusIsDeclaredByItsCodeItsRangeOrADefault() throws Exception {
        List<SampledGets.Call> calls = SampledGets.of(Trees.parse(DOCUMENT), 5, List.of());

        SampledGets.Call exact = calls.stream().filter(c -> c.template().startsWith("/repos")).findFirst().orElseThrow();
        SampledGets.Call range = calls.stream().filter(c -> c.template().equals("/items/{id}")).findFirst().orElseThrow();
        SampledGets.Call any = calls.stream().filter(c -> c.template().equals("/open")).findFirst().orElseThrow();
        assertThat(exact.declares(200)).isTrue();
        assertThat(exact.declares(404)).isFalse();
        assertThat(range.declares(204)).isTrue();
        assertThat(range.declares(400)).isFalse();
        assertThat(any.declares(418)).isTrue();
        assertThat(exact.declares(-1)).isFalse();
    }

    @Test
    void aFragmentInThePathKeyIsLeftOutOfTheRequestAndTheQueryFollowsThePath() throws Exception {
        JsonNode aws = Trees.parse("""
                {"openapi": "3.0.0", "info": {"title": "t", "version": "1"}, "paths": {
                  "/devices/{Id}/events#fromTimeStamp": {"get": {"parameters": [
                    {"name": "Id", "in": "path", "required": true, "schema": {"type": "string"}},
                    {"name": "fromTimeStamp", "in": "query", "required": true, "schema": {"type": "string", "format": "date-time"}}],
                    "responses": {"200": {"description": "ok"}}}}}}""");

        assertThat(SampledGets.of(aws, 5, List.of())).singleElement().extracting(SampledGets.Call::path)
                .isEqualTo("/devices/1/events?fromTimeStamp=2024-01-31T12%3A00%3A00Z");
    }

    @Test
    void atMostTheAskedNumberOfGetsSpreadOverTheDocument() throws Exception {
        assertThat(SampledGets.of(Trees.parse(DOCUMENT), 2, List.of())).extracting(SampledGets.Call::template)
                .containsExactly("/repos/{owner}/{repo}", "/open");
    }
}
