package dev.contractkit.specs.dialect;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.Arrays;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;

/**
 * The registry of the kit's {@code x-kit-*} keys: each key's name, the places it may stand, the JSON type of its
 * value and the reader that reads it. The build's contract check ({@link DialectCheck}) rejects any other
 * {@code x-kit-*} key, a key in a wrong place and a value of the wrong type; {@code docs/contract-dialect.md}
 * documents each.
 */
public enum Keyword {
    CONFLICT_REASONS(ConflictReasons.KEY, Type.STRING_ARRAY, EnumSet.of(Place.OPERATION), ConflictReasons.class, "of"),
    CREDENTIAL_FORMAT(SecurityScheme.CREDENTIAL_FORMAT, Type.STRING, EnumSet.of(Place.SECURITY_SCHEME), SecurityScheme.class, "place|form"),
    EMITS(Emits.KEY, Type.STRING_OR_ARRAY, EnumSet.of(Place.OPERATION), Emits.class, "of"),
    ERROR(ErrorShape.KEY, Type.ERROR_SHAPE, EnumSet.of(Place.SCHEMA), ErrorShape.class, "of"),
    JSON_SCHEMA(JsonSchemaExtra.KEY, Type.OBJECT, EnumSet.of(Place.SCHEMA), JsonSchemaExtra.class, "of"),
    PREVIOUS_VERSION(PreviousVersion.KEY, Type.STRING, EnumSet.of(Place.INFO), PreviousVersion.class, "of"),
    RATE_LIMIT_CATEGORY(RateLimits.CATEGORY_KEY, Type.STRING, EnumSet.of(Place.OPERATION), RateLimits.class, "categoryOf|forOperation"),
    RATE_LIMITS(RateLimits.KEY, Type.RATE_LIMITS, EnumSet.of(Place.DOCUMENT), RateLimits.class, "of"),
    REFUSAL(Refusals.RESPONSE_KEY, Type.BOOLEAN, EnumSet.of(Place.RESPONSE), Refusals.class, "marked"),
    REFUSALS(Refusals.OPERATION_KEY, Type.STRING_ARRAY, EnumSet.of(Place.OPERATION), Refusals.class, "patterns"),
    REQUIRED_ROLE(RequiredRole.KEY, Type.STRING, EnumSet.of(Place.OPERATION), RequiredRole.class, "of"),
    ROLES_CLAIM(SecurityScheme.ROLES_CLAIM, Type.STRING, EnumSet.of(Place.SECURITY_SCHEME), SecurityScheme.class, "rolesClaim"),
    SDK_NAME(SdkName.KEY, Type.JAVA_NAME, EnumSet.of(Place.OPERATION, Place.SECURITY_SCHEME), SdkName.class, "of"),
    STATE(State.KEY, Type.STATE, EnumSet.of(Place.OPERATION), State.class, "of|from"),
    TOKEN_ENDPOINT(SecurityScheme.TOKEN_ENDPOINT, Type.STRING, EnumSet.of(Place.SECURITY_SCHEME), SecurityScheme.class, "tokenEndpoint"),
    TOKEN_FORMAT(SecurityScheme.TOKEN_FORMAT, Type.STRING, EnumSet.of(Place.SECURITY_SCHEME), SecurityScheme.class, "jwt"),
    WEBSOCKET(WebSocketBinding.KEY, Type.WEBSOCKET, EnumSet.of(Place.OPERATION), WebSocketBinding.class, "of");

    /** The prefix of the kit's keys. */
    public static final String PREFIX = "x-kit-";

    /** Where in an OpenAPI document a key stands. */
    public enum Place {
        /** the document's root */
        DOCUMENT,
        /** {@code /info} */
        INFO,
        /** an operation ({@code /paths/{path}/{method}}) */
        OPERATION,
        /** a response ({@code .../responses/{status}} or {@code /components/responses/{name}}) */
        RESPONSE,
        /** a schema object, at any depth */
        SCHEMA,
        /** {@code /components/securitySchemes/{name}} */
        SECURITY_SCHEME,
        /** anywhere else (a parameter, a media type, a channel...): no kit key goes there */
        OTHER
    }

    /** The JSON shape of a key's value. */
    public enum Type {
        STRING("a string", v -> v.isTextual()),
        BOOLEAN("true or false", v -> v.isBoolean()),
        OBJECT("an object", v -> v.isObject()),
        JAVA_NAME("a Java method name in lower camel case (e.g. get, listForms)",
                v -> v.isTextual() && SdkName.JAVA_NAME.matcher(v.asText()).matches()),
        ERROR_SHAPE("an object {code, message, request-id}, each a JSON pointer or a list of them",
                v -> v.isObject() && v.size() > 0 && all(v, p -> p.isTextual() && p.asText().startsWith("/")
                        || p.isArray() && p.size() > 0 && all(p, e -> e.isTextual() && e.asText().startsWith("/")))
                        && iterable(v.fieldNames()).allMatch(ErrorShape.MEMBERS::contains)),
        STRING_ARRAY("a list of strings", v -> v.isArray() && all(v, JsonNode::isTextual)),
        STRING_OR_ARRAY("a message name or a list of names and {message, data, when} objects",
                v -> v.isTextual() || v.isArray() && all(v, e -> e.isTextual() || e.path("message").isTextual())
                       ),
        RATE_LIMITS("an object of categories, each {limit: integer, window_seconds: integer, key: string}",
                v -> v.isObject() && all(v, c -> c.isObject() && c.path("limit").canConvertToInt()
                        && (!c.has("window_seconds") || c.get("window_seconds").canConvertToLong()
                        && c.get("window_seconds").asLong() > 0))),
        STATE("an object {resource: string, action: create|read|list|update|delete, ...}",
                v -> v.isObject() && v.path("resource").isTextual()
                        && Set.of("create", "read", "list", "update", "delete").contains(v.path("action").asText())
                        && (!v.has("soft") || v.get("soft").isObject())),
        WEBSOCKET("an object {asyncapi: file, channel: string}",
                v -> v.path("asyncapi").isTextual() && v.path("channel").isTextual());

        private final String description;
        private final Predicate<JsonNode> test;

        Type(String description, Predicate<JsonNode> test) {
            this.description = description;
            this.test = test;
        }

        /** @return the value type in words, e.g. {@code a string} */
        public String description() {
            return description;
        }

        /** @return true when the value has this type */
        public boolean accepts(JsonNode value) {
            return test.test(value);
        }

        private static java.util.stream.Stream<String> iterable(java.util.Iterator<String> names) {
            java.util.List<String> out = new java.util.ArrayList<>();
            names.forEachRemaining(out::add);
            return out.stream();
        }

        private static boolean all(JsonNode container, Predicate<JsonNode> p) {
            for (JsonNode e : container) {
                if (!p.test(e)) {
                    return false;
                }
            }
            return true;
        }
    }

    private final String key;
    private final Type type;
    private final Set<Place> places;
    private final Class<?> reader;
    private final String members;

    Keyword(String key, Type type, Set<Place> places, Class<?> reader, String members) {
        this.key = key;
        this.type = type;
        this.places = places;
        this.reader = reader;
        this.members = members;
    }

    /** @return the key, e.g. {@code x-kit-rate-limits} */
    public String key() {
        return key;
    }

    /** @return its value's type */
    public Type type() {
        return type;
    }

    /** @return where it may stand */
    public Set<Place> places() {
        return places;
    }

    /** @return the class in this package that reads it (the one place its default is) */
    public Class<?> reader() {
        return reader;
    }

    /** @return the reader's members through which tools read the key, e.g. {@code categoryOf|forOperation} */
    public String members() {
        return members;
    }

    /**
     * @param key a key, e.g. {@code x-kit-state}
     * @return its registration, when it is one of the kit's keys
     */
    public static Optional<Keyword> of(String key) {
        return Arrays.stream(values()).filter(k -> k.key.equals(key)).findFirst();
    }
}
