package dev.contractkit.reference.platform;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonProcessingException;
import io.helidon.http.Header;
import io.helidon.http.HeaderNames;
import io.helidon.http.HeaderValues;
import io.helidon.http.HttpMediaTypes;
import io.helidon.webserver.http.ServerResponse;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;

/**
 * Object mappers for the generated server models, which carry no Jackson annotations: each API's
 * contract uses one naming convention, so its mapper applies it.
 */
public final class Json {
    /** The content type Helidon's JSON writing sets, as a header built once rather than per response. */
    static final Header CONTENT_TYPE = HeaderValues.create(HeaderNames.CONTENT_TYPE, HttpMediaTypes.JSON_UTF_8.text());

    private Json() {
    }

    /**
     * Sends JSON that is already serialized (e.g. from a {@link ReadCache}).
     *
     * @param res  the response (status already set, default 200)
     * @param json the body
     */
    public static void send(ServerResponse res, byte[] json) {
        res.header(CONTENT_TYPE);
        res.send(json);
    }

    /**
     * @param mapper the API's mapper
     * @param value  a model object
     * @return its JSON bytes
     */
    public static byte[] bytes(ObjectMapper mapper, Object value) {
        try {
            return mapper.writeValueAsBytes(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * @param writer a writer prebuilt for the value's type (skips the mapper's per-call type lookup)
     * @param value  a model object
     * @return its JSON bytes
     */
    public static byte[] bytes(ObjectWriter writer, Object value) {
        try {
            return writer.writeValueAsBytes(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
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
