package dev.contractkit.sdkgen;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 38.1: the catalogue's client of a contract file is in its API's package and named after the file, so an API
 * with several documents (codehost's v4 and v5) gets one client per document beside the other, each with its own
 * add-ons; an API whose package has hand-written code but no add-ons for a client keeps its own client.
 */
class CatalogueClientsTest {
    static final Path SPECS = Path.of(System.getProperty("user.dir")).resolve("../specs").normalize();
    static final String CODEHOST = "dev/contractkit/sdk/codehost";

    @Test
    void aClientIsNamedAfterItsContractFile() {
        assertThat(Catalogue.clientName(Catalogue.suffix("openapi/forms.yaml"))).isEqualTo("FormsClient");
        assertThat(Catalogue.clientName(Catalogue.suffix("openapi/codehost-v4.yaml"))).isEqualTo("CodehostV4Client");
    }

    @Test
    void aDocumentOfAnApiWithSeveralGetsItsClientInTheApisPackageWithItsAddOns(@TempDir Path dir) throws Exception {
        Path handWritten = handWritten(dir, "CodehostV4ClientAddOns.java", "RunnerState.java");
        Path out = dir.resolve("out");

        Catalogue.sdk("codehost", SPECS.resolve("openapi/codehost-v4.yaml"), "dev.contractkit.sdk.codehost.v4", out,
                handWritten.toString());

        String client = Files.readString(out.resolve(CODEHOST + "/CodehostV4Client.java"));
        assertThat(client).startsWith("package dev.contractkit.sdk.codehost;")
                .contains("public final class CodehostV4Client implements AutoCloseable, dev.contractkit.sdk.codehost.CodehostV4ClientAddOns {")
                .contains("import dev.contractkit.sdk.codehost.v4.api.*;")
                .as("the builder method the PrivateToken scheme names (x-kit-sdk-name), and the bearer scheme's")
                .contains("public Builder token(String value)", "credentials.put(\"header\", \"PRIVATE-TOKEN\", ",
                        "public Builder bearerToken(String value)", "\"Bearer \" + value")
                .as("every paged list follows its Link header")
                .contains("public Stream<Runner> listAllRunnersAutoPaging(", "Generated.byLink(");
        assertThat(out.resolve(CODEHOST + "/v4/api/RunnersApi.java")).exists();
        assertThat(out.resolve(CODEHOST + "/v4/V4Client.java")).doesNotExist();
    }

    @Test
    void anApiWithHandWrittenCodeButNoAddOnsForTheClientKeepsItsOwn(@TempDir Path dir) throws Exception {
        Path handWritten = handWritten(dir, "RunnerState.java");
        Path out = dir.resolve("out");

        Catalogue.sdk("codehost", SPECS.resolve("openapi/codehost-v5.yaml"), "dev.contractkit.sdk.codehost.v5", out,
                handWritten.toString());

        assertThat(out.resolve(CODEHOST + "/CodehostV5Client.java")).doesNotExist();
        assertThat(out.resolve(CODEHOST + "/v5/api/RunnersApi.java")).exists();
    }

    private static Path handWritten(Path dir, String... files) throws Exception {
        Path root = dir.resolve("src");
        Path pkg = Files.createDirectories(root.resolve(CODEHOST));
        for (String f : files) {
            Files.writeString(pkg.resolve(f), "");
        }
        return root;
    }
}
