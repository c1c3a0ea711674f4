package dev.contractkit.conformance.cases;

import com.fasterxml.jackson.databind.JsonNode;
import dev.contractkit.specs.check.ContractDocument;
import dev.contractkit.specs.check.ContractDocument.Operation;
import dev.contractkit.specs.check.Pointers;
import dev.contractkit.specs.check.SchemaValidator;
import dev.contractkit.specs.dialect.Keyword;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** One contract with the look-ups the checks need: declared responses, media types, the shared error schema. */
public final class Contract {
    private final ContractDocument document;
    private final Optional<String> errorSchema;
    private final boolean kitDialect;

    public Contract(ContractDocument document) {
        this.document = document;
        this.kitDialect = document.text().contains(Keyword.PREFIX);
        this.errorSchema = sharedErrorSchema(document);
    }

    public ContractDocument document() {
        return document;
    }

    /**
     * @return true when the document uses the kit's dialect ({@code x-kit-*}), which promises that every error is
     * declared and shares one envelope; a document without it is judged on what it declares only
     */
    public boolean usesKitDialect() {
        return kitDialect;
    }

    public SchemaValidator validator() {
        return document.validator();
    }

    /**
     * @param op     an operation
     * @param status a status code
     * @return the pointer of the response the operation declares for it: exact code, range ({@code 4XX}), default
     */
    Optional<String> response(Operation op, int status) {
        Map<String, String> responses = op.responses();
        String exact = Integer.toString(status);
        String range = (status / 100) + "XX";
        for (String key : List.of(exact, range, range.toLowerCase(Locale.ROOT), "default")) {
            if (responses.containsKey(key)) {
                return Optional.of(responses.get(key));
            }
        }
        return Optional.empty();
    }

    /** @return the media types a response declares (the keys of its {@code content}) */
    public List<String> mediaTypes(String responsePointer) {
        List<String> out = new ArrayList<>();
        document.at(responsePointer).path("content").fieldNames().forEachRemaining(out::add);
        return out;
    }

    /**
     * @param responsePointer a resolved response
     * @param mediaType       the media type received, without parameters, lower case
     * @return the declared media key that covers it ({@code application/json}, {@code application/*}, {@code *}{@code /*})
     */
    public Optional<String> declaredMedia(String responsePointer, String mediaType) {
        for (String key : mediaTypes(responsePointer)) {
            if (covers(key, mediaType)) {
                return Optional.of(key);
            }
        }
        return Optional.empty();
    }

    /** @return the schema pointer of a response's JSON body for the media type received, if it declares one */
    public Optional<String> jsonSchema(String responsePointer, String mediaType) {
        return declaredMedia(responsePointer, mediaType)
                .filter(key -> isJson(mediaType) || isJson(key))
                .map(key -> Pointers.append(responsePointer, "content", key, "schema"))
                .filter(p -> !document.at(p).isMissingNode());
    }

    /** @return the schema pointer of the first JSON media type a response declares */
    public Optional<String> firstJsonSchema(String responsePointer) {
        return firstJsonSchema(document, responsePointer);
    }

    private static Optional<String> firstJsonSchema(ContractDocument document, String responsePointer) {
        List<String> keys = new ArrayList<>();
        document.at(responsePointer).path("content").fieldNames().forEachRemaining(keys::add);
        return keys.stream().filter(Contract::isJson)
                .map(key -> Pointers.append(responsePointer, "content", key, "schema"))
                .filter(p -> !document.at(p).isMissingNode())
                .findFirst();
    }

    /** @return the schema every declared error response (4xx, 5xx, default) of the contract shares, if there is one */
    public Optional<String> errorSchema() {
        return errorSchema;
    }

    /** @return path template to the methods the contract declares for it, in document order */
    public Map<String, Set<String>> methodsByPath() {
        Map<String, Set<String>> out = new LinkedHashMap<>();
        for (Operation op : document.operations()) {
            out.computeIfAbsent(op.path(), p -> new LinkedHashSet<>()).add(op.method());
        }
        return out;
    }

    /** @return the security scheme object of that name (resolved), or a missing node */
    JsonNode securityScheme(String name) {
        return document.resolve(document.root().path("components").path("securitySchemes").path(name));
    }

    static boolean isJson(String mediaType) {
        String m = mediaType.toLowerCase(Locale.ROOT).split(";")[0].trim();
        return m.endsWith("/json") || m.endsWith("+json");
    }

    static boolean covers(String declared, String actual) {
        String d = declared.toLowerCase(Locale.ROOT).split(";")[0].trim();
        String a = actual.toLowerCase(Locale.ROOT).split(";")[0].trim();
        if (d.equals("*/*") || d.equals(a)) {
            return true;
        }
        return d.endsWith("/*") && a.startsWith(d.substring(0, d.length() - 1));
    }

    private static Optional<String> sharedErrorSchema(ContractDocument doc) {
        Set<String> schemas = new HashSet<>();
        for (Operation op : doc.operations()) {
            op.responses().forEach((code, pointer) -> {
                if (code.equals("default") || code.startsWith("4") || code.startsWith("5")) {
                    firstJsonSchema(doc, pointer).map(doc::resolvePointer).ifPresent(schemas::add);
                }
            });
        }
        return schemas.size() == 1 ? Optional.of(schemas.iterator().next()) : Optional.empty();
    }
}
