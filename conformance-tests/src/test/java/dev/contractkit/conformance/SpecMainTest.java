package dev.contractkit.conformance;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code ./kit conform --spec FILE --base-url URL}: the real entry point on a document nobody here wrote. */
class SpecMainTest {
    static PetstoreServer correct;
    static PetstoreServer broken;
    @TempDir
    Path dir;

    @BeforeAll
    static void start() {
        correct = PetstoreServer.correct();
        broken = PetstoreServer.broken();
    }

    @AfterAll
    static void stop() {
        correct.close();
        broken.close();
    }

    MainTest.Result conform(String... args) {
        String[] all = Stream.concat(Arrays.stream(args),
                Stream.of("--report-dir", dir.resolve("reports").toString())).toArray(String[]::new);
        return MainTest.conform(all);
    }

    @Test
    void aCorrectServerExitsZeroAndSaysWhatWasNotChecked() throws Exception {
        MainTest.Result r = conform("--spec", PetstoreServer.PETSTORE.toString(), "--base-url", correct.url());

        assertThat(r.exit()).as(r.out() + r.err()).isZero();
        assertThat(r.out()).contains("conformance: v3-0-petstore against " + correct.url())
                .contains("conformance: every check passed")
                .containsPattern("forbidden_role +not checked: the document does not use the kit's dialect");
        assertThat(dir.resolve("reports/TEST-conformance.v3-0-petstore.xml")).exists();
        assertThat(Files.list(dir.resolve("reports"))).anyMatch(p -> p.toString().endsWith(".html"));
    }

    @Test
    void aBrokenServerExitsOneWithTheViolationInTheOutput() {
        MainTest.Result r = conform("--spec", PetstoreServer.PETSTORE.toString(), "--base-url", broken.url());

        assertThat(r.exit()).isEqualTo(1);
        assertThat(r.out()).contains("response_schema_conformance  GET /pets (listPets)")
                .contains("conformance: FAILED (v3-0-petstore)");
    }

    @Test
    void credentialsArePlacedAsTheDocumentsSecuritySchemeSays() {
        MainTest.Result without = conform("--spec", PetstoreServer.SCOPES.toString(), "--base-url", correct.url());
        MainTest.Result with = conform("--spec", PetstoreServer.SCOPES.toString(), "--base-url", correct.url(),
                "--credential", PetstoreServer.TOKEN);

        assertThat(with.exit()).as(with.out()).isZero();
        assertThat(without.out()).contains("note:"); // no credential: the secured operation's success is not judged
    }

    @Test
    void aMissingFileIsAUsageError() {
        MainTest.Result r = conform("--spec", dir.resolve("nope.yaml").toString(), "--base-url", correct.url());

        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).contains("conform: --spec: no such file " + dir.resolve("nope.yaml"));
        assertThat(r.out()).isEmpty();
    }

    @Test
    void anUnparseableFileIsAUsageErrorNamingTheFile() throws Exception {
        Path bad = Files.writeString(dir.resolve("bad.yaml"), "openapi: 3.0.0\npaths: [unclosed\n");
        MainTest.Result r = conform("--spec", bad.toString(), "--base-url", correct.url());

        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).contains("conform: --spec: " + bad + ": neither JSON nor YAML")
                .doesNotContain("Exception\n\tat ");
    }

    @Test
    void anAsyncApiOrSwagger1DocumentIsAUsageErrorThatSaysSo() throws Exception {
        Path swagger = Files.writeString(dir.resolve("old.json"), "{\"swaggerVersion\":\"1.2\",\"apis\":[]}");
        Path gitter = PetstoreServer.OUTSIDE.resolve("../asyncapi/gitter-streaming-asyncapi.yml").normalize();

        MainTest.Result s = conform("--spec", swagger.toString(), "--base-url", correct.url());
        MainTest.Result a = conform("--spec", gitter.toString(), "--base-url", correct.url());

        assertThat(s.exit()).isEqualTo(2);
        assertThat(s.err()).contains("a Swagger 1.x document (swaggerVersion 1.2); convert it to OpenAPI first");
        assertThat(a.exit()).isEqualTo(2);
        assertThat(a.err()).contains("is an AsyncAPI document");
    }

    @Test
    void specWithoutBaseUrlOrWithApiIsAUsageError() {
        MainTest.Result noUrl = conform("--spec", PetstoreServer.PETSTORE.toString());
        MainTest.Result both = conform("--spec", PetstoreServer.PETSTORE.toString(), "--api", "forms",
                "--base-url", correct.url());

        assertThat(noUrl.exit()).isEqualTo(2);
        assertThat(noUrl.err()).contains("--base-url is required with --spec");
        assertThat(both.exit()).isEqualTo(2);
        assertThat(both.err()).contains("--spec and --api do not go together");
    }

    @Test
    void theUsageTextShowsSpec() {
        MainTest.Result r = conform("--help");

        assertThat(r.out()).contains("conform --spec FILE [--spec FILE] --base-url URL");
    }
}
