package dev.contractkit.sdk.coupons;

import com.fasterxml.jackson.databind.JsonNode;
import dev.contractkit.sdk.coupons.events.model.CouponCreatedMessage;
import dev.contractkit.sdk.coupons.events.model.CouponExpiredMessage;
import dev.contractkit.sdk.coupons.events.model.CouponUpdatedMessage;
import dev.contractkit.sdk.coupons.events.model.UsageUpdatedMessage;
import dev.contractkit.sdk.internal.Http;

import java.io.IOException;

/** Maps a text frame onto a {@link CouponEvent} by its {@code type}, through the generated message models. */
final class EventDecoder {
    private EventDecoder() {
    }

    static CouponEvent decode(String text) {
        JsonNode json = Http.parseQuietly(text);
        String type = json == null ? "" : json.path("type").asText("");
        try {
            CouponEvent event = switch (type) {
                case "coupon_created" -> read(json, CouponCreatedMessage.class, m -> new CouponEvent.Created(m.getData(), m.getTimestamp()));
                case "coupon_updated" -> read(json, CouponUpdatedMessage.class, m -> new CouponEvent.Updated(m.getData(), m.getTimestamp()));
                case "coupon_expired" -> read(json, CouponExpiredMessage.class, m -> new CouponEvent.Expired(m.getData(), m.getTimestamp()));
                case "usage_updated" -> read(json, UsageUpdatedMessage.class, m -> new CouponEvent.UsageUpdated(m.getData(), m.getTimestamp()));
                default -> null;
            };
            return event != null ? event : new CouponEvent.Unknown(type, text);
        } catch (IOException | IllegalArgumentException broken) {
            return new CouponEvent.Unknown(type, text);
        }
    }

    private interface Wrap<M> {
        CouponEvent apply(M message);
    }

    private static <M> CouponEvent read(JsonNode json, Class<M> type, Wrap<M> wrap) throws IOException {
        M message = Http.MAPPER.treeToValue(json, type);
        CouponEvent event = wrap.apply(message);
        return hasData(event) ? event : null;
    }

    private static boolean hasData(CouponEvent event) {
        // if-chains, not a pattern switch: the SDK compiles for Java 17
        if (event instanceof CouponEvent.Created e) {
            return e.data() != null;
        } else if (event instanceof CouponEvent.Updated e) {
            return e.data() != null;
        } else if (event instanceof CouponEvent.Expired e) {
            return e.data() != null;
        } else if (event instanceof CouponEvent.UsageUpdated e) {
            return e.data() != null;
        }
        return false;
    }
}
