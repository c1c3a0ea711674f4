package dev.contractkit.specs.dialect;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code x-kit-error}: on an error schema, where its error code, message and request id are, each a JSON pointer
 * into the body or a list of them (the first that holds a value wins). Without it the client generator derives the
 * places from the schema's properties ({@code code}, {@code message}, {@code request_id}/{@code requestId}, at the
 * top or inside an {@code error} object, and a string {@code error} as the code).
 *
 * <pre>{@code
 * x-kit-error: {code: [/error, /errorDetail], message: /message}
 * Optional<ErrorShape> shape = ErrorShape.of(schema.getExtensions());
 * }</pre>
 *
 * @param code      pointers to the error code
 * @param message   pointers to the message
 * @param requestId pointers to the request id
 */
public record ErrorShape(List<String> code, List<String> message, List<String> requestId) {
    /** {@code x-kit-error} */
    public static final String KEY = "x-kit-error";
    /** The members {@code x-kit-error} may have. */
    public static final List<String> MEMBERS = List.of("code", "message", "request-id");

    /**
     * @param extensions a schema's extensions (null: none)
     * @return the declared shape, when there is one
     */
    public static Optional<ErrorShape> of(Map<String, ?> extensions) {
        Object v = extensions == null ? null : extensions.get(KEY);
        if (!(v instanceof Map<?, ?> m)) {
            return Optional.empty();
        }
        return Optional.of(new ErrorShape(pointers(m.get("code")), pointers(m.get("message")), pointers(m.get("request-id"))));
    }

    private static List<String> pointers(Object v) {
        List<String> out = new ArrayList<>();
        if (v instanceof String s) {
            out.add(s);
        } else if (v instanceof List<?> l) {
            l.forEach(e -> out.add(String.valueOf(e)));
        }
        return List.copyOf(out);
    }
}
