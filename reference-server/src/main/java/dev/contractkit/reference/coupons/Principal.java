package dev.contractkit.reference.coupons;

import java.util.Set;

/**
 * The caller, as the verified token says.
 *
 * @param subject  the token's {@code sub} (user id)
 * @param username {@code preferred_username}
 * @param roles    {@code realm_access.roles}
 */
record Principal(String subject, String username, Set<String> roles) {
    boolean isAdmin() {
        return roles.contains("admin");
    }
}
