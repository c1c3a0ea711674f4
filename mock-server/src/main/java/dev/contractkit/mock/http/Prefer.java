package dev.contractkit.mock.http;


import java.util.Locale;
import java.util.Optional;

/**
 * The response a client asks for with {@code Prefer: code=404} and/or {@code Prefer: example=empty}
 * (Prism's convention; preferences separated by {@code ,} or {@code ;}).
 *
 * @param code    the wanted status, as sent
 * @param example the wanted example name
 */
public record Prefer(Optional<String> code, Optional<String> example) {

    public static Prefer of(Incoming request) {
        Optional<String> code = Optional.empty();
        Optional<String> example = Optional.empty();
        for (String header : request.headers("Prefer")) {
            for (String token : header.split("[,;]")) {
                int eq = token.indexOf('=');
                if (eq < 0) {
                    continue;
                }
                String key = token.substring(0, eq).trim().toLowerCase(Locale.ROOT);
                String value = token.substring(eq + 1).trim().replaceAll("^\"|\"$", "");
                if (key.equals("code")) {
                    code = Optional.of(value);
                } else if (key.equals("example") && !value.isEmpty()) {
                    example = Optional.of(value);
                }
            }
        }
        return new Prefer(code, example);
    }

    public boolean isEmpty() {
        return code.isEmpty() && example.isEmpty();
    }

    /** @return the wanted status as a number; empty when absent or not a status code */
    public Optional<Integer> status() {
        return code.filter(c -> c.matches("[1-5]\\d\\d")).map(Integer::parseInt);
    }
}
