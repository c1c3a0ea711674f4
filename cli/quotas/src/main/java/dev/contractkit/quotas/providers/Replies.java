package dev.contractkit.quotas.providers;

import com.fasterxml.jackson.databind.JsonNode;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Optional;

/** What every parser shares: turning a refusal into a result, reading messages, numbers and times. */
final class Replies {
    private static final List<String> MESSAGE_POINTERS = List.of("/error/message", "/error", "/message", "/detail",
            "/msg", "/base_resp/status_msg", "/details");

    private Replies() {
    }

    /** A non-2xx answer: 401 means the credential was refused, anything else that the provider would not report. */
    static ProviderResult refused(Provider provider, Response r, Instant now) {
        String message = message(r.json()).orElse("HTTP " + r.status());
        if (r.status() == 401) {
            return new ProviderResult.AuthRequired(provider, provider.title() + " refused the credentials (401): " + message, now);
        }
        return new ProviderResult.Unavailable(provider, provider.title() + " answered " + r.status() + ": " + message,
                provider.consoleUrl(), now);
    }

    static ProviderResult unavailable(Provider provider, String message, Instant now) {
        return new ProviderResult.Unavailable(provider, message, provider.consoleUrl(), now);
    }

    static ProviderResult unexpected(Provider provider, Response r, Instant now) {
        String body = r.body().length() > 120 ? r.body().substring(0, 120) + "..." : r.body();
        return unavailable(provider, provider.title() + " answered something quotas cannot read: " + body, now);
    }

    static Optional<String> message(JsonNode n) {
        for (String p : MESSAGE_POINTERS) {
            JsonNode v = n.at(p);
            if (v.isTextual() && !v.asText().isBlank()) {
                return Optional.of(v.asText());
            }
        }
        return Optional.empty();
    }

    /** A number that may be sent as a JSON number or a numeric string. */
    static Optional<Double> number(JsonNode n) {
        if (n.isNumber()) {
            return Optional.of(n.asDouble());
        }
        if (n.isTextual()) {
            try {
                return Optional.of(Double.parseDouble(n.asText().trim()));
            } catch (NumberFormatException e) {
                return Optional.empty();
            }
        }
        return Optional.empty();
    }

    /** ISO 8601 date-time, or a date (midnight UTC). */
    static Optional<Instant> time(JsonNode n) {
        if (!n.isTextual()) {
            return Optional.empty();
        }
        String t = n.asText();
        try {
            return Optional.of(Instant.parse(t));
        } catch (DateTimeParseException e) {
            try {
                return Optional.of(LocalDate.parse(t).atStartOfDay(ZoneOffset.UTC).toInstant());
            } catch (DateTimeParseException e2) {
                return Optional.empty();
            }
        }
    }

    static Optional<Instant> epochSeconds(JsonNode n) {
        return n.canConvertToLong() && n.isNumber() ? Optional.of(Instant.ofEpochSecond(n.asLong())) : Optional.empty();
    }

    static Optional<Instant> epochMillis(JsonNode n) {
        return n.canConvertToLong() && n.isNumber() ? Optional.of(Instant.ofEpochMilli(n.asLong())) : Optional.empty();
    }

    /** {@code 18000} s -> {@code 5h}, {@code 604800} -> {@code 7d}. */
    static String duration(long seconds) {
        if (seconds % 86_400 == 0) {
            return seconds / 86_400 + "d";
        }
        if (seconds % 3_600 == 0) {
            return seconds / 3_600 + "h";
        }
        return seconds % 60 == 0 ? seconds / 60 + "m" : seconds + "s";
    }
}
