package dev.contractkit.conformance.cases;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.BooleanNode;
import com.fasterxml.jackson.databind.node.DecimalNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.LongNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.UUID;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * Builds values a schema allows: the canonical one (example, default, first enum value, lower bound) or a
 * random one drawn from a seeded generator, so the same seed always gives the same values.
 */
final class Values {
    private static final int MAX_DEPTH = 8;
    private static final BigDecimal ONE = BigDecimal.ONE;
    private static final BigDecimal SPAN = BigDecimal.valueOf(1000);
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final Map<String, String> FORMATS = Map.of(
            "date-time", "2024-01-15T09:30:00Z", "date", "2024-01-15", "time", "09:30:00Z",
            "email", "kit@example.com", "uuid", "3f1c9a52-9a41-4a43-b0f5-8c1a0d5e2b77",
            "uri", "https://example.com/kit", "url", "https://example.com/kit", "hostname", "example.com",
            "ipv4", "127.0.0.1", "ipv6", "::1");

    private final Schemas schemas;

    Values(Schemas schemas) {
        this.schemas = schemas;
    }

    /** @return the value an example or default gives, else the simplest value the schema allows */
    JsonNode canonical(JsonNode schema) {
        return generate(schema, Optional.empty(), 0);
    }

    /** @return a value the schema allows, drawn from {@code random} */
    JsonNode random(JsonNode schema, SplittableRandom random) {
        return generate(schema, Optional.of(random), 0);
    }

    private JsonNode generate(JsonNode schemaNode, Optional<SplittableRandom> rnd, int depth) {
        JsonNode s = schemas.resolve(schemaNode);
        if (rnd.isEmpty() && s.has("example")) {
            return s.get("example");
        }
        if (rnd.isEmpty() && s.has("default")) {
            return s.get("default");
        }
        if (s.has("enum") && !s.get("enum").isEmpty()) {
            JsonNode e = s.get("enum");
            return e.get(rnd.map(r -> r.nextInt(e.size())).orElse(0));
        }
        for (String union : new String[] {"oneOf", "anyOf"}) {
            if (s.has(union) && !s.get(union).isEmpty()) {
                JsonNode options = s.get(union);
                return generate(options.get(rnd.map(r -> r.nextInt(options.size())).orElse(0)), rnd, depth + 1);
            }
        }
        return switch (Schemas.type(s)) {
            case "integer" -> LongNode.valueOf(number(s, rnd, true).longValue());
            case "number" -> DecimalNode.valueOf(number(s, rnd, false));
            case "boolean" -> BooleanNode.valueOf(rnd.map(SplittableRandom::nextBoolean).orElse(true));
            case "array" -> array(s, rnd, depth);
            case "object" -> object(s, rnd, depth);
            default -> TextNode.valueOf(string(s, rnd));
        };
    }

    private static BigDecimal number(JsonNode s, Optional<SplittableRandom> rnd, boolean integer) {
        Optional<BigDecimal> lo = Schemas.lower(s, ONE);
        Optional<BigDecimal> hi = Schemas.upper(s, ONE);
        BigDecimal from = lo.orElse(hi.map(h -> h.subtract(SPAN).min(BigDecimal.ZERO)).orElse(BigDecimal.ZERO));
        BigDecimal to = hi.orElse(from.add(SPAN));
        if (rnd.isEmpty()) {
            return lo.orElse(hi.map(ONE::min).orElse(ONE));
        }
        BigDecimal span = to.subtract(from);
        BigDecimal v = from.add(span.multiply(BigDecimal.valueOf(rnd.get().nextDouble())));
        v = integer ? v.setScale(0, RoundingMode.FLOOR) : v.setScale(2, RoundingMode.FLOOR);
        return v.max(from).min(to);
    }

    private static String string(JsonNode s, Optional<SplittableRandom> rnd) {
        String format = s.path("format").asText("");
        if (format.equals("uuid") && rnd.isPresent()) {
            return new UUID(rnd.get().nextLong(), rnd.get().nextLong()).toString();
        }
        if (format.equals("date-time") || format.equals("date")) {
            // in the future: deadlines and expiry dates usually must be; the same seed gives the same value all day
            LocalDate day = LocalDate.now(ZoneOffset.UTC)
                    .plusDays(1 + rnd.map(r -> r.nextInt(365)).orElse(29));
            return format.equals("date") ? day.toString() : day + "T09:30:00Z";
        }
        String value = FORMATS.getOrDefault(format, rnd.map(Values::word).orElse("kit"));
        int min = s.path("minLength").asInt(0);
        int max = s.path("maxLength").asInt(Integer.MAX_VALUE);
        StringBuilder b = new StringBuilder(value);
        while (b.length() < min) {
            b.append('a');
        }
        String out = b.length() > max ? b.substring(0, max) : b.toString();
        if (s.has("pattern") && !matches(s.get("pattern").asText(), out) && s.has("example")) {
            return s.get("example").asText();
        }
        return out;
    }

    /** JSON Schema's {@code pattern}: an unanchored search; a pattern Java cannot read matches nothing. */
    static boolean matches(String pattern, String value) {
        try {
            return Pattern.compile(pattern).matcher(value).find();
        } catch (PatternSyntaxException e) {
            return false;
        }
    }

    private static String word(SplittableRandom r) {
        int length = 3 + r.nextInt(10);
        StringBuilder b = new StringBuilder("kit-");
        for (int i = 0; i < length; i++) {
            b.append((char) ('a' + r.nextInt(26)));
        }
        return b.toString();
    }

    private JsonNode array(JsonNode s, Optional<SplittableRandom> rnd, int depth) {
        int min = s.path("minItems").asInt(0);
        int max = s.path("maxItems").asInt(Integer.MAX_VALUE);
        int size = rnd.map(r -> min + r.nextInt(3)).orElse(Math.max(min, 1));
        size = depth >= MAX_DEPTH ? min : Math.min(size, max);
        ArrayNode out = NODES.arrayNode();
        for (int i = 0; i < size; i++) {
            out.add(generate(s.path("items"), rnd, depth + 1));
        }
        return out;
    }

    private JsonNode object(JsonNode s, Optional<SplittableRandom> rnd, int depth) {
        ObjectNode out = NODES.objectNode();
        Set<String> required = new HashSet<>();
        s.path("required").forEach(r -> required.add(r.asText()));
        s.path("properties").properties().forEach(p -> {
            boolean wanted = required.contains(p.getKey())
                    || depth < MAX_DEPTH && rnd.map(SplittableRandom::nextBoolean).orElse(true);
            JsonNode property = schemas.resolve(p.getValue());
            if (wanted && !property.path("readOnly").asBoolean(false)) {
                out.set(p.getKey(), generate(property, rnd, depth + 1));
            }
        });
        return out;
    }
}
