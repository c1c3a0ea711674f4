package dev.contractkit.specs;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ApiTest {
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    @Test
    void theCatalogueFileListsEveryApiWithItsPortAndReadableContracts() {
        assertThat(Api.values()).extracting(Api::id).startsWith("forms", "coupons", "answers", "codehost", "exec",
                "runtime", "agent").hasSize(19);
        assertThat(Api.FORMS.defaultPort()).isEqualTo(8081);
        assertThat(Api.inGroup(Api.Group.PROVIDERS)).hasSize(11).allMatch(Api::mockOnly);
        assertThat(Api.inGroup(Api.Group.MODELS)).containsExactly(Api.CHAT_COMPLETIONS).allMatch(Api::mockOnly);
        assertThat(Api.parseList("models")).containsExactly(Api.CHAT_COMPLETIONS);
        for (Api api : Api.values()) {
            assertThat(api.inCatalogue()).isTrue();
            api.openapi().forEach(f -> assertThat(api.read(f)).as(f).contains("openapi:"));
            api.asyncapi().forEach(f -> assertThat(api.read(f)).as(f).contains("asyncapi:"));
        }
    }

    @Test
    void apisSortInCatalogueOrderAndDocumentsOnDiskAfterThem(@TempDir Path dir) throws IOException {
        Path doc = Files.writeString(dir.resolve("pets.yaml"), "openapi: 3.1.0\n");
        Api pets = Api.fromFiles("pets", List.of(doc), List.of(), 0);

        assertThat(List.of(pets, Api.AGENT, Api.FORMS, Api.KIMI).stream().sorted().toList())
                .containsExactly(Api.FORMS, Api.AGENT, Api.KIMI, pets);
        assertThat(pets.inCatalogue()).isFalse();
        assertThat(pets.read(pets.mainContract())).isEqualTo("openapi: 3.1.0\n");
        assertThat(pets).isEqualTo(Api.fromFiles("pets", List.of(doc), List.of(), 1)).isNotEqualTo(Api.FORMS);
    }

    @Test
    void aMissingDocumentIsRefusedByName(@TempDir Path dir) {
        assertThatThrownBy(() -> Api.fromFiles("x", List.of(dir.resolve("nope.yaml")), List.of(), 0))
                .hasMessageContaining("nope.yaml");
    }

    @Test
    void anIdIsDerivedFromAFileName() {
        assertThat(Api.idOf(Path.of("/a/v3.0-petstore.yaml"))).isEqualTo("v3-0-petstore");
        assertThat(Api.idOf(Path.of("3.yaml"))).isEqualTo("api-3");
    }

    @Test
    void aBrokenCatalogueEntryIsRefusedNamingTheEntryAndTheField() throws IOException {
        assertThatThrownBy(() -> Api.parseCatalogue(yaml("- {id: a, title: A, port: 1, openapi: [x.yaml], colour: red}")))
                .hasMessageContaining("'a' has unknown field 'colour'");
        assertThatThrownBy(() -> Api.parseCatalogue(yaml("- {id: a, title: A, openapi: [x.yaml]}")))
                .hasMessageContaining("'a' needs a port");
        assertThatThrownBy(() -> Api.parseCatalogue(yaml("- {id: a, title: A, port: 1, openapi: []}")))
                .hasMessageContaining("'a' needs at least one openapi file");
        assertThatThrownBy(() -> Api.parseCatalogue(yaml(
                "- {id: a, title: A, port: 1, openapi: [x.yaml]}\n- {id: a, title: B, port: 2, openapi: [y.yaml]}")))
                .hasMessageContaining("'a' appears twice");
        assertThatThrownBy(() -> Api.parseCatalogue(yaml("- {id: Bad_Id, title: A, port: 1, openapi: [x.yaml]}")))
                .hasMessageContaining("id 'Bad_Id'");
        assertThatThrownBy(() -> Api.parseCatalogue(yaml("- {id: a, title: A, port: 1, openapi: [x.yaml], group: x}")))
                .hasMessageContaining("unknown group 'x'");
    }

    @Test
    void aNewEntryNeedsNoJavaEdit() throws IOException {
        List<Api> apis = Api.parseCatalogue(yaml("- {id: greetings, title: Greetings, port: 8200, openapi: [openapi/greetings.yaml]}"));

        assertThat(apis).singleElement().satisfies(a -> {
            assertThat(a.id()).isEqualTo("greetings");
            assertThat(a.defaultPort()).isEqualTo(8200);
            assertThat(a.mainContract()).isEqualTo("openapi/greetings.yaml");
            assertThat(a.group()).isEqualTo(Api.Group.NONE);
        });
    }

    private static JsonNode yaml(String text) throws IOException {
        return YAML.readTree(text);
    }
}
