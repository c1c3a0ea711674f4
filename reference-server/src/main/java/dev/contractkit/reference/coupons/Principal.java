package dev.contractkit.reference.coupons;

import java.time.Instant;
import java.util.Set;

/**
 * The caller, as the verified token says.
 *
 * @param subject   the token's {@code sub} (user id)
 * @param username  {@code preferred_username} (the subject when absent)
 * @param roles     {@code realm_access.roles}
 * @param email     {@code email}, or null
 * @param firstName {@code given_name}, or null
 * @param lastName  {@code family_name}, or null
 * @param issuedAt  {@code iat}
 * @param authTime  {@code auth_time}, or null
 * @param expiresAt {@code exp}
 */
record Principal(String subject, String username, Set<String> roles, String email, String firstName,
                 String lastName, Instant issuedAt, Instant authTime, Instant expiresAt) {
    boolean isAdmin() {
        return roles.contains("admin");
    }
}
