package dev.contractkit.reference.platform;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;

/**
 * Object mappers for the generated server models, which carry no Jackson annotations: each API's
 * contract uses one naming convention, so its mapper applies it.
 */
public final class Json {
    private Json() {
    }

    /** @return a mapper for contracts whose fields are snake_case ({@code payment_volume}) */
    public static ObjectMapper snakeCase() {
        return base().setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE);
    }

    /** @return a mapper for contracts whose fields are camelCase ({@code threadId}) */
    public static ObjectMapper camelCase() {
        return base();
    }

    private static ObjectMapper base() {
        return new ObjectMapper()
                .registerModule(new JavaTimeModule())
                .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
                .disable(DeserializationFeature.ADJUST_DATES_TO_CONTEXT_TIME_ZONE)
                .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
                .setSerializationInclusion(JsonInclude.Include.NON_NULL);
    }
}
