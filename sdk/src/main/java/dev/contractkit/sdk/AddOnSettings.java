package dev.contractkit.sdk;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * The settings of a generated client's add-ons (what its contract cannot say, hand-written beside it): given to the
 * client's builder through a builder add-on's methods, read by the client's add-ons. Immutable; a key not given
 * reads as its default.
 *
 * <pre>{@code
 * ExecClient exec = ExecClient.builder().baseUrl(url).token(kitToken).taskWaitInterval(Duration.ofMillis(50)).build();
 * Duration interval = exec.addOnSettings().get(ExecClientAddOns.WAIT_INTERVAL);   // 50 ms
 * }</pre>
 */
public final class AddOnSettings {
    private static final AddOnSettings NONE = new AddOnSettings(Map.of());

    private final Map<Key<?>, Object> values;

    private AddOnSettings(Map<Key<?>, Object> values) {
        this.values = values;
    }

    /** @return settings where every key reads as its default */
    public static AddOnSettings none() {
        return NONE;
    }

    /** @return a builder with no setting given */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * @param key a setting
     * @param <T> its type
     * @return the value given for it, else its default
     */
    public <T> T get(Key<T> key) {
        Objects.requireNonNull(key, "key == null");
        Object v = values.get(key);
        return v == null ? key.defaultValue() : key.type().cast(v);
    }

    /**
     * @param key   a setting
     * @param value its value; null gives the default back
     * @param <T>   its type
     * @return these settings with that one changed
     */
    public <T> AddOnSettings with(Key<T> key, T value) {
        Builder b = new Builder();
        b.values.putAll(values);
        return b.set(key, value).build();
    }

    @Override
    public String toString() {
        StringBuilder b = new StringBuilder("AddOnSettings{");
        values.forEach((k, v) -> b.append(b.length() > "AddOnSettings{".length() ? ", " : "").append(k.name()).append('=').append(v));
        return b.append('}').toString();
    }

    /**
     * One setting of an add-on: a name (for messages), a type and the value used when none is given. Keys are
     * compared by identity: an add-on declares each as a constant.
     *
     * @param <T> the value's type
     */
    public static final class Key<T> {
        private final String name;
        private final Class<T> type;
        private final T defaultValue;

        private Key(String name, Class<T> type, T defaultValue) {
            this.name = Objects.requireNonNull(name, "name == null");
            this.type = Objects.requireNonNull(type, "type == null");
            this.defaultValue = Objects.requireNonNull(defaultValue, "defaultValue == null");
        }

        /**
         * @param name         the setting's name, e.g. {@code taskWaitInterval}
         * @param type         its type
         * @param defaultValue the value when none is given
         * @param <T>          the type
         * @return a new key
         */
        public static <T> Key<T> of(String name, Class<T> type, T defaultValue) {
            return new Key<>(name, type, defaultValue);
        }

        /** @return the setting's name */
        public String name() {
            return name;
        }

        /** @return its type */
        public Class<T> type() {
            return type;
        }

        /** @return the value when none is given */
        public T defaultValue() {
            return defaultValue;
        }

        @Override
        public String toString() {
            return name;
        }
    }

    /** Collects settings; {@link #build()} makes the immutable {@link AddOnSettings}. */
    public static final class Builder {
        private final Map<Key<?>, Object> values = new LinkedHashMap<>();

        private Builder() {
        }

        /**
         * @param key   a setting
         * @param value its value; null gives the default back
         * @param <T>   its type
         * @return this builder
         */
        public <T> Builder set(Key<T> key, T value) {
            Objects.requireNonNull(key, "key == null");
            if (value == null) {
                values.remove(key);
            } else {
                values.put(key, key.type().cast(value));
            }
            return this;
        }

        /** @return the settings given so far */
        public AddOnSettings build() {
            return values.isEmpty() ? NONE : new AddOnSettings(Collections.unmodifiableMap(new LinkedHashMap<>(values)));
        }
    }
}
