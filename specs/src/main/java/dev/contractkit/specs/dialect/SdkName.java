package dev.contractkit.specs.dialect;

import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * {@code x-kit-sdk-name}: the name the generated client gives an operation's method (on an operation) or a
 * credential's builder method (on a security scheme). Without it the operation's {@code operationId} and the
 * scheme's name, camel-cased, are used.
 *
 * <pre>{@code
 * Optional<String> name = SdkName.of(operation.getExtensions());   // "get" for x-kit-sdk-name: get
 * }</pre>
 */
public final class SdkName {
    /** {@code x-kit-sdk-name} */
    public static final String KEY = "x-kit-sdk-name";
    /** What a name must look like: a Java method name, lower camel case. */
    public static final Pattern JAVA_NAME = Pattern.compile("[a-z][A-Za-z0-9]*");

    private SdkName() {
    }

    /**
     * @param extensions an operation's or a security scheme's extensions (null: none)
     * @return the declared name, when there is one
     */
    public static Optional<String> of(Map<String, ?> extensions) {
        Object v = extensions == null ? null : extensions.get(KEY);
        return v instanceof String s && !s.isEmpty() ? Optional.of(s) : Optional.empty();
    }
}
