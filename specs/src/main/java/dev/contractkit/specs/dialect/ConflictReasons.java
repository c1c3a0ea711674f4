package dev.contractkit.specs.dialect;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.List;

/**
 * An operation's {@code x-kit-conflict-reasons}: the only values the {@code details} of its 409 answers may take
 * (any value unless declared), e.g. {@code [already_redeemed, coupon_inactive]}.
 */
public final class ConflictReasons {
    /** {@code x-kit-conflict-reasons} */
    public static final String KEY = "x-kit-conflict-reasons";

    private ConflictReasons() {
    }

    /**
     * @param operation an operation's node
     * @return the reasons; empty when the operation declares none
     */
    public static List<String> of(JsonNode operation) {
        List<String> out = new ArrayList<>();
        operation.path(KEY).forEach(r -> out.add(r.asText()));
        return List.copyOf(out);
    }
}
