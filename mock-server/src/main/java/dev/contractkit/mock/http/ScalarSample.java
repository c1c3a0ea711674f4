package dev.contractkit.mock.http;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.Base64;
import java.util.Optional;

/**
 * Strings and numbers built from a schema's own rules: a string for its {@code pattern} (then its {@code format},
 * then plain text) within {@code minLength}/{@code maxLength}; a number within {@code minimum}/{@code maximum}
 * (inclusive, OpenAPI 3.0's boolean {@code exclusiveMinimum}/{@code exclusiveMaximum}, 3.1's numeric ones, the
 * range of {@code int32}/{@code int64}) and a multiple of {@code multipleOf}. The variant {@code n} gives the
 * {@code n}-th distinct value where the rules leave room (items of a {@code uniqueItems} array).
 */
final class ScalarSample {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final BigDecimal INT32_MIN = BigDecimal.valueOf(Integer.MIN_VALUE);
    private static final BigDecimal INT32_MAX = BigDecimal.valueOf(Integer.MAX_VALUE);
    private static final BigDecimal INT64_MIN = BigDecimal.valueOf(Long.MIN_VALUE);
    private static final BigDecimal INT64_MAX = BigDecimal.valueOf(Long.MAX_VALUE);

    private ScalarSample() {
    }

    static JsonNode string(JsonNode s, int variant) {
        int min = s.path("minLength").asInt(0);
        int max = s.path("maxLength").isNumber() ? s.path("maxLength").asInt() : Integer.MAX_VALUE;
        if (s.path("pattern").isTextual()) {
            Optional<String> matching = PatternStrings.sample(s.path("pattern").asText(), min, max, variant);
            if (matching.isPresent()) {
                return NODES.textNode(matching.get());
            }
        }
        String format = s.path("format").asText("");
        return NODES.textNode(fit(formatted(format, variant), format, min, max));
    }

    /** A value of the format; the variant makes it differ. */
    static String formatted(String format, int v) {
        return switch (format) {
            case "date-time" -> LocalDate.of(2026, 1, 1).plusDays(v) + "T00:00:00Z";
            case "date" -> LocalDate.of(2026, 1, 1).plusDays(v).toString();
            case "time" -> LocalTime.of(0, 0).plusSeconds(v) + (v % 60 == 0 ? ":00" : "") + "Z";
            case "uuid" -> "00000000-0000-4000-8000-%012x".formatted(v);
            case "email", "idn-email" -> "user" + (v == 0 ? "" : v) + "@example.com";
            case "uri", "url", "iri" -> "https://example.com/" + (v == 0 ? "" : v);
            case "uri-reference", "iri-reference" -> "/" + (v == 0 ? "" : v);
            case "uri-template" -> "https://example.com/{id}" + (v == 0 ? "" : v);
            case "hostname", "idn-hostname" -> (v == 0 ? "" : "host" + v + ".") + "example.com";
            case "ipv4" -> "192.0.2." + (1 + v % 254);
            case "ipv6" -> "2001:db8::" + Integer.toHexString(1 + v % 65_534);
            case "byte" -> v == 0 ? "AA==" : Base64.getEncoder().encodeToString(String.valueOf(v).getBytes(StandardCharsets.UTF_8));
            case "duration" -> "PT" + (1 + v) + "S";
            case "int32", "int64", "integer", "uint32", "uint64", "long" -> String.valueOf(1 + v);
            case "double", "float", "decimal", "number" -> (1 + v) + ".5";
            case "json-pointer" -> "/a" + (v == 0 ? "" : v);
            case "relative-json-pointer" -> String.valueOf(v);
            case "regex" -> "[a-z]+" + (v == 0 ? "" : v);
            case "password" -> "secret" + (v == 0 ? "" : v);
            default -> "string" + (v == 0 ? "" : v);
        };
    }

    /** Padded or cut to the length bounds, keeping the format where padding can (a URI's path, an e-mail's user). */
    private static String fit(String value, String format, int min, int max) {
        String out = value;
        if (out.length() < min) {
            String pad = "x".repeat(min - out.length());
            out = switch (format) {
                case "email", "idn-email" -> out.replace("@", pad + "@");
                case "byte" -> "A".repeat(((min + 3) / 4) * 4);
                case "hostname", "idn-hostname" -> pad.length() < 60 ? pad + "." + out.substring(Math.min(out.length(), 1)) : out + pad;
                default -> out + pad;
            };
        }
        return out.length() > max ? out.substring(0, max) : out;
    }

    static JsonNode integer(JsonNode s, int variant) {
        BigDecimal value = number(s, true, variant);
        return NODES.numberNode(value.setScale(0, RoundingMode.CEILING).toBigInteger());
    }

    static JsonNode number(JsonNode s, int variant) {
        BigDecimal value = number(s, false, variant).stripTrailingZeros();
        return NODES.numberNode(value.scale() < 0 ? value.setScale(0) : value);
    }

    private static BigDecimal number(JsonNode s, boolean integer, int variant) {
        Bound lo = lower(s);
        Bound hi = upper(s);
        String format = s.path("format").asText("");
        if (format.equals("int32")) {
            lo = lo.tighterLow(new Bound(INT32_MIN, false));
            hi = hi.tighterHigh(new Bound(INT32_MAX, false));
        } else if (format.equals("int64")) {
            lo = lo.tighterLow(new Bound(INT64_MIN, false));
            hi = hi.tighterHigh(new Bound(INT64_MAX, false));
        }
        BigDecimal step = s.path("multipleOf").isNumber() && s.path("multipleOf").decimalValue().signum() > 0
                ? s.path("multipleOf").decimalValue() : integer ? BigDecimal.ONE : null;
        BigDecimal n = BigDecimal.valueOf(variant);
        if (step == null) {
            BigDecimal value = lo.value() != null ? lo.value().add(lo.exclusive() ? BigDecimal.ONE : BigDecimal.ZERO).add(n)
                    : hi.value() != null && hi.value().compareTo(BigDecimal.ONE) < 0
                    ? hi.value().subtract(hi.exclusive() ? BigDecimal.ONE : BigDecimal.ZERO).subtract(n)
                    : BigDecimal.ONE.add(n);
            if (!hi.allowsBelow(value) || !lo.allowsAbove(value)) {
                value = lo.value() != null && hi.value() != null
                        ? lo.value().add(hi.value()).divide(BigDecimal.valueOf(2)) : value;
            }
            return value;
        }
        BigDecimal value;
        if (lo.value() != null) {
            value = lo.value().divide(step, 0, RoundingMode.CEILING).multiply(step);
            if (!lo.allowsAbove(value)) {
                value = value.add(step);
            }
            value = value.add(step.multiply(n));
        } else if (hi.value() != null && hi.value().compareTo(BigDecimal.ONE) < 0) {
            value = hi.value().divide(step, 0, RoundingMode.FLOOR).multiply(step);
            if (!hi.allowsBelow(value)) {
                value = value.subtract(step);
            }
            value = value.subtract(step.multiply(n));
        } else {
            value = BigDecimal.ONE.divide(step, 0, RoundingMode.CEILING).multiply(step).add(step.multiply(n));
        }
        if (!hi.allowsBelow(value) && lo.value() != null) { // no room for the variant: the first one
            value = lo.value().divide(step, 0, RoundingMode.CEILING).multiply(step);
            value = lo.allowsAbove(value) ? value : value.add(step);
        }
        return value;
    }

    private static Bound lower(JsonNode s) {
        Bound b = new Bound(s.path("minimum").isNumber() ? s.path("minimum").decimalValue() : null,
                s.path("exclusiveMinimum").asBoolean(false) && !s.path("exclusiveMinimum").isNumber());
        return s.path("exclusiveMinimum").isNumber()
                ? b.tighterLow(new Bound(s.path("exclusiveMinimum").decimalValue(), true)) : b;
    }

    private static Bound upper(JsonNode s) {
        Bound b = new Bound(s.path("maximum").isNumber() ? s.path("maximum").decimalValue() : null,
                s.path("exclusiveMaximum").asBoolean(false) && !s.path("exclusiveMaximum").isNumber());
        return s.path("exclusiveMaximum").isNumber()
                ? b.tighterHigh(new Bound(s.path("exclusiveMaximum").decimalValue(), true)) : b;
    }

    /** One end of a range: null when open; exclusive or not. */
    private record Bound(BigDecimal value, boolean exclusive) {
        Bound tighterLow(Bound other) {
            if (value == null) {
                return other;
            }
            int c = other.value.compareTo(value);
            return c > 0 || (c == 0 && other.exclusive) ? other : this;
        }

        Bound tighterHigh(Bound other) {
            if (value == null) {
                return other;
            }
            int c = other.value.compareTo(value);
            return c < 0 || (c == 0 && other.exclusive) ? other : this;
        }

        /** @return true when v is on or above this lower bound (above when exclusive); an open bound allows all */
        boolean allowsAbove(BigDecimal v) {
            return value == null || (exclusive ? v.compareTo(value) > 0 : v.compareTo(value) >= 0);
        }

        /** @return true when v is on or below this upper bound (below when exclusive); an open bound allows all */
        boolean allowsBelow(BigDecimal v) {
            return value == null || (exclusive ? v.compareTo(value) < 0 : v.compareTo(value) <= 0);
        }
    }
}
