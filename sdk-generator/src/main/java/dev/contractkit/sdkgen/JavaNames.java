package dev.contractkit.sdkgen;

import org.openapitools.codegen.CodegenModel;
import org.openapitools.codegen.CodegenProperty;

import javax.lang.model.SourceVersion;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The naming rules the kit adds to openapi-generator's Java ones, so that a document's names, once sanitised, are
 * still distinct, legal Java: two properties of one model that map to one Java name ({@code id} and {@code _id}),
 * enum constants that are not identifiers or collide ({@code a-b} and {@code a_b}), model names that shadow a type
 * the generated files use ({@code String}, {@code Record}, {@code Call}).
 */
final class JavaNames {
    /**
     * Simple names a generated file refers to without its package: {@code java.lang}'s public types, the types the
     * model, Retrofit interface and client templates import, and the client class's nested {@code Builder}. A model
     * of one of these names would shadow the type or be shadowed by it.
     */
    static final Set<String> TAKEN_TYPE_NAMES = Set.of(
            // java.lang
            "Appendable", "AutoCloseable", "Boolean", "Byte", "CharSequence", "Character", "Class", "ClassLoader",
            "ClassValue", "Cloneable", "Comparable", "Deprecated", "Double", "Enum", "Error", "Exception", "Float",
            "FunctionalInterface", "InheritableThreadLocal", "Integer", "Iterable", "Long", "Math", "Module",
            "ModuleLayer", "Number", "Object", "Override", "Package", "Process", "ProcessBuilder", "ProcessHandle",
            "Readable", "Record", "Runnable", "Runtime", "RuntimeException", "SafeVarargs", "SecurityManager", "Short",
            "StackTraceElement", "StackWalker", "StrictMath", "String", "StringBuffer", "StringBuilder",
            "SuppressWarnings", "System", "Thread", "ThreadGroup", "ThreadLocal", "Throwable", "Void",
            // imported by the model and Retrofit interface templates
            "ArrayList", "Arrays", "Call", "HashMap", "HashSet", "LinkedHashSet", "List", "Map", "MultipartBody",
            "Objects", "RequestBody", "ResponseBody", "Set", "JsonAnyGetter", "JsonAnySetter", "JsonCreator",
            "JsonFormat", "JsonIgnore", "JsonIgnoreProperties", "JsonInclude", "JsonProperty", "JsonPropertyOrder",
            "JsonSubTypes", "JsonTypeInfo", "JsonTypeName", "JsonValue", "JsonDeserialize", "JsonSerialize",
            // imported or declared by the kit's client template
            "Builder", "Generated", "HttpCall", "Retrofit", "Stream");
    /** Literals, not keywords, so openapi-generator's list misses them; {@code _} is a keyword since Java 9. */
    static final Set<String> LITERALS = Set.of("true", "false", "null", "_");
    private static final int MAX_PASSES = 4;

    private JavaNames() {
    }

    /**
     * @param model a model as openapi-generator made it
     * @param renames the renames given so far (property base name to Java name); the answer extends them
     * @return the renames that make every property's Java name and JSON_PROPERTY constant distinct: the property
     *         whose name is already its Java name keeps it, the others get the next free {@code name2},
     *         {@code name3}; the same map when nothing clashes
     */
    static Map<String, String> uniquePropertyNames(CodegenModel model, Map<String, String> renames) {
        List<CodegenProperty> props = properties(model);
        Set<String> names = new HashSet<>();
        props.forEach(p -> names.add(p.name));
        List<CodegenProperty> ordered = new ArrayList<>(props.stream().filter(p -> p.baseName.equals(p.name)).toList());
        props.stream().filter(p -> !p.baseName.equals(p.name)).forEach(ordered::add);
        Set<String> keys = new HashSet<>();
        Map<String, String> out = new LinkedHashMap<>(renames);
        for (CodegenProperty p : ordered) {
            String constant = p.nameInSnakeCase == null ? p.name : p.nameInSnakeCase.toUpperCase(Locale.ROOT);
            if (keys.add("n:" + p.name) & keys.add("c:" + constant)) {
                continue;
            }
            int i = 2;
            while (names.contains(p.name + i)) {
                i++;
            }
            names.add(p.name + i);
            out.put(p.baseName, p.name + i);
        }
        return out;
    }

    /** @return whether another pass of {@link #uniquePropertyNames} may still change names */
    static boolean morePasses(int pass) {
        return pass < MAX_PASSES;
    }

    /** The model's properties, own and inherited, once per JSON name. */
    private static List<CodegenProperty> properties(CodegenModel model) {
        Map<String, CodegenProperty> byBaseName = new LinkedHashMap<>();
        for (List<CodegenProperty> list : List.of(model.vars, model.allVars)) {
            if (list != null) {
                list.forEach(p -> byBaseName.putIfAbsent(p.baseName, p));
            }
        }
        return new ArrayList<>(byBaseName.values());
    }

    /**
     * @param name an enum constant's name as openapi-generator made it
     * @param value the value it stands for
     * @return a legal Java identifier: the name, or for a value of letters Java does not take (or none) a name made
     *         of the value's code points, e.g. {@code U_00E9}
     */
    static String enumConstant(String name, String value) {
        if (SourceVersion.isName(name) && !LITERALS.contains(name)) {
            return name;
        }
        String cleaned = name.replaceAll("[^A-Za-z0-9_]", "_");
        if (cleaned.replace("_", "").isEmpty()) {
            StringBuilder b = new StringBuilder("U");
            value.codePoints().forEach(c -> b.append('_').append(String.format(Locale.ROOT, "%04X", c)));
            return b.length() == 1 ? "EMPTY" : b.toString();
        }
        return Character.isJavaIdentifierStart(cleaned.charAt(0)) ? cleaned : "_" + cleaned;
    }

    /**
     * @param names enum constant names in order
     * @return the names with each repeat given the next free suffix ({@code A_B}, {@code A_B_2})
     */
    static List<String> distinct(List<String> names) {
        Set<String> all = new HashSet<>(names);
        Set<String> seen = new HashSet<>();
        Map<String, Integer> next = new HashMap<>();
        List<String> out = new ArrayList<>();
        for (String n : names) {
            String name = n;
            if (!seen.add(name)) {
                int i = next.getOrDefault(n, 2);
                while (all.contains(n + "_" + i) || seen.contains(n + "_" + i)) {
                    i++;
                }
                next.put(n, i + 1);
                name = n + "_" + i;
                seen.add(name);
            }
            out.add(name);
        }
        return out;
    }

    /**
     * @param value a numeric enum value, e.g. {@code 0.5} or {@code 10}
     * @return the argument of {@code BigDecimal.valueOf(...)} for it: a {@code long} or {@code double} literal
     */
    static String bigDecimalLiteral(String value) {
        String v = value.startsWith("new BigDecimal(\"") ? value.substring(16, value.length() - 2) : value;
        return v.matches("-?\\d{1,18}") ? v + "L" : Double.parseDouble(v) + "d";
    }
}
