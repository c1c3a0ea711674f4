package dev.contractkit.reference.platform;

import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The one duration syntax of the settings: ISO 8601 ({@code PT30S}, {@code P30D}) or a number with a unit
 * ({@code 500ms}, {@code 30s}, {@code 5m}, {@code 2h}, {@code 7d}). A key whose registry type names a unit
 * ({@code duration:ms}, {@code duration:s}, {@code duration:d}) also takes a bare number in that unit, the form it
 * had before.
 */
public final class Durations {
    /** What a message about a bad value says the syntax is. */
    public static final String SYNTAX = "an ISO 8601 duration (PT30S, P30D) or a number with a unit (500ms, 30s, 5m, 2h, 7d)";

    private static final Pattern WITH_UNIT = Pattern.compile("(\\d{1,18})(ms|s|m|h|d)");

    private Durations() {
    }

    /**
     * @param text     the value
     * @param bareUnit the unit of a bare number ({@code ms}, {@code s}, {@code d}), or null when a bare number is refused
     * @return the duration, never negative
     * @throws IllegalArgumentException when the text is none of the forms, or negative
     */
    public static Duration parse(String text, String bareUnit) {
        String t = text.trim();
        if (bareUnit != null && t.matches("\\d{1,18}")) {
            t = t + bareUnit;
        }
        Matcher m = WITH_UNIT.matcher(t.toLowerCase(Locale.ROOT));
        Duration d;
        if (m.matches()) {
            long n = Long.parseLong(m.group(1));
            try {
                d = switch (m.group(2)) {
                    case "ms" -> Duration.ofMillis(n);
                    case "s" -> Duration.ofSeconds(n);
                    case "m" -> Duration.ofMinutes(n);
                    case "h" -> Duration.ofHours(n);
                    default -> Duration.ofDays(n);
                };
            } catch (ArithmeticException e) {
                throw new IllegalArgumentException("is too long, was '" + text + "'");
            }
        } else {
            try {
                d = Duration.parse(t);
            } catch (DateTimeParseException | ArithmeticException e) {
                throw new IllegalArgumentException("must be " + SYNTAX
                        + (bareUnit == null ? "" : ", or a number of " + unitName(bareUnit)) + ", was '" + text + "'");
            }
        }
        if (d.isNegative()) {
            throw new IllegalArgumentException("must not be negative, was '" + text + "'");
        }
        return d;
    }

    private static String unitName(String unit) {
        return switch (unit) {
            case "ms" -> "milliseconds";
            case "s" -> "seconds";
            case "d" -> "days";
            default -> unit;
        };
    }
}
