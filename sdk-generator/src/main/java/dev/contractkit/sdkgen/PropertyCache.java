package dev.contractkit.sdkgen;

import org.openapitools.codegen.DefaultCodegen;

import java.lang.reflect.Field;
import java.util.Map;

/**
 * openapi-generator's cache of the properties it has made ({@code DefaultCodegen.schemaCodegenPropertyCache}, keyed
 * by property name and schema): {@link KitClientCodegen#fromModel} empties it around a model it makes again with
 * renamed properties. The field is package-private, so this reaches it by reflection; a version of openapi-generator
 * without it fails here, loudly (the name-clash tests catch it), rather than generating clashing names.
 */
final class PropertyCache {
    private static final Field CACHE = field();

    private PropertyCache() {
    }

    private static Field field() {
        try {
            Field f = DefaultCodegen.class.getDeclaredField("schemaCodegenPropertyCache");
            f.setAccessible(true);
            return f;
        } catch (ReflectiveOperationException | RuntimeException e) {
            throw new IllegalStateException("this openapi-generator has no DefaultCodegen.schemaCodegenPropertyCache: "
                    + "the SDK generator's name-clash handling must be adapted to it", e);
        }
    }

    static void clear(DefaultCodegen codegen) {
        try {
            Object cache = CACHE.get(codegen);
            if (cache instanceof Map<?, ?> map) {
                map.clear();
            }
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        }
    }
}
