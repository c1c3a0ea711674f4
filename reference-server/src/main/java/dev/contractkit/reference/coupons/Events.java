package dev.contractkit.reference.coupons;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.contractkit.reference.platform.Bus;

import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.logging.Logger;

/**
 * The messages of {@code asyncapi/coupon-updates.yaml}: {@code {type, data, timestamp}}, one JSON text
 * frame each, published on the {@link Bus} channel {@value #CHANNEL}: every replica's WebSocket clients get them,
 * in the order of the writes. The bus publication returns once the bus has the message; delivery to slow
 * clients never blocks the request that caused it.
 */
final class Events {
    static final String CREATED = "coupon_created";
    static final String UPDATED = "coupon_updated";
    static final String EXPIRED = "coupon_expired";
    static final String USAGE = "usage_updated";

    static final String CHANNEL = "coupons";
    private static final Logger LOG = Logger.getLogger(Events.class.getName());

    private final Bus bus;
    private final ObjectMapper json = new ObjectMapper();

    Events(Bus bus) {
        this.bus = bus;
    }

    void created(CouponStore.Row c) {
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("id", c.id());
        data.put("title", c.title());
        data.put("discount_percent", c.discountPercent());
        publish(CREATED, data, c.createdAt());
    }

    /** {@code coupon_updated} with the fields that changed; {@code coupon_expired} (deactivated) when active turned false. */
    void updated(CouponStore.Row before, CouponStore.Row after) {
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("id", after.id());
        changed(data, "title", before.title(), after.title());
        changed(data, "description", before.description(), after.description());
        changed(data, "discount_percent", before.discountPercent(), after.discountPercent());
        changed(data, "category", before.category(), after.category());
        changed(data, "valid_until", time(before.validUntil()), time(after.validUntil()));
        changed(data, "active", before.active(), after.active());
        changed(data, "usage_limit", before.usageLimit(), after.usageLimit());
        changed(data, "terms_conditions", before.termsConditions(), after.termsConditions());
        List<String> cleared = new ArrayList<>();
        cleared(cleared, "description", before.description(), after.description());
        cleared(cleared, "category", before.category(), after.category());
        cleared(cleared, "valid_until", before.validUntil(), after.validUntil());
        cleared(cleared, "usage_limit", before.usageLimit(), after.usageLimit());
        cleared(cleared, "terms_conditions", before.termsConditions(), after.termsConditions());
        if (!cleared.isEmpty()) {
            data.put("cleared", cleared);
        }
        data.put("updated_at", time(after.updatedAt()));
        publish(UPDATED, data, after.updatedAt());
        if (before.active() && !after.active()) {
            expired(after, "deactivated", after.updatedAt());
        }
    }

    void expired(CouponStore.Row c, String reason, OffsetDateTime when) {
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("id", c.id());
        data.put("reason", reason);
        if (c.validUntil() != null) {
            data.put("valid_until", time(c.validUntil()));
        }
        publish(EXPIRED, data, when);
    }

    void usage(CouponStore.Row c, OffsetDateTime when) {
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("id", c.id());
        data.put("usage_count", c.usageCount());
        if (c.usageLimit() != null) {
            data.put("usage_limit", c.usageLimit());
        }
        publish(USAGE, data, when);
        if (c.exhausted()) {
            expired(c, "exhausted", when);
        }
    }

    private static void changed(Map<String, Object> data, String field, Object before, Object after) {
        if (after != null && !Objects.equals(before, after)) {
            data.put(field, after);
        }
    }

    private static void cleared(List<String> cleared, String field, Object before, Object after) {
        if (before != null && after == null) {
            cleared.add(field);
        }
    }

    static String time(OffsetDateTime t) {
        return t == null ? null : DateTimeFormatter.ISO_INSTANT.format(t);
    }

    private void publish(String type, Map<String, Object> data, OffsetDateTime when) {
        Map<String, Object> message = new LinkedHashMap<>();
        message.put("type", type);
        message.put("data", data);
        message.put("timestamp", time(when));
        String text;
        try {
            text = json.writeValueAsString(message);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
        try {
            bus.publish(CHANNEL, text);
        } catch (IllegalStateException e) {
            // the write is committed; the event cannot be sent (readiness reports the bus down meanwhile)
            LOG.warning("coupons: " + type + " not published: " + e.getMessage());
        }
    }
}
