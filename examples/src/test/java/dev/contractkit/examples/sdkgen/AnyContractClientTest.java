package dev.contractkit.examples.sdkgen;

import dev.contractkit.mock.MockOptions;
import dev.contractkit.mock.MockServers;
import dev.contractkit.sdk.ApiException;
import dev.contractkit.sdk.Call;
import dev.contractkit.sdk.EventStream;
import dev.contractkit.sdk.RetryPolicy;
import dev.contractkit.sdkgen.SdkGenerator;
import dev.contractkit.specs.Api;
import okhttp3.MediaType;
import okhttp3.MultipartBody;
import okhttp3.RequestBody;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.math.BigDecimal;
import java.net.URI;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 22.6, the client generator's part: for every OpenAPI document nobody here wrote (specs' contracts-outside) and
 * the document shapes of specs' document-shapes (Swagger 2.0, several files), a
 * client is generated ({@code ./kit sdk}'s generator, in process), compiles with javac against the SDK, and calls the
 * kit's mock of the document: every operation answers with a typed result or a typed {@link ApiException}, never a
 * transport or decoding failure, and at least one operation answers 2xx with a typed result.
 */
class AnyContractClientTest {
    static final Path OUTSIDE = Path.of(System.getProperty("user.dir")).resolve("../specs/src/test/resources/contracts-outside/openapi").normalize();
    static final Path SHAPES = OUTSIDE.resolve("../../document-shapes").normalize();

    static Stream<Path> documents() throws IOException {
        try (Stream<Path> files = Files.list(OUTSIDE)) {
            List<Path> docs = files.filter(f -> f.toString().matches(".*\\.(ya?ml|json)$")).sorted().toList();
            assertThat(docs).as("the outside OpenAPI documents under " + OUTSIDE).hasSizeGreaterThanOrEqualTo(9);
            // issue 33.1: a Swagger 2.0 document and one split over files, read through the same reader as the mock's
            return Stream.concat(docs.stream(), Stream.of(SHAPES.resolve("swagger2-bookshop.yaml"),
                    SHAPES.resolve("multi-file/library.yaml")));
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("documents")
    void aClientIsGeneratedFromTheDocumentCompilesAndCallsItsMock(Path document, @TempDir Path work) throws Exception {
        String pkg = "outside." + document.getFileName().toString().replaceFirst("\\.[a-z]+$", "").replaceAll("[^A-Za-z0-9]+", "_").toLowerCase();
        SdkGenerator.Result generated = SdkGenerator.request(document, pkg, work.resolve("src")).clientName("OutsideClient").generate();
        generated.notes().forEach(n -> System.out.println(document.getFileName() + ": " + n));
        assertThat(generated.files()).as("generated files").anyMatch(f -> f.endsWith("OutsideClient.java"));

        assertThat(GeneratedSources.compile(work.resolve("src"), work.resolve("classes"))).as("javac errors").isEmpty();

        Api api = Api.fromFiles(Api.idOf(document), List.of(document), List.of(), 0);
        try (MockServers mock = MockServers.start(MockOptions.builder().apis(api).build());
             URLClassLoader loader = GeneratedSources.loader(work.resolve("classes"))) {
            Class<?> clientClass = loader.loadClass(pkg + ".OutsideClient");
            Object client = build(clientClass, mock.url(api));
            List<String> outcomes = new ArrayList<>();
            int typed = 0;
            List<Method> operations = Arrays.stream(clientClass.getMethods())
                    .filter(m -> m.getDeclaringClass() == clientClass && !Modifier.isStatic(m.getModifiers()) && !m.getName().equals("close"))
                    .sorted(Comparator.comparing(Method::getName)).toList();
            if (operations.isEmpty()) { // a 3.1 document of webhooks only: nothing a client sends, and it says why
                assertThat(generated.notes()).as("notes of " + document.getFileName()).anyMatch(n -> n.startsWith("unsupported: webhook at webhooks."));
                return;
            }
            for (Method op : operations) {
                Object[] args = Arrays.stream(op.getParameterTypes()).map(t -> sample(t, loader)).toArray();
                try {
                    Object result = run(op.invoke(client, args));
                    outcomes.add(op.getName() + ": 2xx " + (result == null ? "(no body)" : result.getClass().getSimpleName()));
                    typed++;
                } catch (InvocationTargetException e) {
                    if (!(e.getCause() instanceof ApiException)) {
                        throw new AssertionError(op.getName() + " failed outside the ApiException family", e.getCause());
                    }
                    outcomes.add(op.getName() + ": " + e.getCause().getClass().getSimpleName() + " " + ((ApiException) e.getCause()).status());
                } catch (ApiException e) {
                    outcomes.add(op.getName() + ": " + e.getClass().getSimpleName() + " " + e.status());
                }
            }
            System.out.println(document.getFileName() + " against the mock: " + outcomes);
            assertThat(typed).as("operations answered 2xx with a typed result: " + outcomes).isPositive();
        }
    }

    private static Object run(Object operation) {
        if (operation instanceof Call<?> call) {
            Object result = call.execute();
            if (result instanceof EventStream events) {
                events.close();
            }
            return result;
        }
        if (operation instanceof Stream<?> items) {
            return items.limit(20).toList();
        }
        throw new AssertionError("an operation returned " + operation);
    }

    private static Object build(Class<?> clientClass, String url) throws Exception {
        Object builder = clientClass.getMethod("builder").invoke(null);
        Class<?> b = builder.getClass();
        b.getMethod("baseUrl", String.class).invoke(builder, url);
        b.getMethod("retries", RetryPolicy.class).invoke(builder, RetryPolicy.none());
        for (Method m : b.getDeclaredMethods()) { // the credentials the document's security schemes name
            if (Modifier.isPublic(m.getModifiers()) && m.getReturnType() == b
                    && Arrays.stream(m.getParameterTypes()).allMatch(t -> t == String.class)) {
                m.invoke(builder, m.getParameterCount() == 1 ? new Object[]{"kit-test"} : new Object[]{"kit", "test"});
            }
        }
        return b.getMethod("build").invoke(builder);
    }

    static Object sample(Class<?> t, ClassLoader loader) {
        if (t == String.class) {
            return "1";
        }
        if (t == Integer.class || t == int.class) {
            return 1;
        }
        if (t == Long.class || t == long.class) {
            return 1L;
        }
        if (t == Boolean.class || t == boolean.class) {
            return true;
        }
        if (t == Double.class || t == double.class) {
            return 1.0;
        }
        if (t == Float.class || t == float.class) {
            return 1.0f;
        }
        if (t == BigDecimal.class) {
            return BigDecimal.ONE;
        }
        if (t == List.class) {
            return List.of();
        }
        if (t == Set.class) {
            return Set.of();
        }
        if (t == Map.class || t == Object.class) {
            return Map.of();
        }
        if (t == URI.class) {
            return URI.create("http://127.0.0.1:9/callback");
        }
        if (t == UUID.class) {
            return UUID.randomUUID();
        }
        if (t == OffsetDateTime.class) {
            return OffsetDateTime.now();
        }
        if (t == LocalDate.class) {
            return LocalDate.now();
        }
        if (t == MultipartBody.Part.class) {
            return MultipartBody.Part.createFormData("file", "a.txt", RequestBody.create("a", MediaType.get("text/plain")));
        }
        if (t.isEnum()) {
            return t.getEnumConstants()[0];
        }
        try {
            return t.getConstructor().newInstance();
        } catch (ReflectiveOperationException e) {
            return null;
        }
    }
}
