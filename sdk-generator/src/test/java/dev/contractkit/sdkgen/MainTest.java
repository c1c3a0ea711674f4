package dev.contractkit.sdkgen;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code ./kit sdk}: what it generates, what it says about what it cannot, and how it refuses bad input. */
class MainTest {
    static final Path OUTSIDE = Path.of(System.getProperty("user.dir")).resolve("../specs/src/test/resources/contracts-outside/openapi").normalize();
    final ByteArrayOutputStream out = new ByteArrayOutputStream();
    final ByteArrayOutputStream err = new ByteArrayOutputStream();

    int run(String... args) {
        return Main.run(args, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    String err() {
        return err.toString(StandardCharsets.UTF_8);
    }

    @Test
    void missingOptionsAreAUsageErrorWithExitCode2() {
        assertThat(run("--spec", "x.yaml")).isEqualTo(2);
        assertThat(err()).contains("--spec, --package and --out are required").contains("usage: ./kit sdk");
    }

    @Test
    void aPackageThatIsNotJavaIsRefusedInOneLine(@TempDir Path dir) {
        assertThat(run("--spec", OUTSIDE.resolve("v3.0-petstore.yaml").toString(), "--package", "Com.Acme-Pets", "--out", dir.toString())).isEqualTo(2);
        assertThat(err()).contains("'Com.Acme-Pets' is not a Java package name").doesNotContain("Exception");
    }

    @Test
    void aMissingOrUnreadableDocumentIsRefusedWithoutAStackTrace(@TempDir Path dir) throws Exception {
        assertThat(run("--spec", dir.resolve("none.yaml").toString(), "--package", "com.acme", "--out", dir.toString())).isEqualTo(2);
        assertThat(err()).contains("no such file");
        Path junk = Files.writeString(dir.resolve("junk.yaml"), "just: text\n");
        err.reset();
        assertThat(run("--spec", junk.toString(), "--package", "com.acme", "--out", dir.resolve("out").toString())).isEqualTo(2);
        assertThat(err()).contains("junk.yaml").doesNotContain("\tat ");
    }

    @Test
    void thePetstoreBecomesAClientWhoseOperationsReturnTheKitsCall(@TempDir Path dir) throws Exception {
        assertThat(run("--spec", OUTSIDE.resolve("v3.0-petstore.yaml").toString(), "--package", "com.acme.pets", "--out", dir.toString())).isZero();
        String client = Files.readString(dir.resolve("com/acme/pets/PetsClient.java"));
        assertThat(client).contains("public dev.contractkit.sdk.Call<List<Pet>> listPets(Integer limit)")
                .contains("extends dev.contractkit.sdk.ClientBuilder<Builder>");
        assertThat(dir.resolve("com/acme/pets/model/ApiError.java")).as("Error is ApiError, as in the SDK").exists();
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("com.acme.pets.PetsClient");
    }

    @Test
    void callbacksAndWebhooksAreNamedAsUnsupportedAndTheRestIsGenerated(@TempDir Path dir) {
        assertThat(run("--spec", OUTSIDE.resolve("v3.0-callback-example.yaml").toString(), "--package", "com.acme.streams", "--out", dir.resolve("a").toString())).isZero();
        assertThat(err()).containsPattern("unsupported: callback '\\w+' at paths\\./streams\\.post\\.callbacks");
        assertThat(dir.resolve("a/com/acme/streams/StreamsClient.java")).exists();
        err.reset();
        assertThat(run("--spec", OUTSIDE.resolve("v3.1-webhook-example.yaml").toString(), "--package", "com.acme.hooks", "--out", dir.resolve("b").toString())).isZero();
        assertThat(err()).contains("unsupported: webhook at webhooks.newPet");
    }

    @Test
    void pagingEventStreamsAndCredentialsFollowWhatTheContractDeclares(@TempDir Path dir) throws Exception {
        Path spec = Path.of(getClass().getResource("/feeds.yaml").toURI());
        assertThat(run("--spec", spec.toString(), "--package", "com.acme.feeds", "--out", dir.toString())).isZero();
        String client = Files.readString(dir.resolve("com/acme/feeds/FeedsClient.java"));
        assertThat(client).as("Link header: follows rel=next")
                .contains("public Stream<Post> listPostsAutoPaging(Integer perPage)").contains("Generated.byLink(");
        assertThat(client).as("next_cursor sent back as cursor")
                .contains("public Stream<Post> listCommentsAutoPaging()").contains("Generated.byCursor(cursor -> ")
                .contains("::getItems").contains("::getNextCursor");
        assertThat(client).as("text/event-stream").contains("dev.contractkit.sdk.Call<dev.contractkit.sdk.EventStream> watchPosts()");
        assertThat(client).as("apiKey and oauth2 credentials").contains("public Builder key(String value)")
                .contains("credentials.put(\"header\", \"X-Api-Key\", value == null ? null : value)")
                .contains("public Builder oauth(String value)").contains("\"Bearer \" + value");
        assertThat(err()).contains("unsupported: cookie parameter 'session' at paths./comments.get")
                .contains("unsupported: oauth2 flows at components.securitySchemes.oauth");
    }
}
