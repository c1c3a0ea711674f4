package dev.contractkit.examples.sdkgen;

import com.fasterxml.jackson.databind.JavaType;
import dev.contractkit.mock.MockOptions;
import dev.contractkit.mock.MockServers;
import dev.contractkit.sdk.Call;
import dev.contractkit.sdk.RetryPolicy;
import dev.contractkit.sdk.internal.Http;
import dev.contractkit.sdkgen.SdkGenerator;
import dev.contractkit.specs.Api;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.lang.reflect.Method;
import java.math.BigDecimal;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 33.5: the shapes of real documents (APIs-guru) that broke the generated client, each in a small document
 * under {@code src/test/resources/sdkgen}: the client is generated ({@code ./kit sdk}'s generator, in process),
 * compiles with javac against the SDK, and reads JSON of the document's shape into its typed models; one calls the
 * kit's mock of its document.
 */
class RealDocumentShapesClientTest {
    static final Path DOCS = Path.of(System.getProperty("user.dir")).resolve("src/test/resources/sdkgen");

    @TempDir
    Path work;

    @Test
    void propertiesThatSanitiseToOneJavaNameGetDistinctJavaNamesAndKeepTheirJsonNames() throws Exception {
        try (URLClassLoader loader = generateAndCompile("names-clash.yaml", "shapes.clash")) {
            Class<?> thing = loader.loadClass("shapes.clash.model.Thing");
            assertThat(thing.getMethod("getId").getReturnType()).isEqualTo(String.class);
            assertThat(thing.getMethod("getId2").getReturnType()).isEqualTo(String.class);
            Object read = Http.MAPPER.readValue("""
                    {"id": "plain", "_id": "underscored", "first-name": "kebab", "first_name": "snake", "firstName": "camel",
                     "status": "on", "Status": "up"}""", thing);
            assertThat(thing.getMethod("getId").invoke(read)).isEqualTo("plain");
            assertThat(thing.getMethod("getId2").invoke(read)).isEqualTo("underscored");
            assertThat(List.of(get(read, "getFirstName"), get(read, "getFirstName2"), get(read, "getFirstName3")))
                    .containsExactlyInAnyOrder("kebab", "snake", "camel");
            assertThat(String.valueOf(get(read, "getStatus"))).isEqualTo("on");
            assertThat(String.valueOf(get(read, "getStatus2"))).isEqualTo("up");
            // written back under the document's names
            assertThat(Http.MAPPER.readValue(Http.MAPPER.writeValueAsString(read), Map.class))
                    .containsEntry("id", "plain").containsEntry("_id", "underscored").containsEntry("first-name", "kebab");
            // a model of its own with only "_id" keeps the plain name
            assertThat(loader.loadClass("shapes.clash.model.Other").getMethod("getId").getReturnType()).isEqualTo(String.class);
        }
    }

    @Test
    void enumValuesThatAreNotJavaIdentifiersOrCollideBecomeDistinctConstantsOfTheirValues() throws Exception {
        try (URLClassLoader loader = generateAndCompile("enum-values.yaml", "shapes.enums")) {
            for (String name : List.of("shapes.enums.model.Palette$SymbolsEnum", "shapes.enums.model.Palette$CasesEnum",
                    "shapes.enums.model.Palette$NumbersEnum", "shapes.enums.model.Palette$DecimalsEnum",
                    "shapes.enums.model.Status", "shapes.enums.model.Level")) {
                Class<?> e = loader.loadClass(name);
                Method value = e.getMethod("getValue");
                List<Object> values = Arrays.stream(e.getEnumConstants()).map(c -> invoke(value, c)).toList();
                assertThat(values).as(name).doesNotHaveDuplicates();
                Method fromValue = e.getMethod("fromValue", value.getReturnType());
                for (Object v : values) { // every value reads back to its own constant
                    assertThat(value.invoke(fromValue.invoke(null, v))).as(name + " " + v).isEqualTo(v);
                }
            }
            Class<?> symbols = loader.loadClass("shapes.enums.model.Palette$SymbolsEnum");
            assertThat(Arrays.stream(symbols.getEnumConstants()).map(c -> String.valueOf(invoke(getValue(symbols), c))))
                    .containsExactlyInAnyOrder("", "+", "-", "*", "a-b", "a_b", "A B", "1st", "class", "null", "é", "_");
            Class<?> decimals = loader.loadClass("shapes.enums.model.Palette$DecimalsEnum");
            assertThat(Arrays.stream(decimals.getEnumConstants()).map(c -> ((BigDecimal) invoke(getValue(decimals), c)).doubleValue()))
                    .containsExactly(0.5, 1.5, -2.0);
            Object palette = Http.MAPPER.readValue("{\"symbols\": \"a_b\", \"cases\": \"OPEN\", \"decimals\": 0.5, \"status\": \">=\"}",
                    loader.loadClass("shapes.enums.model.Palette"));
            assertThat(String.valueOf(get(palette, "getSymbols"))).isEqualTo("a_b");
            assertThat(String.valueOf(get(palette, "getCases"))).isEqualTo("OPEN");
            assertThat(String.valueOf(get(palette, "getStatus"))).isEqualTo(">=");
        }
    }

    @Test
    void javaReservedWordsAndTypeNamesAsModelPropertyAndParameterNamesCompile() throws Exception {
        try (URLClassLoader loader = generateAndCompile("reserved-words.yaml", "shapes.reserved")) {
            // schemas named like java.lang's, Retrofit's and the client's own types: prefixed, as reserved words are
            for (String model : List.of("ModelString", "ModelRecord", "ModelCall", "ModelBuilder", "ModelClass", "ModelObject")) {
                assertThat(loader.loadClass("shapes.reserved.model." + model)).isNotNull();
            }
            Class<?> clazz = loader.loadClass("shapes.reserved.model.ModelClass");
            Object read = Http.MAPPER.readValue("{\"class\": \"c\", \"true\": \"t\", \"null\": \"n\", \"int\": 3}", clazz);
            assertThat(get(read, "getPropertyClass")).isEqualTo("c");
            assertThat(get(read, "getTrue")).isEqualTo("t");
            assertThat(get(read, "getNull")).isEqualTo("n");
            assertThat(get(read, "getInt")).isEqualTo(3);
            Class<?> client = loader.loadClass("shapes.reserved.ReservedClient");
            assertThat(client.getMethod("getRecord").getGenericReturnType().getTypeName())
                    .isEqualTo(Call.class.getName() + "<shapes.reserved.model.ModelRecord>");
        }
    }

    @Test
    void oneOfWithADiscriminatorReadsEachMemberAsItsOwnClassAndOtherCompositionsReadWhateverMatches() throws Exception {
        try (URLClassLoader loader = generateAndCompile("polymorphism.yaml", "shapes.poly")) {
            Class<?> pet = loader.loadClass("shapes.poly.model.Pet");
            JavaType pets = Http.MAPPER.getTypeFactory().constructCollectionType(List.class, pet);
            List<?> read = Http.MAPPER.readValue("[{\"kind\": \"cat\", \"meow\": true}, {\"kind\": \"dog\", \"bark\": false}]", pets);
            assertThat(read).extracting(o -> o.getClass().getSimpleName()).containsExactly("Cat", "Dog");
            assertThat(read).allMatch(pet::isInstance);
            // oneOf of objects without a discriminator: one class with every member's properties
            Class<?> shape = loader.loadClass("shapes.poly.model.Shape");
            assertThat(get(Http.MAPPER.readValue("{\"radius\": 2}", shape), "getRadius")).isEqualTo(new BigDecimal("2"));
            // compositions with scalar members: the scalar type, or a value of any type
            Class<?> holder = loader.loadClass("shapes.poly.model.Holder");
            assertThat(holder.getMethod("getValue").getReturnType()).isEqualTo(Object.class);
            assertThat(holder.getMethod("getId").getReturnType()).isEqualTo(BigDecimal.class);
            assertThat(holder.getMethod("getName").getReturnType()).isEqualTo(String.class);
            Object h = Http.MAPPER.readValue("{\"value\": [\"a\"], \"id\": 1.5, \"name\": \"x\", \"shape\": {\"side\": 1},"
                    + " \"pet\": {\"kind\": \"dog\", \"bark\": true}}", holder);
            assertThat(get(h, "getValue")).isEqualTo(List.of("a"));
            assertThat(get(h, "getPet").getClass().getSimpleName()).isEqualTo("Dog");
            assertThat(Http.MAPPER.readValue("{\"value\": \"text\"}", holder)).extracting(o -> get(o, "getValue")).isEqualTo("text");
        }
    }

    @Test
    void openApi31TypeArraysCompileAsTheirTypeOrAsAValueOfAnyType() throws Exception {
        try (URLClassLoader loader = generateAndCompile("type-arrays-31.yaml", "shapes.types")) {
            Class<?> record = loader.loadClass("shapes.types.model.ModelRecord");
            assertThat(record.getMethod("getName").getReturnType()).isEqualTo(String.class);
            assertThat(record.getMethod("getCount").getReturnType()).isEqualTo(Integer.class);
            assertThat(record.getMethod("getTags").getReturnType()).isEqualTo(List.class);
            assertThat(record.getMethod("getMixed").getReturnType()).isEqualTo(Object.class);
            assertThat(record.getMethod("getAmount").getReturnType()).isEqualTo(BigDecimal.class);
            assertThat(record.getMethod("getAny").getReturnType()).isEqualTo(Object.class);
            assertThat(record.getMethod("getOnlyNull").getReturnType()).isEqualTo(Object.class);
            Object read = Http.MAPPER.readValue("{\"name\": null, \"count\": 2, \"mixed\": 5, \"any\": {\"a\": [1]}, \"onlyNull\": null}", record);
            assertThat(get(read, "getName")).isNull();
            assertThat(get(read, "getMixed")).isEqualTo(5);
            assertThat(get(read, "getAny")).isEqualTo(Map.of("a", List.of(1)));
        }
    }

    @Test
    void hierarchiesThatNarrowTheirDiscriminatorAndReferencesOpenapiGeneratorCannotFollowCompile() throws Exception {
        try (URLClassLoader loader = generateAndCompile("hierarchies-and-references.yaml", "shapes.hierarchies")) {
            Class<?> movie = loader.loadClass("shapes.hierarchies.model.Movie");
            Object read = Http.MAPPER.readValue("{\"elements\": [{\"type\": \"video\", \"src\": \"a\"}, {\"type\": \"audio\", \"volume\": 1}]}", movie);
            assertThat((List<?>) get(read, "getElements")).extracting(o -> o.getClass().getSimpleName()).containsExactly("Video", "Audio");
            Class<?> special = loader.loadClass("shapes.hierarchies.model.Special");
            assertThat(special.getMethod("getPropertyClass").getReturnType()).isEqualTo(String.class);
            assertThat(loader.loadClass("shapes.hierarchies.HierarchiesClient")
                    .getMethod("listLeads", loader.loadClass("shapes.hierarchies.model.PassThroughQuery"))).isNotNull();
        }
    }

    @Test
    void aBodyOfferedAsBytesOrAsAMultipartFormCompilesWithoutTheFormModelOpenapiGeneratorDoesNotWrite() throws Exception {
        try (URLClassLoader loader = generateAndCompile("form-alternative.yaml", "shapes.forms")) {
            assertThat(loader.loadClass("shapes.forms.FormsClient").getMethod("shareFile", java.io.File.class)).isNotNull();
        }
    }

    @Test
    void schemasMarkedInternalAreWrittenAsModelsBecauseOperationsAndModelsReferToThem() throws Exception {
        try (URLClassLoader loader = generateAndCompile("internal-schemas.yaml", "shapes.internal")) {
            Class<?> customers = loader.loadClass("shapes.internal.model.Customers");
            Object read = Http.MAPPER.readValue("{\"results\": [{\"name\": \"Ann\", \"address\": {\"city\": \"Oslo\"}}]}", customers);
            Object customer = ((List<?>) get(read, "getResults")).get(0);
            assertThat(get(get(customer, "getAddress"), "getCity")).isEqualTo("Oslo");
            assertThat(loader.loadClass("shapes.internal.InternalClient").getMethod("listCustomers").getGenericReturnType().getTypeName())
                    .isEqualTo(Call.class.getName() + "<shapes.internal.model.Customers>");
        }
    }

    @Test
    void examplesReferringElsewhereThanToComponentsExamplesDoNotStopTheGeneration() throws Exception {
        try (URLClassLoader loader = generateAndCompile("example-references.yaml", "shapes.examples")) {
            assertThat(loader.loadClass("shapes.examples.ExamplesClient").getMethod("getApp", String.class)
                    .getGenericReturnType().getTypeName()).isEqualTo(Call.class.getName() + "<shapes.examples.model.App>");
        }
    }

    @Test
    void schemasNamedLikeSwaggerAnnotationsAreTheDocumentsModels() throws Exception {
        try (URLClassLoader loader = generateAndCompile("annotation-names.yaml", "shapes.annotations")) {
            Class<?> client = loader.loadClass("shapes.annotations.AnnotationsClient");
            assertThat(client.getMethod("getSchema", String.class).getGenericReturnType().getTypeName())
                    .isEqualTo(Call.class.getName() + "<shapes.annotations.model.Schema>");
            Object model = Http.MAPPER.readValue("{\"schema\": {\"name\": \"s\"}}", loader.loadClass("shapes.annotations.model.ApiModel"));
            assertThat(get(get(model, "getSchema"), "getName")).isEqualTo("s");
        }
    }

    @Test
    void anIntegerEnumOfNamesIsAValueOfAnyTypeHoldingTheName() throws Exception {
        try (URLClassLoader loader = generateAndCompile("mistyped-enums.yaml", "shapes.mistyped")) {
            Class<?> request = loader.loadClass("shapes.mistyped.model.KeysRequest");
            assertThat(request.getMethod("getKeyType").getReturnType()).isEqualTo(Object.class);
            assertThat(get(Http.MAPPER.readValue("{\"keyType\": \"Primary\", \"level\": 2}", request), "getKeyType")).isEqualTo("Primary");
            assertThat(request.getMethod("getLevel").getReturnType().isEnum()).isTrue();
        }
    }

    @Test
    void referencesIntoOtherOperationsAreFollowedForParametersBodiesResponsesAndHeaders() throws Exception {
        try (URLClassLoader loader = generateAndCompile("path-references.yaml", "shapes.pointers")) {
            Class<?> client = loader.loadClass("shapes.pointers.PointersClient");
            Class<?> body = loader.loadClass("shapes.pointers.model.RenameVolumeRequestSchema");
            assertThat(client.getMethod("createSnapshot", String.class, String.class, body).getGenericReturnType().getTypeName())
                    .isEqualTo(Call.class.getName() + "<shapes.pointers.model.Volume>");
            assertThat(client.getMethod("renameVolume", String.class, String.class, body).getGenericReturnType().getTypeName())
                    .isEqualTo(Call.class.getName() + "<shapes.pointers.model.Volume>");
            // schemas referred to in another operation: a model of their own, read as the document says
            Method tag = Arrays.stream(client.getMethods()).filter(m -> m.getName().equals("tagVolume")).findFirst().orElseThrow();
            assertThat(tag.getParameterTypes()[1].getMethod("getName").getReturnType()).isEqualTo(String.class);
            Class<?> answer = (Class<?>) ((java.lang.reflect.ParameterizedType) tag.getGenericReturnType()).getActualTypeArguments()[0];
            assertThat(get(Http.MAPPER.readValue("{\"label\": \"big\"}", answer), "getLabel")).isEqualTo("big");
        }
    }

    @Test
    void discriminatorMappingsToSchemasTheDocumentDoesNotHoldAreLeftOut() throws Exception {
        try (URLClassLoader loader = generateAndCompile("unknown-mappings.yaml", "shapes.mappings")) {
            Object action = Http.MAPPER.readValue("{\"type\": \"detach\", \"droplet_id\": 3}", loader.loadClass("shapes.mappings.model.Action"));
            assertThat(action.getClass().getSimpleName()).isEqualTo("Detach");
            assertThat(get(action, "getDropletId")).isEqualTo(3);
        }
    }

    @Test
    void aMemberRedeclaringItsAncestorsEnumDiscriminatorUsesTheAncestorsEnum() throws Exception {
        try (URLClassLoader loader = generateAndCompile("enum-hierarchies.yaml", "shapes.enumtree")) {
            Class<?> details = loader.loadClass("shapes.enumtree.model.UserDetails");
            Object read = Http.MAPPER.readValue("{\"type\": \"user\", \"name\": \"n\", \"locale\": \"fr\"}", details);
            assertThat(String.valueOf(get(read, "getType"))).isEqualTo("user");
            assertThat(get(read, "getLocale")).isEqualTo("fr");
        }
    }

    @Test
    void anEnumDefaultThatIsNotOneOfItsValuesIsNoDefault() throws Exception {
        try (URLClassLoader loader = generateAndCompile("enum-defaults.yaml", "shapes.defaults")) {
            Object search = loader.loadClass("shapes.defaults.model.Search").getConstructor().newInstance();
            assertThat(get(search, "getOrder")).isNull();
            assertThat(String.valueOf(get(search, "getDirection"))).isEqualTo("desc");
        }
    }

    @Test
    void aDefaultWithoutATypeIsNoDefaultAndADocumentWithoutOperationsCompiles() throws Exception {
        try (URLClassLoader loader = generateAndCompile("untyped-defaults.yaml", "shapes.untyped")) {
            Object database = loader.loadClass("shapes.untyped.model.Database").getConstructor().newInstance();
            assertThat(get(database, "getConfigurationMethod")).isNull();
            assertThat(get(database, "getName")).isEqualTo("main");
        }
    }

    @Test
    void unionsUsedAsParentsAndNamesAlikeButForCaseCompileAndReadTheirValues() throws Exception {
        try (URLClassLoader loader = generateAndCompile("unions-and-cases.yaml", "shapes.unions")) {
            Class<?> client = loader.loadClass("shapes.unions.UnionsClient");
            assertThat(client.getMethod("getCheck", String.class).getGenericReturnType().getTypeName())
                    .as("Check is the union itself").isEqualTo(Call.class.getName() + "<shapes.unions.model.CheckDiscriminator>");
            Object check = Http.MAPPER.readValue("{\"type\": \"threshold\", \"level\": 3}",
                    loader.loadClass("shapes.unions.model.CheckDiscriminator"));
            assertThat(check.getClass().getSimpleName()).isEqualTo("ThresholdCheck");
            assertThat(get(check, "getLevel")).isEqualTo(3);
            assertThat(loader.loadClass("shapes.unions.model.ApiError").getMethod("getCode")).isNotNull();
            assertThat(loader.loadClass("shapes.unions.model.Error2").getMethod("getTitle")).isNotNull();
            assertThat(loader.loadClass("shapes.unions.model.Name").getMethod("getFirst")).isNotNull();
            Class<?> builder = loader.loadClass("shapes.unions.UnionsClient$Builder");
            assertThat(builder.getMethod("bearerAuth", String.class)).isNotNull();
            assertThat(builder.getMethod("bearerAuth2", String.class)).isNotNull();
        }
    }

    @Test
    void aGeneratedClientOfADocumentWithClashingNamesCallsTheMockOfItsDocumentAndGetsTheTypedAnswer() throws Exception {
        Path document = DOCS.resolve("names-clash.yaml");
        Api api = Api.fromFiles(Api.idOf(document), List.of(document), List.of(), 0);
        try (URLClassLoader loader = generateAndCompile("names-clash.yaml", "shapes.called");
             MockServers mock = MockServers.start(MockOptions.builder().apis(api).build())) {
            Class<?> clientClass = loader.loadClass("shapes.called.CalledClient");
            Object builder = clientClass.getMethod("builder").invoke(null);
            builder.getClass().getMethod("baseUrl", String.class).invoke(builder, mock.url(api));
            builder.getClass().getMethod("retries", RetryPolicy.class).invoke(builder, RetryPolicy.none());
            try (AutoCloseable client = (AutoCloseable) builder.getClass().getMethod("build").invoke(builder)) {
                Method getThing = clientClass.getMethod("getThing", String.class, String.class, String.class);
                Object thing = ((Call<?>) getThing.invoke(client, "1", "2", "3")).execute();
                assertThat(thing.getClass().getName()).isEqualTo("shapes.called.model.Thing");
                assertThat(get(thing, "getId")).isEqualTo("plain");
                assertThat(get(thing, "getId2")).isEqualTo("underscored");
                assertThat(get(thing, "getID")).isEqualTo(7);
                assertThat(String.valueOf(get(thing, "getStatus2"))).isEqualTo("up");
            }
        }
    }

    private URLClassLoader generateAndCompile(String document, String pkg) {
        Path src = work.resolve(pkg).resolve("src");
        Path classes = work.resolve(pkg).resolve("classes");
        SdkGenerator.Result generated = SdkGenerator.request(DOCS.resolve(document), pkg, src).generate();
        assertThat(generated.files()).as("generated files").isNotEmpty();
        assertThat(GeneratedSources.compile(src, classes)).as("javac errors for " + document).isEmpty();
        return GeneratedSources.loader(classes);
    }

    private static Object get(Object target, String getter) {
        try {
            return target.getClass().getMethod(getter).invoke(target);
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(target.getClass().getSimpleName() + "." + getter + "(): " + e, e);
        }
    }

    private static Method getValue(Class<?> e) {
        try {
            return e.getMethod("getValue");
        } catch (NoSuchMethodException x) {
            throw new AssertionError(x);
        }
    }

    private static Object invoke(Method m, Object target) {
        try {
            return m.invoke(target);
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }
}
