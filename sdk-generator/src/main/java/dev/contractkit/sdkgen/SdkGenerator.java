package dev.contractkit.sdkgen;

import com.fasterxml.jackson.databind.JsonNode;
import dev.contractkit.specs.source.DocumentReader;
import dev.contractkit.specs.source.Trees;
import org.openapitools.codegen.ClientOptInput;
import org.openapitools.codegen.DefaultGenerator;
import org.openapitools.codegen.config.CodegenConfigurator;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.regex.Pattern;

/**
 * Generates a typed Java client on the SDK's runtime from an OpenAPI 3.0/3.1 document, in process: openapi-generator's
 * Java generator (library retrofit2, Jackson) with the kit's configuration and {@link KitClientCodegen}'s template.
 * For a package {@code com.acme.pets} it writes {@code com.acme.pets.PetsClient} (the client),
 * {@code com.acme.pets.api} (Retrofit interfaces), {@code com.acme.pets.model} (models) and
 * {@code com.acme.pets.internal} (helpers), as Java sources directly under the output directory.
 *
 * <pre>{@code
 * List<String> notes = SdkGenerator.request(Path.of("petstore.yaml"), "com.acme.pets", Path.of("target/gen"))
 *         .generate().notes();
 * }</pre>
 */
public final class SdkGenerator {
    private static final Pattern PACKAGE = Pattern.compile("[a-z_][a-z0-9_]*(\\.[a-z_][a-z0-9_]*)*");
    private static final Pattern CLASS = Pattern.compile("[A-Z][A-Za-z0-9_]*");
    /** SnakeYAML's default code-point limit, which the parser inside openapi-generator keeps. */
    private static final int YAML_LIMIT = 3 * 1024 * 1024;

    static {
        // openapi-generator logs through slf4j-simple: its INFO lines are noise here; the notes say what matters
        System.setProperty("org.slf4j.simpleLogger.defaultLogLevel", System.getProperty("kit.sdk.log", "error"));
    }

    private final Path spec;
    private final String basePackage;
    private final Path out;
    private String clientName;
    private String clientPackage;
    private List<String> addOns = List.of();
    private List<String> builderAddOns = List.of();
    // the kit's default: a schema called Error would shadow java.lang.Error in every file importing the models
    private Map<String, String> modelNameMappings = Map.of("Error", "ApiError");

    private SdkGenerator(Path spec, String basePackage, Path out) {
        this.spec = Objects.requireNonNull(spec, "spec");
        this.basePackage = Objects.requireNonNull(basePackage, "package");
        this.out = Objects.requireNonNull(out, "out");
        if (!PACKAGE.matcher(basePackage).matches()) {
            throw new IllegalArgumentException("'" + basePackage + "' is not a Java package name (lower case, dot-separated, e.g. com.acme.pets)");
        }
        this.clientName = defaultClientName(basePackage);
        this.clientPackage = basePackage;
    }

    /**
     * @param spec        the OpenAPI document (YAML or JSON)
     * @param basePackage the client's package, e.g. {@code com.acme.pets}
     * @param out         the source directory to write into (made when missing)
     * @return a request with the defaults: client {@code PetsClient} for {@code com.acme.pets}
     */
    public static SdkGenerator request(Path spec, String basePackage, Path out) {
        return new SdkGenerator(spec, basePackage, out);
    }

    /**
     * @param name the client class's simple name; empty for none (only the interfaces and models, as the SDK's
     *             hand-written clients use)
     * @return this
     */
    public SdkGenerator clientName(String name) {
        if (!name.isEmpty() && !CLASS.matcher(name).matches()) {
            throw new IllegalArgumentException("'" + name + "' is not a Java class name (e.g. PetsClient)");
        }
        this.clientName = name;
        return this;
    }

    /**
     * @param pkg the client class's package, when it is not the base package: the API's package for a document that
     *            is one of several of its API ({@code codehost.CodehostV4Client} beside {@code codehost.v4.api})
     * @return this
     */
    public SdkGenerator clientPackage(String pkg) {
        if (!PACKAGE.matcher(pkg).matches()) {
            throw new IllegalArgumentException("'" + pkg + "' is not a Java package name (lower case, dot-separated, e.g. com.acme.pets)");
        }
        this.clientPackage = pkg;
        return this;
    }

    /**
     * @param interfaces hand-written add-on interfaces (fully qualified names) the client class implements: what the
     *                   contract cannot say, attached to the generated client (their default methods call its
     *                   operations)
     * @return this
     */
    public SdkGenerator addOns(List<String> interfaces) {
        this.addOns = List.copyOf(interfaces);
        return this;
    }

    /**
     * @param interfaces hand-written add-on interfaces (fully qualified names) the client's {@code Builder} implements,
     *                   each generic in the builder ({@code ExecClientBuilderAddOn<B extends ExecClientBuilderAddOn<B>>}):
     *                   settings of the client's add-ons, given through its one abstract method
     *                   {@code <T> B addOnSetting(AddOnSettings.Key<T> key, T value)} and read by the client's add-ons
     *                   with {@code addOnSettings().get(key)}
     * @return this
     */
    public SdkGenerator builderAddOns(List<String> interfaces) {
        this.builderAddOns = List.copyOf(interfaces);
        return this;
    }

    /**
     * @param mappings schema name to model class name (the SDK maps {@code Error} to {@code ApiError})
     * @return this
     */
    public SdkGenerator modelNameMappings(Map<String, String> mappings) {
        this.modelNameMappings = Map.copyOf(mappings);
        return this;
    }

    /** @return the client class's simple name for a package: the last segment, capitalised, plus {@code Client} */
    static String defaultClientName(String pkg) {
        String last = pkg.substring(pkg.lastIndexOf('.') + 1).replace("_", "");
        return Character.toUpperCase(last.charAt(0)) + last.substring(1) + "Client";
    }

    /**
     * What a generation made.
     *
     * @param files the Java files written
     * @param notes one line per unsupported feature of the document, naming it and its place
     */
    public record Result(List<Path> files, List<String> notes) {
    }

    /**
     * @return the files written and the notes
     * @throws IllegalArgumentException when the document is missing or cannot be read as OpenAPI
     */
    public Result generate() {
        if (!Files.isRegularFile(spec)) {
            throw new IllegalArgumentException("no such file: " + spec);
        }
        DocumentReader.Source source = DocumentReader.read(spec);
        if (source.kind() != DocumentReader.Kind.OPENAPI) {
            throw new IllegalArgumentException(spec + " is an AsyncAPI document: the SDK generator reads OpenAPI ones");
        }
        List<String> notes = new ArrayList<>(source.notes().stream().map(n -> spec + ": " + n).toList());
        Consumer<String> note = n -> {
            if (!notes.contains(n)) {
                notes.add(n);
            }
        };
        CodegenConfigurator c = new CodegenConfigurator()
                .setGeneratorName(KitClientCodegen.class.getName())
                .setLibrary("retrofit2")
                .setInputSpec(readable(source).toString())
                .setOutputDir(out.toAbsolutePath().toString())
                .setApiPackage(basePackage + ".api")
                .setModelPackage(basePackage + ".model")
                .setInvokerPackage(basePackage + ".internal")
                .setValidateSpec(false)
                .setModelNameMappings(modelNameMappings)
                .addAdditionalProperty("sourceFolder", "")
                .addAdditionalProperty("serializationLibrary", "jackson")
                .addAdditionalProperty("dateLibrary", "java8")
                .addAdditionalProperty("openApiNullable", false)
                .addAdditionalProperty("useJakartaEe", true)
                .addAdditionalProperty("hideGenerationTimestamp", true)
                .addAdditionalProperty("annotationLibrary", "none")
                // oneOf with a discriminator: an interface its members implement, Jackson picking the member by
                // the discriminator (the other compositions: see Polymorphism; the kit's own contracts have none)
                .addAdditionalProperty("useOneOfInterfaces", true)
                .addAdditionalProperty(KitClientCodegen.CLIENT_NAME, clientName)
                .addAdditionalProperty(KitClientCodegen.CLIENT_PACKAGE, clientPackage)
                .addAdditionalProperty(KitClientCodegen.ADD_ONS, addOns)
                .addAdditionalProperty(KitClientCodegen.BUILDER_ADD_ONS, builderAddOns)
                .addAdditionalProperty("kitHasBuilderAddOns", !builderAddOns.isEmpty())
                .addGlobalProperty("apiTests", "false")
                .addGlobalProperty("modelTests", "false")
                .addGlobalProperty("apiDocs", "false")
                .addGlobalProperty("modelDocs", "false");
        ClientOptInput input;
        try {
            input = c.toClientOptInput();
        } catch (RuntimeException e) {
            throw new IllegalArgumentException(spec + " cannot be read as an OpenAPI document: " + e.getMessage(), e);
        }
        if (input.getOpenAPI() == null || input.getOpenAPI().getPaths() == null && input.getOpenAPI().getWebhooks() == null) {
            throw new IllegalArgumentException(spec + " is not an OpenAPI 3.0/3.1 document (no paths)");
        }
        ((KitClientCodegen) input.getConfig()).setNotes(note);
        DefaultGenerator generator = new DefaultGenerator();
        generator.setGenerateMetadata(false);
        List<File> files = generator.opts(input).generate();
        return new Result(files.stream().map(File::toPath).filter(p -> p.toString().endsWith(".java")).toList(), List.copyOf(notes));
    }

    /**
     * The file openapi-generator reads: the document itself, or the reader's text in a file beside the output when
     * the reader converted or bundled it, when it is YAML beyond swagger-parser's 3 MiB limit (as JSON), or when it
     * refers into other operations (as JSON, those references replaced: {@link PathReferences}), or names two schemas
     * alike but for case (as JSON, renamed: {@link SchemaNames}) or a union under a second name ({@link UnionAliases}).
     */
    private Path readable(DocumentReader.Source source) {
        boolean bigYaml = !Trees.isJson(source.text()) && source.text().length() > YAML_LIMIT;
        JsonNode tree;
        try {
            JsonNode parsed = Trees.parse(source.text());
            boolean inlined = PathReferences.mayHold(source.text()) && PathReferences.inline(parsed);
            boolean aliased = UnionAliases.resolve(parsed);
            tree = SchemaNames.distinct(parsed) || inlined || aliased ? parsed : null;
        } catch (IOException e) {
            throw new IllegalArgumentException(spec + " cannot be read as an OpenAPI document: " + e.getMessage(), e);
        }
        if (!source.rewritten() && !bigYaml && tree == null) {
            return spec.toAbsolutePath();
        }
        try {
            Path dir = Files.createDirectories(out.toAbsolutePath());
            Path file = dir.resolve(".kit-openapi.json");
            Files.writeString(file, tree != null ? tree.toString() : bigYaml ? Trees.parse(source.text()).toString() : source.text());
            return file;
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot write the read document into " + out + ": " + e.getMessage(), e);
        }
    }
}
