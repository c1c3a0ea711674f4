package dev.contractkit.sdkgen;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The catalogue's server stubs need nothing of Helidon's multipart media, which the kit does not depend on. */
class KitServerCodegenTest {
    static final Path SPECS = Path.of(System.getProperty("user.dir")).resolve("../specs").normalize();

    @Test
    void aMultipartUploadsStubImportsNoMultipartMediaAndComesWithoutPartsUtils(@TempDir Path dir) throws Exception {
        Catalogue.server(SPECS.resolve("openapi/agent.yaml"), "com.acme.agent", dir, Map.of("--helidon-version", "4.2.0"),
                false);
        Path pkg = dir.resolve("src/main/java/com/acme/agent");
        String files = Files.readString(pkg.resolve("FilesService.java"));
        assertThat(files).contains("rules.post(\"/\", this::uploadFile)")
                .contains("@io.helidon.common.Generated(value = \"" + KitServerCodegen.class.getName() + "\"")
                .doesNotContain("import " + KitServerCodegen.MULTIPART_MEDIA);
        assertThat(pkg.resolve("PartsUtils.java")).doesNotExist();
        assertThat(pkg.resolve("ValidatorUtils.java")).as("the other helpers stay").exists();
    }
}
