package dev.contractkit.sdkgen;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import org.openapitools.codegen.DefaultGenerator;
import org.openapitools.codegen.config.CodegenConfigurator;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The build step that makes "adding an API is adding files" true: reads the catalogue ({@code specs/apis.yaml}) and
 * generates, for every API of the kit (entries without a {@code group}), one OpenAPI file at a time:
 * <ul>
 * <li>{@code --target sdk}: the SDK's Retrofit interfaces and models in {@code dev.contractkit.sdk.<file>}
 * ({@code codehost-v4.yaml}: {@code dev.contractkit.sdk.codehost.v4}), plus a client class on the SDK's runtime in the
 * API's package, named after the file ({@code GreetingsClient}, {@code codehost.CodehostV4Client}), when the SDK has
 * no hand-written client package for the API or has add-ons for that client ({@code --hand-written DIR}: the SDK's
 * {@code src/main/java});</li>
 * <li>{@code --target server}: the reference server's Helidon SE stubs in {@code dev.contractkit.reference.<file>}
 * ({@link KitServerCodegen}: openapi-generator's java-helidon-server, with the server's templates).</li>
 * </ul>
 * Run by exec-maven-plugin in the sdk and reference-server builds; {@code --skip ID,...} leaves APIs out,
 * {@code --only ID,...} generates only those. Every contract file has its own package, so the documents of one API
 * (codehost's v4 and v5) give same-named classes side by side. {@code --operation-handlers ID,...} (server target):
 * those APIs' stubs route the contract's operations to handlers given by operationId (the template's
 * {@code kitOperationHandlers}) instead of binding parameters for abstract methods.
 */
public final class Catalogue {
    private Catalogue() {
    }

    /**
     * @param args see the class comment
     * @throws IOException when the catalogue cannot be read
     */
    public static void main(String[] args) throws IOException {
        Map<String, String> opts = new HashMap<>();
        for (int i = 0; i + 1 < args.length; i += 2) {
            opts.put(args[i], args[i + 1]);
        }
        for (String required : List.of("--catalogue", "--specs-dir", "--out", "--target")) {
            if (!opts.containsKey(required)) {
                throw new IllegalArgumentException("Catalogue: " + required + " is required (got " + String.join(" ", args) + ")");
            }
        }
        Path catalogue = Path.of(opts.get("--catalogue"));
        Path specs = Path.of(opts.get("--specs-dir"));
        Path out = Path.of(opts.get("--out"));
        // the directory is this step's alone: what an earlier build left there (an API since removed, or the
        // per-API executions' src/main/java layout before the catalogue drove generation) would compile twice
        deleteTree(out);
        Set<String> skip = Set.of(opts.getOrDefault("--skip", "").split(","));
        Set<String> only = opts.containsKey("--only") ? Set.of(opts.get("--only").split(",")) : null;
        Set<String> byOperation = Set.of(opts.getOrDefault("--operation-handlers", "").split(","));
        for (Entry e : read(catalogue)) {
            if (skip.contains(e.id()) || only != null && !only.contains(e.id())) {
                continue;
            }
            for (String file : e.openapi()) {
                Path spec = specs.resolve(file);
                String suffix = suffix(file);
                switch (opts.get("--target")) {
                    case "sdk" -> sdk(e.id(), spec, "dev.contractkit.sdk." + suffix, out, opts.get("--hand-written"));
                    case "server" -> server(spec, "dev.contractkit.reference." + suffix, out, opts,
                            byOperation.contains(e.id()));
                    default -> throw new IllegalArgumentException("Catalogue: --target is sdk or server");
                }
            }
        }
    }

    /**
     * One API of the catalogue, as far as generation needs it.
     *
     * @param id      its id
     * @param openapi its OpenAPI files, relative to specs/
     */
    record Entry(String id, List<String> openapi) {
    }

    /**
     * @param catalogue the catalogue file
     * @return the kit's own APIs (entries without a group), in order
     * @throws IOException when it cannot be read
     */
    static List<Entry> read(Path catalogue) throws IOException {
        JsonNode root = new ObjectMapper(new YAMLFactory()).readTree(catalogue.toFile());
        List<Entry> out = new ArrayList<>();
        if (root == null || !root.isArray()) {
            throw new IllegalArgumentException(catalogue + ": expected a list of APIs");
        }
        for (JsonNode e : root) {
            if (e.has("group")) {
                continue; // a third party's API the kit only mocks
            }
            List<String> files = new ArrayList<>();
            e.path("openapi").forEach(f -> files.add(f.asText()));
            out.add(new Entry(e.path("id").asText(), files));
        }
        return out;
    }

    /** @return the package suffix of a contract file: {@code openapi/codehost-v4.yaml} to {@code codehost.v4} */
    static String suffix(String file) {
        String name = Path.of(file).getFileName().toString().replaceFirst("\\.(ya?ml|json)$", "");
        return name.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", ".").replaceAll("^\\.|\\.$", "");
    }

    static void sdk(String id, Path spec, String pkg, Path out, String handWritten) throws IOException {
        // the client is in its API's package, named after its contract file (codehost-v4.yaml: codehost.CodehostV4Client)
        String clientPkg = "dev.contractkit.sdk." + suffix(id);
        String client = clientName(pkg.substring("dev.contractkit.sdk.".length()));
        Path dir = handWritten == null ? null : Path.of(handWritten).resolve(clientPkg.replace('.', '/'));
        AddOns addOns = addOns(dir, clientPkg, client);
        // an API whose package has hand-written code but no add-ons of the generated client keeps its own client
        boolean handWrittenClient = handWritten != null && addOns.isEmpty()
                && Files.isDirectory(Path.of(handWritten).resolve("dev/contractkit/sdk").resolve(suffix(id).replace('.', '/')));
        SdkGenerator.Result r = SdkGenerator.request(spec, pkg, out)
                .clientName(handWrittenClient ? "" : client)
                .clientPackage(clientPkg)
                .addOns(addOns.client())
                .builderAddOns(addOns.builder())
                .generate();
        if (!handWrittenClient && addOns.isEmpty()) { // a client with add-ons decides itself what it offers beyond them
            r.notes().forEach(n -> System.err.println("sdk " + id + ": " + n));
        }
    }

    /**
     * @param suffix a contract file's package suffix ({@link #suffix})
     * @return its client's simple name: {@code forms} to {@code FormsClient}, {@code codehost.v4} to {@code CodehostV4Client}
     */
    static String clientName(String suffix) {
        StringBuilder name = new StringBuilder();
        for (String part : suffix.split("\\.")) {
            name.append(Character.toUpperCase(part.charAt(0))).append(part.substring(1));
        }
        return name.append("Client").toString();
    }

    /**
     * The hand-written add-on interfaces of one generated client (fully qualified names).
     *
     * @param client  what the client class implements: {@code <Client>AddOns}, {@code <Client>*AddOn}
     * @param builder what its builder implements: {@code <Client>*BuilderAddOn} (generic in the builder)
     */
    record AddOns(List<String> client, List<String> builder) {
        boolean isEmpty() {
            return client.isEmpty() && builder.isEmpty();
        }
    }

    /**
     * @return the add-on interfaces of a generated client in its package's hand-written sources:
     * {@code <Client>AddOns.java} and {@code <Client>*AddOn.java} for the client (e.g. {@code FormsClientAddOns}),
     * {@code <Client>*BuilderAddOn.java} for its builder (e.g. {@code ExecClientBuilderAddOn})
     */
    static AddOns addOns(Path dir, String pkg, String client) throws IOException {
        if (dir == null || !Files.isDirectory(dir)) {
            return new AddOns(List.of(), List.of());
        }
        List<String> names;
        try (Stream<Path> files = Files.list(dir)) {
            names = files.map(f -> f.getFileName().toString())
                    .filter(n -> n.startsWith(client) && (n.endsWith("AddOns.java") || n.endsWith("AddOn.java")))
                    .sorted().toList();
        }
        List<String> onClient = new ArrayList<>();
        List<String> onBuilder = new ArrayList<>();
        for (String n : names) {
            String type = pkg + "." + n.substring(0, n.length() - ".java".length());
            (n.endsWith("BuilderAddOn.java") ? onBuilder : onClient).add(type);
        }
        return new AddOns(List.copyOf(onClient), List.copyOf(onBuilder));
    }

    static void server(Path spec, String pkg, Path out, Map<String, String> opts, boolean byOperation) {
        CodegenConfigurator c = new CodegenConfigurator()
                .setGeneratorName(KitServerCodegen.class.getName())
                .setLibrary("se")
                .setInputSpec(spec.toAbsolutePath().toString())
                .setOutputDir(out.toAbsolutePath().toString())
                .setApiPackage(pkg)
                .setModelPackage(pkg + ".model")
                .setInvokerPackage(pkg)
                .addAdditionalProperty("helidonVersion", opts.get("--helidon-version"))
                .addAdditionalProperty("useAbstractClass", true)
                .addAdditionalProperty("hideGenerationTimestamp", true)
                .addAdditionalProperty("openApiNullable", false)
                .addAdditionalProperty("kitOperationHandlers", byOperation)
                .addGlobalProperty("apiTests", "false")
                .addGlobalProperty("modelTests", "false")
                .addGlobalProperty("apiDocs", "false")
                .addGlobalProperty("modelDocs", "false");
        if (opts.containsKey("--template-dir")) {
            c.setTemplateDir(opts.get("--template-dir"));
        }
        if (opts.containsKey("--ignore-file")) {
            c.setIgnoreFileOverride(opts.get("--ignore-file"));
        }
        DefaultGenerator g = new DefaultGenerator();
        PrintStream stdout = System.out;
        System.setOut(new PrintStream(OutputStream.nullOutputStream())); // the generator's banner
        try {
            g.opts(c.toClientOptInput()).generate();
        } finally {
            System.setOut(stdout);
        }
    }

    private static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
