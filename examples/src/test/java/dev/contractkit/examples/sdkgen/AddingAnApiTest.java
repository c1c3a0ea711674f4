package dev.contractkit.examples.sdkgen;

import dev.contractkit.mock.MockOptions;
import dev.contractkit.mock.MockServers;
import dev.contractkit.sdk.BadRequestException;
import dev.contractkit.sdk.Call;
import dev.contractkit.sdkgen.Catalogue;
import dev.contractkit.specs.Api;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.lang.reflect.InvocationTargetException;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Issue 22.4: docs/adding-an-api.md's worked example, built from the page itself. The repo's catalogue is copied into a
 * temporary specs/ with the page's contract and catalogue entry added; the build's generation step
 * ({@link Catalogue}, as sdk/pom.xml and reference-server/pom.xml run it) makes the SDK client and the server stubs of
 * the new API; both compile, and the generated client calls the kit's mock of the new contract. No Java was edited.
 */
class AddingAnApiTest {
    static final Path ROOT = Path.of(System.getProperty("user.dir")).getParent();

    @Test
    void theWorkedExampleOfAddingAnApiIsContractFilesPlusOneCatalogueEntry(@TempDir Path work) throws Exception {
        List<String> blocks = yamlBlocks(Files.readString(ROOT.resolve("docs/adding-an-api.md")));
        assertThat(blocks).as("the page's contract and catalogue entry").hasSizeGreaterThanOrEqualTo(2);
        Path specs = work.resolve("specs");
        Files.createDirectories(specs.resolve("openapi"));
        Files.writeString(specs.resolve("openapi/greetings.yaml"), blocks.get(0));
        Files.writeString(specs.resolve("apis.yaml"), Files.readString(ROOT.resolve("specs/apis.yaml")) + "\n" + blocks.get(1));

        Catalogue.main(new String[]{"--catalogue", specs.resolve("apis.yaml").toString(), "--specs-dir", specs.toString(),
                "--out", work.resolve("sdk").toString(), "--target", "sdk",
                "--hand-written", ROOT.resolve("sdk/src/main/java").toString(), "--only", "greetings"});
        Catalogue.main(new String[]{"--catalogue", specs.resolve("apis.yaml").toString(), "--specs-dir", specs.toString(),
                "--out", work.resolve("server").toString(), "--target", "server",
                "--template-dir", ROOT.resolve("reference-server/openapi-templates").toString(),
                "--ignore-file", ROOT.resolve("reference-server/openapi-generator-ignore").toString(),
                "--helidon-version", System.getProperty("kit.helidon.version", "4"), "--only", "greetings"});

        assertThat(work.resolve("sdk/dev/contractkit/sdk/greetings/GreetingsClient.java")).exists();
        try (Stream<Path> stubs = Files.walk(work.resolve("server"))) {
            assertThat(stubs.map(Path::toString)).as("server stubs").anyMatch(f -> f.endsWith("reference/greetings/GreetingsService.java")
                    || f.endsWith("reference/greetings/DefaultService.java"));
        }
        assertThat(GeneratedSources.compile(work.resolve("server/src/main/java"), work.resolve("server-classes"), 21)).as("stub javac errors").isEmpty();
        assertThat(GeneratedSources.compile(work.resolve("sdk"), work.resolve("classes"))).as("client javac errors").isEmpty();

        Api greetings = Api.fromFiles("greetings", List.of(specs.resolve("openapi/greetings.yaml")), List.of(), 0);
        try (MockServers mock = MockServers.start(MockOptions.builder().apis(greetings).build());
             URLClassLoader loader = GeneratedSources.loader(work.resolve("classes"))) {
            Class<?> clientClass = loader.loadClass("dev.contractkit.sdk.greetings.GreetingsClient");
            Object builder = clientClass.getMethod("builder").invoke(null);
            builder.getClass().getMethod("baseUrl", String.class).invoke(builder, mock.url(greetings));
            Object client = builder.getClass().getMethod("build").invoke(builder);

            Object hello = ((Call<?>) clientClass.getMethod("getGreeting", String.class).invoke(client, "world")).execute();
            assertThat(hello.getClass().getName()).isEqualTo("dev.contractkit.sdk.greetings.model.Greeting");
            assertThat(hello.getClass().getMethod("getMessage").invoke(hello)).isEqualTo("Hello, world!");

            Call<?> refused = (Call<?>) clientClass.getMethod("getGreeting", String.class).invoke(client, "NOT-A-NAME");
            assertThatThrownBy(refused::execute).as("a name the contract's pattern refuses").isInstanceOf(BadRequestException.class);

            Object all;
            try {
                all = ((Stream<?>) clientClass.getMethod("listGreetingsAutoPaging", Integer.class).invoke(client, (Integer) null)).toList();
            } catch (InvocationTargetException e) {
                throw new AssertionError(e.getCause());
            }
            assertThat((List<?>) all).as("every greeting, page by page").isNotEmpty()
                    .allSatisfy(g -> assertThat(g.getClass().getSimpleName()).isEqualTo("Greeting"));
        }
    }

    static List<String> yamlBlocks(String markdown) {
        List<String> out = new ArrayList<>();
        Matcher m = Pattern.compile("```yaml\\n(.*?)```", Pattern.DOTALL).matcher(markdown);
        while (m.find()) {
            out.add(m.group(1));
        }
        return out;
    }
}
