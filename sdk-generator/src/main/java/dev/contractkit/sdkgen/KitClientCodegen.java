package dev.contractkit.sdkgen;

import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.PathItem;
import io.swagger.v3.oas.models.media.Content;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.security.SecurityRequirement;
import io.swagger.v3.oas.models.security.SecurityScheme;
import dev.contractkit.specs.dialect.ErrorShape;
import dev.contractkit.specs.dialect.SdkName;
import org.openapitools.codegen.CodegenModel;
import org.openapitools.codegen.CodegenOperation;
import org.openapitools.codegen.CodegenParameter;
import org.openapitools.codegen.CodegenProperty;
import org.openapitools.codegen.CodegenResponse;
import org.openapitools.codegen.SupportingFile;
import org.openapitools.codegen.languages.JavaClientCodegen;
import org.openapitools.codegen.model.EnumVarMap;
import org.openapitools.codegen.model.ModelMap;
import org.openapitools.codegen.model.OperationsMap;
import org.openapitools.codegen.utils.CamelizeOption;
import org.openapitools.codegen.utils.StringUtils;

import java.io.File;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * openapi-generator's Java client generator (library retrofit2, Jackson models) configured the way the SDK's own
 * clients are, plus one template: a client class whose operations return the SDK's {@code Call<T>} on its runtime
 * (configuration, retries, typed errors), with auto-paging where the contract says how to page and event streams
 * where it answers {@code text/event-stream}. What it cannot generate it reports through {@link #notes}, one line
 * per feature and place.
 */
public class KitClientCodegen extends JavaClientCodegen {
    /** Additional property: the client class's simple name (empty: no client class, only interfaces and models). */
    public static final String CLIENT_NAME = "kitClientName";
    /** Additional property: the hand-written add-on interfaces the client class implements (fully qualified names). */
    public static final String ADD_ONS = "kitAddOns";
    /**
     * Additional property: the hand-written add-on interfaces the client's {@code Builder} implements (fully qualified
     * names, each generic in the builder); with any, the builder keeps their settings and hands them to the client.
     */
    public static final String BUILDER_ADD_ONS = "kitBuilderAddOns";
    /** Additional property: the client class's package. */
    public static final String CLIENT_PACKAGE = "kitPackage";
    /** Query parameters that carry a cursor to the next page. */
    private static final Set<String> CURSOR_PARAMS = Set.of("cursor", "page_token", "pagetoken", "after", "starting_after",
            "continuation", "continuation_token", "continuationtoken", "next", "next_token", "nexttoken");
    /** Page fields that name the next page's cursor. */
    private static final Set<String> NEXT_FIELDS = Set.of("next", "nextcursor", "next_cursor", "nextpagetoken",
            "next_page_token", "nexttoken", "next_token", "cursor");
    /** Query parameters that carry the page size next to an {@code offset}. */
    private static final Set<String> OFFSET_SIZES = Set.of("limit", "count", "per_page", "page_size", "pagesize", "size");
    private static final Set<String> BUILDER_METHODS = Set.of("config", "baseUrl", "readTimeout", "connectTimeout",
            "callTimeout", "retries", "okHttpClient", "userAgent", "logger", "addInterceptor", "build", "self");

    private Consumer<String> notes = s -> { };
    private final List<Map<String, Object>> kitOperations = new ArrayList<>();
    private final List<Map<String, Object>> kitApis = new ArrayList<>();
    private final Set<String> kitMethodNames = new HashSet<>();
    private final Set<String> kitImports = new HashSet<>();
    /** The operations with {@code security: []} ({@code METHOD path}), and their interface methods ({@code Api.method}). */
    private final Set<String> openPaths = new HashSet<>();
    /** Security schemes a WebSocket handshake names ({@code x-kit-websocket}; such operations are not generated). */
    private final Set<String> handshakeSchemes = new HashSet<>();
    private final List<String> kitOpenOperations = new ArrayList<>();
    /** While a model is made again: its properties' Java names where two would otherwise be one (see fromModel). */
    private Map<String, String> propertyNames = Map.of();

    /** Configured as the SDK's clients are. */
    public KitClientCodegen() {
        super();
        setLibrary(RETROFIT_2);
        reservedWords.addAll(JavaNames.LITERALS);
        // a 3.1 schema of type "null" alone: no Java type but Object (its only value is null)
        typeMapping.put("null", "Object");
    }

    @Override
    public String getName() {
        return "kit-java";
    }

    /** @param notes receives one line per unsupported feature of the document */
    public void setNotes(Consumer<String> notes) {
        this.notes = notes;
    }

    @Override
    public void processOpts() {
        super.processOpts();
        // the models carry no Swagger annotations (annotationLibrary none): a schema called Schema or ApiModel is the
        // document's model, not the annotation openapi-generator maps the name to (cenit.io)
        importMapping.values().removeIf(i -> i.startsWith("io.swagger.annotations.") || i.startsWith("io.swagger.v3.oas.annotations."));
        // the SDK wires Retrofit itself: only the interfaces, the models, these helpers and the kit's client class
        supportingFiles.removeIf(f -> !Set.of("CollectionFormats.java", "StringUtil.java").contains(f.getDestinationFilename()));
        // where the contract's errors hold code, message and request id: for the generated client and for add-ons
        supportingFiles.add(new SupportingFile("kit-sdk/ContractErrors.mustache",
                (sourceFolder + File.separator + invokerPackage.replace('.', File.separatorChar)).replaceFirst("^" + File.separator, ""),
                "ContractErrors.java"));
        String client = String.valueOf(additionalProperties.getOrDefault(CLIENT_NAME, ""));
        if (!client.isEmpty()) {
            String pkg = String.valueOf(additionalProperties.get(CLIENT_PACKAGE));
            supportingFiles.add(new SupportingFile("kit-sdk/KitClient.mustache",
                    (sourceFolder + File.separator + pkg.replace('.', File.separatorChar)).replaceFirst("^" + File.separator, ""),
                    client + ".java"));
        }
        additionalProperties.put("kitOperations", kitOperations);
        additionalProperties.put("kitApis", kitApis);
        additionalProperties.put("kitOpenOperations", kitOpenOperations);
    }

    /**
     * A model whose properties would share a Java name once sanitised ({@code id} and {@code _id}, {@code first-name}
     * and {@code first_name}) is made again with the later ones renamed ({@code id2}), so that fields, accessors,
     * JSON_PROPERTY constants and inner enums stay distinct; the JSON names are unchanged.
     */
    @Override
    @SuppressWarnings("rawtypes")
    public CodegenModel fromModel(String name, Schema schema) {
        CodegenModel model = super.fromModel(name, schema);
        Map<String, String> renames = Map.of();
        for (int pass = 1; JavaNames.morePasses(pass); pass++) {
            Map<String, String> next = JavaNames.uniquePropertyNames(model, renames);
            if (next.equals(renames)) {
                return model;
            }
            renames = next;
            propertyNames = renames;
            // openapi-generator keeps each property it made, by name and schema: made again, it must not reuse them,
            // and the renamed ones must not serve another model's property of the same name
            PropertyCache.clear(this);
            try {
                model = super.fromModel(name, schema);
            } finally {
                propertyNames = Map.of();
                PropertyCache.clear(this);
            }
        }
        return model;
    }

    @Override
    public String toVarName(String name) {
        String renamed = propertyNames.get(name);
        return renamed != null ? renamed : super.toVarName(name);
    }

    /**
     * openapi-generator's name, unless it is a type the generated files use by its simple name ({@code String},
     * {@code Record}, {@code Call}, ...): then {@code Model} + the name, as openapi-generator does for reserved words.
     */
    @Override
    public String toModelName(String name) {
        String model = super.toModelName(name);
        if (JavaNames.TAKEN_TYPE_NAMES.contains(model) && !modelNameMapping.containsKey(name) && !schemaMapping.containsKey(name)) {
            return "Model" + model;
        }
        return model;
    }

    /** Enum constants are legal Java identifiers and distinct within their enum, whatever the values are. */
    @Override
    protected List<EnumVarMap> buildEnumVars(List<Object> values, String dataType) {
        List<EnumVarMap> vars = super.buildEnumVars(values, dataType);
        List<String> names = new ArrayList<>();
        for (int i = 0; i < vars.size(); i++) {
            Object value = i < values.size() ? values.get(i) : null;
            names.add(JavaNames.enumConstant(String.valueOf(vars.get(i).get("name")), String.valueOf(value)));
        }
        List<String> distinct = JavaNames.distinct(names);
        for (int i = 0; i < vars.size(); i++) {
            vars.get(i).put("name", distinct.get(i));
        }
        return vars;
    }

    /**
     * An inner enum's constants are written {@code BigDecimal.valueOf(value)}: for a decimal enum the value is a
     * {@code long} or {@code double} literal, not openapi-generator's {@code new BigDecimal("...")}.
     */
    @Override
    @SuppressWarnings("unchecked")
    public void updateCodegenPropertyEnum(CodegenProperty var) {
        super.updateCodegenPropertyEnum(var);
        CodegenProperty inner = var.mostInnerItems != null ? var.mostInnerItems : var;
        if ("BigDecimal".equals(inner.dataType) && var.allowableValues != null
                && var.allowableValues.get("enumVars") instanceof List<?> enumVars) {
            for (Object v : enumVars) {
                Map<String, Object> ev = (Map<String, Object>) v;
                if (ev.get("value") instanceof String s && s.startsWith("new BigDecimal(")) {
                    ev.put("value", JavaNames.bigDecimalLiteral(s));
                }
            }
        }
    }

    @Override
    public void postProcess() {
        // no banner: the notes are what the user reads
    }

    @Override
    public void preprocessOpenAPI(OpenAPI openAPI) {
        DocumentRepairs.apply(openAPI);
        Polymorphism.simplify(openAPI);
        super.preprocessOpenAPI(openAPI);
        if (openAPI.getWebhooks() != null) {
            openAPI.getWebhooks().keySet().forEach(name -> notes.accept("unsupported: webhook at webhooks." + name
                    + ": not generated (the client sends requests; receiving webhooks is the application's server's job)"));
        }
        webSocketHandshakes(openAPI);
        if (openAPI.getPaths() != null) {
            openAPI.getPaths().forEach((path, item) -> item.readOperationsMap().forEach((method, op) -> {
                links(path, method, op);
                if (op.getSecurity() != null && op.getSecurity().isEmpty()) {
                    openPaths.add(method.name() + " " + path);
                }
            }));
        }
        List<Map<String, Object>> credentials = new ArrayList<>();
        if (openAPI.getComponents() != null && openAPI.getComponents().getSecuritySchemes() != null) {
            Set<String> used = usedSchemes(openAPI);
            openAPI.getComponents().getSecuritySchemes().forEach((name, scheme) -> {
                if (handshakeSchemes.contains(name) && !used.contains(name)) {
                    // a scheme only a WebSocket handshake takes (coupons' token in the query) is no builder method:
                    // the builder would place it on every call
                    notes.accept("not generated: security scheme components.securitySchemes." + name
                            + ": only WebSocket handshakes take it");
                } else {
                    credential(name, scheme, credentials);
                }
            });
        }
        Set<String> required = requiredSchemes(openAPI);
        credentials.forEach(c -> c.put("required", required.contains(String.valueOf(c.get("scheme")))));
        // the kit's own token (exec, runtime): the builder is the SDK's KitTokenBuilder, whose token(...) checks it
        if (credentials.size() == 1 && isKitToken(credentials.get(0))) {
            additionalProperties.put("kitToken", credentials.remove(0));
        }
        additionalProperties.put("kitCredentials", credentials);
        ErrorShapes.Shape errors = ErrorShapes.of(openAPI);
        additionalProperties.put("kitErrorCode", errors.code());
        additionalProperties.put("kitErrorMessage", errors.message());
        additionalProperties.put("kitErrorRequestId", errors.requestId());
        additionalProperties.put("kitHasCredentials", !credentials.isEmpty());
    }

    /**
     * An operation with {@code x-kit-websocket} is a WebSocket handshake: a Retrofit call cannot open it, so it is not
     * generated (an add-on opens it, as coupons' {@code subscribe}); a path left without operations goes too.
     */
    private void webSocketHandshakes(OpenAPI openAPI) {
        if (openAPI.getPaths() == null) {
            return;
        }
        new ArrayList<>(openAPI.getPaths().keySet()).forEach(path -> {
            PathItem item = openAPI.getPaths().get(path);
            item.readOperationsMap().forEach((method, op) -> {
                if (op.getExtensions() != null && op.getExtensions().containsKey("x-kit-websocket")) {
                    schemesOf(openAPI, op).forEach(handshakeSchemes::add);
                    notes.accept("not generated: paths." + path + "." + method.name().toLowerCase(Locale.ROOT)
                            + " is a WebSocket handshake (x-kit-websocket): a call cannot open it");
                    item.operation(method, null);
                }
            });
            if (item.readOperations().isEmpty()) {
                openAPI.getPaths().remove(path);
            }
        });
    }

    /** @return the security schemes the generated operations name (their own security, else the document's) */
    private static Set<String> usedSchemes(OpenAPI openAPI) {
        Set<String> used = new HashSet<>();
        if (openAPI.getPaths() != null) {
            openAPI.getPaths().values().forEach(item -> item.readOperations().forEach(op -> used.addAll(schemesOf(openAPI, op))));
        }
        return used;
    }

    private static Set<String> schemesOf(OpenAPI openAPI, Operation op) {
        List<SecurityRequirement> requirements = op.getSecurity() != null ? op.getSecurity() : openAPI.getSecurity();
        Set<String> names = new HashSet<>();
        if (requirements != null) {
            requirements.forEach(r -> names.addAll(r.keySet()));
        }
        return names;
    }

    private void links(String path, PathItem.HttpMethod method, Operation op) {
        if (op.getResponses() == null) {
            return;
        }
        op.getResponses().forEach((code, response) -> {
            if (response.getLinks() != null && !response.getLinks().isEmpty()) {
                notes.accept("unsupported: links at paths." + path + "." + method.name().toLowerCase(Locale.ROOT)
                        + ".responses." + code + ".links (" + String.join(", ", response.getLinks().keySet())
                        + "): not followed (each linked operation is generated as a method of its own)");
            }
            Content content = response.getContent();
            if (content != null && !content.isEmpty() && content.keySet().stream().allMatch(t -> t.contains("xml"))) {
                notes.accept("unsupported: XML body at paths." + path + "." + method.name().toLowerCase(Locale.ROOT)
                        + ".responses." + code + ": the client reads JSON; use executeRaw() for this answer");
            }
        });
    }

    /**
     * @return the schemes every operation needs (in each of its alternatives); none when an operation is open or
     * the document has no operation
     */
    private static Set<String> requiredSchemes(OpenAPI openAPI) {
        Set<String> required = null;
        if (openAPI.getPaths() == null) {
            return Set.of();
        }
        for (PathItem item : openAPI.getPaths().values()) {
            for (Operation op : item.readOperations()) {
                List<io.swagger.v3.oas.models.security.SecurityRequirement> security =
                        op.getSecurity() != null ? op.getSecurity() : openAPI.getSecurity();
                if (security == null || security.isEmpty()) {
                    return Set.of();
                }
                for (io.swagger.v3.oas.models.security.SecurityRequirement alternative : security) {
                    if (required == null) {
                        required = new HashSet<>(alternative.keySet());
                    } else {
                        required.retainAll(alternative.keySet());
                    }
                }
            }
        }
        return required == null ? Set.of() : required;
    }

    /**
     * The kit token: a document's only scheme, HTTP bearer, named {@code KitToken} and given the builder method
     * {@code token} ({@code x-kit-sdk-name: token}), as exec.yaml and runtime.yaml have it.
     */
    private static boolean isKitToken(Map<String, Object> credential) {
        return "KitToken".equals(credential.get("scheme")) && Boolean.TRUE.equals(credential.get("isBearer"))
                && "token".equals(credential.get("method"));
    }

    private static boolean taken(List<Map<String, Object>> credentials, String method) {
        return credentials.stream().anyMatch(c -> c.get("method").equals(method));
    }

    private void credential(String name, SecurityScheme scheme, List<Map<String, Object>> out) {
        String method = SdkName.of(scheme.getExtensions())
                .orElse(StringUtils.camelize(sanitizeName(name), CamelizeOption.LOWERCASE_FIRST_LETTER));
        if (BUILDER_METHODS.contains(method)) {
            method = method + "Credential";
        }
        // schemes named alike but for case (telnyx's BearerAuth and bearerAuth): one builder method each
        String base = method;
        for (int i = 2; taken(out, method); i++) {
            method = base + i;
        }
        Map<String, Object> c = new LinkedHashMap<>();
        c.put("method", method);
        c.put("scheme", name);
        if (scheme.getType() == null) {
            notes.accept("unsupported: security scheme at components.securitySchemes." + name + " has no type: ignored");
            return;
        }
        // where the credential goes and in what form: the contract dialect's one reader (x-kit-credential-format)
        dev.contractkit.specs.dialect.SecurityScheme kit = dev.contractkit.specs.dialect.SecurityScheme.of(name,
                io.swagger.v3.core.util.Json.mapper().valueToTree(scheme));
        switch (scheme.getType()) {
            case APIKEY -> placed(c, kit, "isApiKey");
            case HTTP -> {
                if ("basic".equalsIgnoreCase(scheme.getScheme())) {
                    c.put("isBasic", true);
                } else {
                    if (!"bearer".equalsIgnoreCase(scheme.getScheme())) {
                        notes.accept("unsupported: HTTP scheme '" + scheme.getScheme() + "' at components.securitySchemes."
                                + name + ": the value given is sent as 'Authorization: " + scheme.getScheme() + " <value>'");
                    }
                    placed(c, kit, "isBearer");
                    if (!"bearer".equalsIgnoreCase(scheme.getScheme()) && kit.credentialFormat().isEmpty()) {
                        c.put("valueExpr", "\"" + javaText(scheme.getScheme() + " ") + "\" + value");
                        c.put("form", scheme.getScheme() + " <value>");
                    }
                }
            }
            case OAUTH2, OPENIDCONNECT -> {
                notes.accept("unsupported: " + scheme.getType() + " flows at components.securitySchemes." + name
                        + ": the client does not fetch tokens; give it one (builder." + c.get("method") + "(token)), sent as a bearer token");
                placed(c, kit, "isBearer");
            }
            default -> {
                notes.accept("unsupported: security scheme type " + scheme.getType() + " at components.securitySchemes." + name
                        + ": configure it on your own OkHttp client (builder.okHttpClient(...))");
                return;
            }
        }
        out.add(c);
    }

    /** The scheme's placement: header, query or cookie, its name, and the text before and after the credential. */
    private static void placed(Map<String, Object> c, dev.contractkit.specs.dialect.SecurityScheme kit, String kind) {
        String marker = "\u0000";
        dev.contractkit.specs.dialect.SecurityScheme.Placement p = kit.place(marker);
        int at = p.value().indexOf(marker);
        c.put(kind, true);
        c.put("isPlaced", true);
        c.put("in", p.in());
        c.put("name", p.name());
        c.put("prefix", javaText(at < 0 ? p.value() : p.value().substring(0, at)));
        c.put("suffix", javaText(at < 0 ? "" : p.value().substring(at + marker.length())));
        String prefix = String.valueOf(c.get("prefix"));
        String suffix = String.valueOf(c.get("suffix"));
        c.put("valueExpr", (prefix.isEmpty() ? "" : "\"" + prefix + "\" + ") + "value" + (suffix.isEmpty() ? "" : " + \"" + suffix + "\""));
        c.put("form", (at < 0 ? p.value() : p.value().substring(0, at) + "<value>" + p.value().substring(at + marker.length())));
    }

    @Override
    @SuppressWarnings("unchecked")
    public OperationsMap postProcessOperationsWithModels(OperationsMap objs, List<ModelMap> allModels) {
        // cookie parameters have no Retrofit annotation: they are left out of the interface (see the notes)
        for (CodegenOperation op : objs.getOperations().getOperation()) {
            if (op.cookieParams != null && !op.cookieParams.isEmpty()) {
                op.cookieParams.forEach(p -> notes.accept("unsupported: cookie parameter '" + p.baseName + "' at paths."
                        + (op.path.startsWith("/") ? "" : "/") + op.path + "." + op.httpMethod.toLowerCase(Locale.ROOT) + ": not a method parameter; send it with call.header(\"Cookie\", ...)"));
                op.allParams.removeIf(p -> p.isCookieParam);
                op.cookieParams.clear();
            }
        }
        OperationsMap result = super.postProcessOperationsWithModels(objs, allModels);
        // a model openapi-generator imports but does not write (a multipart body's form model): no import
        Set<String> written = new HashSet<>();
        allModels.forEach(m -> written.add(modelPackage + "." + m.getModel().classname));
        objs.getImports().removeIf(i -> i.get("import") != null && i.get("import").startsWith(modelPackage + ".")
                && !written.contains(i.get("import")));
        // and a model it writes but does not import (a deepObject query parameter's type): imported
        Set<String> imported = new HashSet<>();
        objs.getImports().forEach(i -> imported.add(i.get("import")));
        for (CodegenOperation op : objs.getOperations().getOperation()) {
            List<String> types = new ArrayList<>();
            op.allParams.forEach(p -> types.add(p.dataType));
            types.add(op.returnType);
            for (String type : types) {
                for (String name : type == null ? new String[0] : type.split("[^A-Za-z0-9_$]+")) {
                    String imp = modelPackage + "." + name;
                    if (written.contains(imp) && imported.add(imp)) {
                        objs.getImports().add(new HashMap<>(Map.of("import", imp, "classname", name)));
                    }
                }
            }
        }
        for (CodegenOperation op : objs.getOperations().getOperation()) {
            if (op.path == null || op.path.isEmpty() || op.path.equals("/")) {
                op.path = "."; // the root path: Retrofit refuses @GET(""); "." is the base URL itself
            }
        }
        String apiClass = objs.getOperations().getClassname();
        String apiVar = StringUtils.camelize(apiClass, CamelizeOption.LOWERCASE_FIRST_LETTER);
        kitApis.add(Map.of("classname", apiClass, "varName", apiVar));
        additionalProperties.put("kitHasModels", allModels.stream().anyMatch(m -> !m.getModel().isAlias));
        additionalProperties.put("kitHasApis", true); // a document without operations has no api package to import
        for (Map<String, String> i : objs.getImports()) {
            String imp = i.get("import");
            if (imp != null && !imp.startsWith(modelPackage + ".") && !Set.of("java.util.List", "java.util.Map", "java.util.Set").contains(imp) && kitImports.add(imp)) {
                ((List<Map<String, String>>) additionalProperties.computeIfAbsent("kitImports", k -> new ArrayList<>())).add(Map.of("import", imp));
            }
        }
        Map<String, CodegenModel> models = new HashMap<>();
        allModels.forEach(m -> models.put(m.getModel().classname, m.getModel()));
        for (CodegenOperation op : objs.getOperations().getOperation()) {
            kitOperations.addAll(kitOperations(op, apiVar, models));
            String path = op.path.equals(".") ? "/" : (op.path.startsWith("/") ? "" : "/") + op.path;
            if (openPaths.contains(op.httpMethod.toUpperCase(Locale.ROOT) + " " + path)) {
                kitOpenOperations.add(apiClass + "." + op.operationId);
            }
        }
        return result;
    }

    private List<Map<String, Object>> kitOperations(CodegenOperation op, String apiVar, Map<String, CodegenModel> models) {
        String where = "paths." + (op.path.equals(".") ? "/" : (op.path.startsWith("/") ? "" : "/") + op.path) + "." + op.httpMethod.toLowerCase(Locale.ROOT);
        if (op.callbacks != null) {
            op.callbacks.forEach(cb -> notes.accept("unsupported: callback '" + cb.name + "' at " + where
                    + ".callbacks: not generated (the client sends requests; receiving callbacks is the application's server's job)"));
        }
        List<Map<String, Object>> params = new ArrayList<>();
        for (CodegenParameter p : op.allParams) {
            params.add(param(p.paramName, paramType(p), p.description));
        }
        String name = unique(SdkName.of(op.vendorExtensions).orElse(op.operationId));
        String summary = javadoc(op.summary != null ? op.summary : op.notes);
        List<Map<String, Object>> out = new ArrayList<>();
        boolean sse = op.produces != null && op.produces.stream().anyMatch(m -> String.valueOf(m.get("mediaType")).startsWith("text/event-stream"));
        boolean onlySse = sse && op.produces.stream().allMatch(m -> String.valueOf(m.get("mediaType")).startsWith("text/event-stream"));
        String result = op.isResponseFile ? "okhttp3.ResponseBody" : op.returnType == null ? "Void" : op.returnType;
        Map<String, Object> base = new LinkedHashMap<>();
        base.put("api", apiVar);
        base.put("operationId", op.operationId);
        base.put("httpMethod", op.httpMethod);
        base.put("path", op.path);
        base.put("summary", summary);
        base.put("params", params);
        base.put("args", args(params));
        if (!onlySse) {
            Map<String, Object> plain = new LinkedHashMap<>(base);
            plain.put("name", name);
            plain.put("resultType", result);
            plain.put("isPlain", true);
            out.add(plain);
        }
        if (sse) {
            Map<String, Object> events = new LinkedHashMap<>(base);
            events.put("name", onlySse ? name : unique(name + "Events"));
            events.put("isEvents", true);
            out.add(events);
        }
        // one convention: a contract that pages by offset is walked by offset (stopping at a short page, or where
        // a declared Link header names no next page); one that pages only by Link follows its rel="next"
        Map<String, Object> offset = onlySse ? null : offsetPaging(op, models, base, params, name);
        if (offset != null) {
            out.add(offset);
        } else if (!onlySse && op.isArray && hasLinkHeader(op) && op.returnBaseType != null) {
            Map<String, Object> paged = new LinkedHashMap<>(base);
            paged.put("name", unique(name + "AutoPaging"));
            paged.put("isLinkPaging", true);
            paged.put("itemType", itemType(op));
            out.add(paged);
        } else if (!onlySse && hasLinkHeader(op) && envelopeItems(op, models) != null) {
            CodegenProperty items = envelopeItems(op, models);
            Map<String, Object> paged = new LinkedHashMap<>(base);
            paged.put("name", unique(name + "AutoPaging"));
            paged.put("isLinkPagePaging", true);
            paged.put("pageType", op.returnType);
            paged.put("itemType", items.items.datatypeWithEnum != null ? items.items.datatypeWithEnum : items.items.dataType);
            paged.put("itemsGetter", items.getter);
            out.add(paged);
        }
        Map<String, Object> cursor = onlySse ? null : cursorPaging(op, models, base, params, name);
        if (cursor != null) {
            out.add(cursor);
        }
        return out;
    }

    private static String itemType(CodegenOperation op) {
        String t = op.returnType;
        return t.startsWith("List<") && t.endsWith(">") ? t.substring(5, t.length() - 1) : op.returnBaseType;
    }

    private static boolean hasLinkHeader(CodegenOperation op) {
        for (CodegenResponse r : op.responses) {
            if (r.is2xx && r.headers != null && r.headers.stream().anyMatch(h -> "link".equalsIgnoreCase(h.baseName))) {
                return true;
            }
        }
        return false;
    }

    /** @return the one list property of an operation's object answer (a page envelope), or null */
    private static CodegenProperty envelopeItems(CodegenOperation op, Map<String, CodegenModel> models) {
        CodegenModel page = op.returnType == null ? null : models.get(op.returnType);
        if (page == null) {
            return null;
        }
        List<CodegenProperty> lists = page.vars.stream().filter(v -> v.isArray && v.items != null).toList();
        return lists.size() == 1 ? lists.get(0) : null;
    }

    /**
     * Paging by offset (the one convention besides {@code Link}): an integer {@code offset} query parameter and a
     * page size ({@code limit}, {@code count}, {@code per_page}, {@code page_size}, {@code size}); the answer a list
     * or an object with one list. The method takes the page size and the other parameters; it stops at a short page.
     */
    private Map<String, Object> offsetPaging(CodegenOperation op, Map<String, CodegenModel> models, Map<String, Object> base,
                                             List<Map<String, Object>> params, String name) {
        CodegenParameter offset = op.queryParams.stream()
                .filter(p -> (p.isInteger || p.isLong) && "offset".equalsIgnoreCase(p.baseName)).findFirst().orElse(null);
        CodegenParameter size = op.queryParams.stream().filter(p -> (p.isInteger || p.isLong)
                && OFFSET_SIZES.contains(p.baseName.toLowerCase(Locale.ROOT))).findFirst().orElse(null);
        if (offset == null || size == null) {
            return null;
        }
        String itemsGetter;
        String itemType;
        if (op.isArray && op.returnBaseType != null) {
            itemsGetter = null;
            itemType = itemType(op);
        } else {
            CodegenProperty items = envelopeItems(op, models);
            if (items == null) {
                return null;
            }
            itemsGetter = items.getter;
            itemType = items.items.datatypeWithEnum != null ? items.items.datatypeWithEnum : items.items.dataType;
        }
        List<Map<String, Object>> outer = new ArrayList<>();
        List<String> args = new ArrayList<>();
        for (Map<String, Object> p : params) {
            if (p.get("name").equals(offset.paramName)) {
                args.add(offset.isLong ? "(long) offset" : "offset");
            } else if (p.get("name").equals(size.paramName)) {
                args.add(size.isLong ? "(long) pageSize" : "pageSize");
            } else {
                outer.add(p);
                args.add(String.valueOf(p.get("name")));
            }
        }
        outer.add(0, param("pageSize", "int", "items per request (the contract's " + size.baseName + ")"));
        Map<String, Object> paged = new LinkedHashMap<>(base);
        paged.put("name", unique(name + "AutoPaging"));
        paged.put("isOffsetPaging", true);
        paged.put("params", outer);
        paged.put("args", String.join(", ", args));
        paged.put("pageType", op.returnType);
        paged.put("itemType", itemType);
        paged.put("items", itemsGetter == null ? "page -> page" : op.returnType + "::" + itemsGetter);
        paged.put("offsetParam", offset.baseName);
        paged.put("linked", hasLinkHeader(op));
        return paged;
    }

    private Map<String, Object> cursorPaging(CodegenOperation op, Map<String, CodegenModel> models, Map<String, Object> base,
                                             List<Map<String, Object>> params, String name) {
        CodegenParameter cursorParam = op.queryParams.stream()
                .filter(p -> p.isString && CURSOR_PARAMS.contains(p.baseName.toLowerCase(Locale.ROOT))).findFirst().orElse(null);
        CodegenModel page = op.returnType == null ? null : models.get(op.returnType);
        if (cursorParam == null || page == null) {
            return null;
        }
        CodegenProperty next = page.vars.stream()
                .filter(v -> v.isString && NEXT_FIELDS.contains(v.baseName.toLowerCase(Locale.ROOT))).findFirst().orElse(null);
        CodegenProperty items = page.vars.stream().filter(v -> v.isArray && v.items != null).findFirst().orElse(null);
        if (next == null || items == null) {
            return null;
        }
        Map<String, Object> paged = new LinkedHashMap<>(base);
        List<Map<String, Object>> outer = new ArrayList<>();
        List<String> args = new ArrayList<>();
        for (Map<String, Object> p : params) {
            if (p.get("name").equals(cursorParam.paramName)) {
                args.add("cursor");
            } else {
                outer.add(p);
                args.add(String.valueOf(p.get("name")));
            }
        }
        paged.put("name", unique(name + "AutoPaging"));
        paged.put("isCursorPaging", true);
        paged.put("params", outer);
        paged.put("args", String.join(", ", args));
        paged.put("pageType", op.returnType);
        paged.put("itemType", items.items.datatypeWithEnum != null ? items.items.datatypeWithEnum : items.items.dataType);
        paged.put("itemsGetter", items.getter);
        paged.put("nextGetter", next.getter);
        paged.put("cursorParam", cursorParam.baseName);
        return paged;
    }

    private static String args(List<Map<String, Object>> params) {
        return String.join(", ", params.stream().map(p -> String.valueOf(p.get("name"))).toList());
    }

    private static Map<String, Object> param(String name, String type, String description) {
        Map<String, Object> p = new LinkedHashMap<>();
        p.put("name", name);
        p.put("type", type);
        p.put("description", javadoc(description == null || description.isBlank() ? name : description));
        return p;
    }

    private String paramType(CodegenParameter p) {
        if (p.isFormParam && p.isFile) {
            return "okhttp3.MultipartBody.Part";
        }
        if (p.isQueryParam && p.collectionFormat != null && !p.isCollectionFormatMulti) {
            return invokerPackage + ".CollectionFormats." + p.collectionFormat.toUpperCase(Locale.ROOT) + "Params";
        }
        return p.dataType;
    }

    private String unique(String name) {
        String n = name;
        for (int i = 2; !kitMethodNames.add(n) || Set.of("builder", "close").contains(n); i++) {
            n = name + i;
        }
        return n;
    }

    private static String javaText(String text) {
        return text.replace("\\", "\\\\").replace("\"", "\\\"");
    }

    private static String javadoc(String text) {
        if (text == null || text.isBlank()) {
            return "";
        }
        return text.strip().replace("*/", "*&#47;").replace("@", "&#64;").replace("\n", " ");
    }
}
