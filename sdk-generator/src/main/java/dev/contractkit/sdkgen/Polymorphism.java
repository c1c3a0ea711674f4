package dev.contractkit.sdkgen;

import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.SpecVersion;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.media.Content;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.parameters.Parameter;
import io.swagger.v3.oas.models.responses.ApiResponse;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Consumer;

/**
 * How the client represents {@code oneOf}/{@code anyOf}, decided before openapi-generator sees the document, so that
 * every shape compiles and deserialises:
 * <ul>
 *   <li>of one scalar type (strings; integers and numbers): that type;</li>
 *   <li>with a discriminator, over references to objects: kept; {@code oneOf} becomes an interface its members
 *       implement and Jackson picks the member by the discriminator ({@code useOneOfInterfaces}); mappings to
 *       schemas the document does not hold are dropped;</li>
 *   <li>with a discriminator and a member written in place: as without one (the member has no class to name);</li>
 *   <li>without a discriminator, over objects only: {@code anyOf}, one class with every member's properties (what a
 *       document's value is, whichever member it matches, is read into it);</li>
 *   <li>with a member that is not an object (a string, a number, an array, ...): no composition, a typeless value
 *       (Java {@code Object}: a {@code String}, {@code Number}, {@code List} or {@code Map}), as the kit's own
 *       contracts do.</li>
 * </ul>
 * A {@code {type: "null"}} member only makes the value nullable.
 */
final class Polymorphism {
    private final OpenAPI api;
    private final Map<Schema<?>, Boolean> seen = new IdentityHashMap<>();

    private Polymorphism(OpenAPI api) {
        this.api = api;
    }

    /** @param api the document, changed in place */
    static void simplify(OpenAPI api) {
        Polymorphism p = new Polymorphism(api);
        if (api.getComponents() != null) {
            if (api.getComponents().getSchemas() != null) {
                api.getComponents().getSchemas().replaceAll((name, schema) -> p.visit(schema));
            }
            each(api.getComponents().getParameters(), prm -> p.parameter(prm));
            each(api.getComponents().getRequestBodies(), b -> p.content(b.getContent()));
            each(api.getComponents().getResponses(), p::response);
        }
        if (api.getPaths() != null) {
            api.getPaths().values().forEach(item -> {
                if (item.getParameters() != null) {
                    item.getParameters().forEach(p::parameter);
                }
                item.readOperations().forEach(p::operation);
            });
        }
    }

    private static <T> void each(Map<String, T> map, Consumer<T> action) {
        if (map != null) {
            map.values().forEach(action);
        }
    }

    private void operation(Operation op) {
        if (op.getParameters() != null) {
            op.getParameters().forEach(this::parameter);
        }
        if (op.getRequestBody() != null) {
            content(op.getRequestBody().getContent());
        }
        if (op.getResponses() != null) {
            op.getResponses().values().forEach(this::response);
        }
    }

    private void parameter(Parameter p) {
        p.setSchema(visit(p.getSchema()));
        content(p.getContent());
    }

    private void response(ApiResponse r) {
        content(r.getContent());
    }

    private void content(Content content) {
        if (content != null) {
            content.values().forEach(m -> m.setSchema(visit(m.getSchema())));
        }
    }

    /** @return the schema to use in its place: itself, changed in place, or a plain one standing for a value */
    @SuppressWarnings({"rawtypes", "unchecked"})
    private Schema visit(Schema<?> s) {
        if (s == null || seen.containsKey(s)) {
            return s;
        }
        if (s.get$ref() != null && !s.get$ref().matches("#/components/schemas/[^/]+")) {
            // a reference into another schema or a response (#/components/responses/.../properties/x), which
            // openapi-generator turns into a class it never writes: a value of any type
            return plain(s, null);
        }
        seen.put(s, Boolean.TRUE);
        knownMappings(s);
        Schema<?> replaced = composition(s);
        if (replaced != s) {
            return replaced;
        }
        if (s.getEnum() != null && !s.getEnum().isEmpty() && s.getEnum().stream().allMatch(Objects::isNull)) {
            // an enum whose values are not of its type (azure's integer enums of names): the parser made each null,
            // leaving an enum without constants; the values the document gives are whatever they are
            return plain(s, null);
        }
        enumOfScalars(s);
        if (s.getDefault() != null && s.getEnum() != null
                && s.getEnum().stream().noneMatch(v -> String.valueOf(v).equals(String.valueOf(s.getDefault())))) {
            // a default that is not one of the values (figshare.com): openapi-generator writes it as a bare name
            s.setDefault(null);
        }
        discriminatorConstants(s);
        if (s.getProperties() != null) {
            s.getProperties().replaceAll((k, v) -> visit((Schema<?>) v));
        }
        s.setItems(visit(s.getItems()));
        if (s.getAdditionalProperties() instanceof Schema<?> extra) {
            s.setAdditionalProperties(visit(extra));
        }
        for (List<Schema> members : new List[]{s.getAllOf(), s.getOneOf(), s.getAnyOf()}) {
            if (members != null) {
                members.replaceAll(m -> visit((Schema<?>) m));
            }
        }
        return s;
    }

    /**
     * An enum is a list of scalar values: on a schema without a type, of strings, it is a string enum; on an object
     * or array schema (e.g. an array of strings given the enum its items should have) it is dropped.
     */
    private static void enumOfScalars(Schema<?> s) {
        if (s.getEnum() == null || s.getEnum().isEmpty()) {
            return;
        }
        String type = type(s);
        if (type == null && s.getEnum().stream().allMatch(v -> v == null || v instanceof String)) {
            s.setType("string");
        } else if (type == null || !Set.of("string", "integer", "number", "boolean").contains(type)) {
            s.setEnum(null);
        }
    }

    /**
     * A member of a hierarchy (allOf a parent, or a parent's parent, with a discriminator) that redefines the
     * ancestor's discriminator property as an enum: the member's Java class cannot override the ancestor's accessor
     * with an enum type of its own. Against a String property the member keeps a String; against an enum (apple.com's
     * sirikit-cloud-media, flat.io) the member's property is dropped and the ancestor's accessor serves. The
     * discriminator says the rest.
     */
    @SuppressWarnings({"rawtypes", "unchecked"})
    private void discriminatorConstants(Schema<?> s) {
        if (s.getAllOf() == null) {
            return;
        }
        Map<String, Schema> parents = new java.util.LinkedHashMap<>();
        Set<Schema<?>> path = Collections.newSetFromMap(new IdentityHashMap<>());
        for (Schema m : s.getAllOf()) {
            ancestors(m, parents, path);
        }
        if (parents.isEmpty()) {
            return;
        }
        List<Schema> owners = new ArrayList<>(List.of(s));
        s.getAllOf().stream().filter(m -> m.get$ref() == null).forEach(owners::add);
        for (Schema owner : owners) {
            Map<String, Schema> props = owner.getProperties();
            if (props == null) {
                continue;
            }
            parents.forEach((d, parentProperty) -> {
                Schema prop = props.get(d);
                if (prop == null || prop.getEnum() == null || parentProperty == null || prop == parentProperty) {
                    return;
                }
                if (parentProperty.getEnum() == null) {
                    prop.setEnum(null);
                } else {
                    props.remove(d);
                }
            });
        }
    }

    /** The discriminator properties of the referenced ancestors of an allOf member, nearest first. */
    @SuppressWarnings({"rawtypes", "unchecked"})
    private void ancestors(Schema<?> member, Map<String, Schema> out, Set<Schema<?>> path) {
        Schema<?> parent = member.get$ref() == null ? null : resolve(member);
        if (parent == null || !path.add(parent)) {
            return;
        }
        if (parent.getDiscriminator() != null && parent.getDiscriminator().getPropertyName() != null) {
            String d = parent.getDiscriminator().getPropertyName();
            Schema<?> own = parent.getProperties() == null ? null : parent.getProperties().get(d);
            out.putIfAbsent(d, own);
        }
        for (Schema m : nonNull(parent.getAllOf())) {
            ancestors(m, out, path);
        }
    }

    /**
     * A discriminator's mapping to schemas the document does not hold (digitalocean.com maps to its source files,
     * {@code models/volume_action_post_attach.yml}): openapi-generator names the class {@code ERRORUNKNOWN}; such
     * entries are dropped (Jackson then knows those values by the members' names only).
     */
    @SuppressWarnings("rawtypes")
    private void knownMappings(Schema<?> s) {
        if (s.getDiscriminator() == null || s.getDiscriminator().getMapping() == null) {
            return;
        }
        Map<String, Schema> schemas = api.getComponents() == null ? null : api.getComponents().getSchemas();
        s.getDiscriminator().getMapping().values().removeIf(target -> {
            String name = target.startsWith("#/components/schemas/") ? target.substring("#/components/schemas/".length())
                    : target.contains("/") || target.contains("#") ? null : target;
            return name == null || schemas == null || !schemas.containsKey(name);
        });
        if (s.getDiscriminator().getMapping().isEmpty()) {
            s.getDiscriminator().setMapping(null);
        }
    }

    /** A value of one scalar type, or of any type: a plain schema with the original's documentation. */
    @SuppressWarnings({"rawtypes", "unchecked"})
    private static Schema plain(Schema<?> s, String type) {
        Schema p = new Schema<>();
        p.setDescription(s.getDescription());
        p.setTitle(s.getTitle());
        p.setReadOnly(s.getReadOnly());
        p.setWriteOnly(s.getWriteOnly());
        p.setDeprecated(s.getDeprecated());
        p.setNullable(Boolean.TRUE.equals(s.getNullable()) || s.getTypes() != null && s.getTypes().contains("null") ? Boolean.TRUE : null);
        if (type != null) {
            p.setType(type);
            if (s.getSpecVersion() == SpecVersion.V31) {
                p.setSpecVersion(SpecVersion.V31);
                p.setTypes(new LinkedHashSet<>(List.of(type)));
            }
        }
        return p;
    }

    @SuppressWarnings({"rawtypes", "unchecked"})
    private Schema<?> composition(Schema s) {
        Set<String> types = s.getTypes();
        if (s.getType() == null && types != null && types.stream().filter(t -> !"null".equals(t)).count() > 1) {
            // a 3.1 type array of several types: number for integer and number, else a value of any type
            Set<String> notNull = new LinkedHashSet<>(types);
            notNull.remove("null");
            return plain(s, notNull.equals(Set.of("integer", "number")) ? "number" : null);
        }
        boolean oneOf = s.getOneOf() != null && !s.getOneOf().isEmpty();
        List<Schema> members = oneOf ? s.getOneOf() : s.getAnyOf();
        if (members == null || members.isEmpty()) {
            return s;
        }
        List<Schema> kept = new ArrayList<>();
        boolean nullable = false;
        for (Schema m : members) {
            if (isNull(m)) {
                nullable = true;
            } else {
                kept.add(m);
            }
        }
        if (nullable) {
            s.setNullable(true);
        }
        boolean objects = !kept.isEmpty() && kept.stream().allMatch(m -> isObject(m, Collections.newSetFromMap(new IdentityHashMap<>())));
        if (!objects) {
            // one scalar type (a string, or a number either integral or not): that type; else a value of any type
            // (openapi-generator makes it Object)
            return plain(s, scalar(kept));
        }
        if (s.getDiscriminator() != null && kept.stream().anyMatch(m -> m.get$ref() == null)) {
            // members written in place have no class of their own to name (openapi-generator: ERRORUNKNOWN)
            s.setDiscriminator(null);
        }
        if (oneOf && s.getDiscriminator() != null && !discriminatedMembers(kept, s.getDiscriminator().getPropertyName())) {
            s.setDiscriminator(null);
        }
        if (s.getDiscriminator() == null && oneOf) {
            s.setOneOf(null);
            s.setAnyOf(kept);
        } else if (oneOf) {
            s.setOneOf(kept);
        } else {
            s.setAnyOf(kept);
        }
        return s;
    }

    /**
     * @return whether every member has the discriminator property, so that the interface's accessor for it is
     *         implemented; a member's enum for it, its own or a reference to one, is dropped (the accessor returns a
     *         String)
     */
    @SuppressWarnings("rawtypes")
    private boolean discriminatedMembers(List<Schema> members, String property) {
        if (property == null) {
            return false;
        }
        List<Schema> found = new ArrayList<>();
        for (Schema m : members) {
            Schema<?> p = property(m, property, Collections.newSetFromMap(new IdentityHashMap<>()));
            if (p == null) {
                return false;
            }
            found.add(p);
        }
        for (Schema p : found) {
            Schema<?> target = p.get$ref() == null ? null : resolve(p);
            if (p.getEnum() != null) {
                p.setEnum(null);
            } else if (target != null && target.getEnum() != null) {
                // a reference to an enum (influxdata's NotificationEndpointType): a String here too
                p.set$ref(null);
                p.setType("string");
                if (target.getSpecVersion() == SpecVersion.V31) {
                    p.setSpecVersion(SpecVersion.V31);
                    p.setTypes(new LinkedHashSet<>(List.of("string")));
                }
            }
        }
        return true;
    }

    /** @return a member's schema for a property, its own or from its allOf, or null */
    @SuppressWarnings({"rawtypes", "unchecked"})
    private Schema<?> property(Schema<?> member, String name, Set<Schema<?>> path) {
        Schema<?> s = resolve(member);
        if (s == null || !path.add(s)) {
            return null;
        }
        if (s.getProperties() != null && s.getProperties().get(name) != null) {
            return s.getProperties().get(name);
        }
        for (Schema m : nonNull(s.getAllOf())) {
            Schema<?> p = property(m, name, path);
            if (p != null) {
                return p;
            }
        }
        return null;
    }

    /** @return the one scalar type of these members ({@code number} for integers and numbers), or null */
    @SuppressWarnings("rawtypes")
    private String scalar(List<Schema> members) {
        Set<String> types = new LinkedHashSet<>();
        for (Schema m : members) {
            Schema<?> r = resolve(m);
            String t = r == null ? null : type(r);
            if (t == null || !Set.of("string", "integer", "number", "boolean").contains(t)) {
                return null;
            }
            types.add(t);
        }
        if (types.size() == 1) {
            return types.iterator().next();
        }
        return types.equals(Set.of("integer", "number")) ? "number" : null;
    }

    private Schema<?> resolve(Schema<?> s) {
        Schema<?> r = s;
        for (int i = 0; r != null && r.get$ref() != null && i < 20; i++) {
            String ref = r.get$ref();
            if (!ref.startsWith("#/components/schemas/") || api.getComponents() == null || api.getComponents().getSchemas() == null) {
                return null;
            }
            r = api.getComponents().getSchemas().get(ref.substring("#/components/schemas/".length()));
        }
        return r;
    }

    private static String type(Schema<?> s) {
        if (s.getType() != null) {
            return s.getType();
        }
        Set<String> types = s.getTypes();
        if (types == null || types.isEmpty()) {
            return null;
        }
        List<String> notNull = types.stream().filter(t -> !"null".equals(t)).toList();
        return notNull.size() == 1 ? notNull.get(0) : notNull.isEmpty() ? "null" : "mixed";
    }

    private boolean isNull(Schema<?> member) {
        Schema<?> s = resolve(member);
        return s != null && "null".equals(type(s)) && s.getProperties() == null;
    }

    @SuppressWarnings("rawtypes")
    private boolean isObject(Schema<?> member, Set<Schema<?>> path) {
        Schema<?> s = resolve(member);
        if (s == null || !path.add(s)) {
            return s != null;
        }
        String type = type(s);
        if ("object".equals(type) || type == null && s.getProperties() != null) {
            return true;
        }
        if (type != null) {
            return false;
        }
        for (List<Schema> list : List.of(nonNull(s.getAllOf()), nonNull(s.getOneOf()), nonNull(s.getAnyOf()))) {
            if (!list.isEmpty()) {
                return list.stream().allMatch(m -> isNull(m) || isObject(m, path));
            }
        }
        return false;
    }

    @SuppressWarnings("rawtypes")
    private static List<Schema> nonNull(List<Schema> list) {
        return list == null ? List.of() : list;
    }
}
