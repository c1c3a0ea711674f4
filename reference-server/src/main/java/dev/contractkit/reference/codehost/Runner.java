package dev.contractkit.reference.codehost;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.time.OffsetDateTime;
import java.util.Arrays;
import java.util.List;

/**
 * A runner as stored: {@code active} (v4's field, v5's {@code paused} is its opposite) and its contact state.
 * Each version renders it its own way; this is where the two versions' rules live.
 *
 * @param contact online, offline, stale or never
 */
record Runner(long id, String description, String name, boolean active, String runnerType, String contact,
              OffsetDateTime contactedAt, String tagList, boolean locked, Integer maximumTimeout, Long groupId) {

    boolean paused() {
        return !active;
    }

    /**
     * v4: {@code paused} when paused, else the contact state (online, offline, stale, never_contacted).
     * v5: the contact state only (online, offline, not_connected), never {@code paused} or {@code active}.
     */
    String status(Version v) {
        if (v == Version.V4) {
            return paused() ? "paused" : contact.equals("never") ? "never_contacted" : contact;
        }
        return contactState(v);
    }

    /** The contact part of the status in the version's words (the {@code ?status=} filter compares with it). */
    String contactState(Version v) {
        return switch (contact) {
            case "never" -> v == Version.V4 ? "never_contacted" : "not_connected";
            case "stale" -> v == Version.V4 ? "stale" : "offline";
            default -> contact;
        };
    }

    List<String> tags() {
        return tagList.isEmpty() ? List.of() : Arrays.asList(tagList.split(","));
    }

    /**
     * v4 returns {@code active} and {@code paused} and an empty {@code ip_address}; v5 only {@code paused}.
     */
    ObjectNode render(Version v, boolean details, ObjectMapper mapper) {
        ObjectNode o = mapper.createObjectNode();
        o.put("id", id);
        o.put("description", description);
        if (v == Version.V4) {
            o.put("ip_address", "");
            o.put("active", active);
        }
        o.put("paused", paused());
        o.put("is_shared", runnerType.equals("instance_type"));
        o.put("runner_type", runnerType);
        o.put("name", name);
        o.put("online", contact.equals("online"));
        o.put("status", status(v));
        if (details) {
            var tagArray = o.putArray("tag_list");
            tags().forEach(tagArray::add);
            o.put("locked", locked);
            o.put("maximum_timeout", maximumTimeout);
            o.put("contacted_at", contactedAt == null ? null : contactedAt.toInstant().toString());
        }
        return o;
    }
}
