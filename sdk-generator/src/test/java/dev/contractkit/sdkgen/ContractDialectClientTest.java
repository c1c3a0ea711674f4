package dev.contractkit.sdkgen;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 38.1: what the generated client takes from the contract: method and builder names ({@code x-kit-sdk-name}),
 * where and in what form a credential goes ({@code x-kit-credential-format}), whether it is required (every
 * operation needs it), where errors hold code, message and request id ({@code x-kit-error}, else derived), paging
 * by {@code Link} (also when a page is an object holding the list) and by offset, and add-on interfaces.
 * (That the generated code compiles and runs on the SDK: the SDK's own {@code FormsClient}, and {@code examples}.)
 */
class ContractDialectClientTest {
    static final Path DOC = Path.of(System.getProperty("user.dir")).resolve("src/test/resources/dialect-client.yaml");
    @TempDir
    static Path out;
    static String client;
    static String errors;

    @BeforeAll
    static void generate() throws Exception {
        SdkGenerator.request(DOC, "com.acme.shelves", out).addOns(List.of("com.acme.shelves.ShelvesClientAddOns")).generate();
        client = Files.readString(out.resolve("com/acme/shelves/ShelvesClient.java"));
        errors = Files.readString(out.resolve("com/acme/shelves/internal/ContractErrors.java"));
    }

    @Test
    void anOperationsMethodIsNamedByXKitSdkNameElseByItsOperationId() {
        assertThat(client).contains("public dev.contractkit.sdk.Call<BookPage> books(Integer limit, Integer offset, String genre)")
                .contains("public dev.contractkit.sdk.Call<ShelfPage> listShelves(Integer count, Integer offset)")
                .doesNotContain(" listBooks(");
    }

    @Test
    void theCredentialGoesWhereAndInTheFormTheSchemeSaysUnderTheBuilderNameItDeclares() {
        assertThat(client).contains("public Builder shelfKey(String value)")
                .contains("credentials.put(\"header\", \"Authorization\", value == null ? null : \"Shelf key=\" + value + \"; v=1\")");
    }

    @Test
    void aCredentialEveryOperationNeedsIsRequiredWhenTheClientIsBuilt() {
        assertThat(client).contains("if (!given.contains(\"shelfKey\"))")
                .contains("shelfKey required: the contract's ShelfToken scheme secures every operation.");
    }

    @Test
    void errorCodesMessagesAndRequestIdsAreWhereTheErrorSchemasSayOrWhereTheirPropertiesAre() {
        assertThat(errors).contains("java.util.List.of(\"/kind\", \"/detail\", \"/error/code\")")
                .contains("java.util.List.of(\"/text\", \"/error/message\")")
                .contains("java.util.List.of(\"/trace/id\", \"/error/request_id\")");
        assertThat(client).contains("Generated.retrofit(config, credentials, com.acme.shelves.internal.ContractErrors.FORMAT)");
    }

    @Test
    void aListPagedByOffsetWalksByThePageSizeStoppingWhereADeclaredLinkNamesNoNextPage() {
        assertThat(client).contains("public Stream<Book> booksAutoPaging(int pageSize, String genre)")
                .contains("Generated.byOffset(pageSize, offset -> this.defaultApi.listBooks(pageSize, offset, genre), BookPage::getBooks, false)");
        assertThat(client).contains("public Stream<Shelf> listShelvesAutoPaging(int pageSize)")
                .contains("Generated.byOffset(pageSize, offset -> this.defaultApi.listShelves(pageSize, offset), ShelfPage::getShelves, true)");
    }

    @Test
    void aListPagedOnlyByLinkFollowsItsLinksAlsoWhenAPageIsAnObjectHoldingTheList() {
        assertThat(client).contains("public Stream<String> listRacksAutoPaging(String genre)")
                .contains("Generated.byLinkPages(this.retrofit, () -> this.defaultApi.listRacks(genre), RackPage.class, RackPage::getRacks)");
    }

    @Test
    void theClientImplementsItsAddOnInterfaces() {
        assertThat(client).contains("public final class ShelvesClient implements AutoCloseable, com.acme.shelves.ShelvesClientAddOns {");
    }
}
