package dev.contractkit.conformance;

import dev.contractkit.reference.platform.Settings;
import dev.contractkit.reference.platform.TestDatabases;

import java.nio.file.Path;
import java.util.Map;

/**
 * The reference server's settings for this module's tests: the coupons users' passwords hashed with the setting's
 * floor (1,000 PBKDF2 rounds) instead of the production 600,000. At the production cost the logins and the users'
 * seeding were a fifth of this module's CPU (JFR, 2026-11-30); no test here is about the cost of a hash
 * ({@code CouponsIdentityAttackTest} in the reference server is). An empty data directory starts as the reference
 * server's tests' migrated copy with its signing key ({@code TestDatabases.copyMigratedInto}).
 */
final class TestSettings {
    private TestSettings() {
    }

    static Settings of(Map<String, String> values) {
        // migrated once per JVM, its signing key made: generating a 2048-bit RSA key per server on the JIT's quick tier
        // was a sixth of this module's CPU (JFR, 2026-11-30)
        String dir = values.get("data-dir");
        if (dir != null) {
            TestDatabases.copyMigratedInto(Path.of(dir));
        }
        return Settings.of(values).with("coupons.password-iterations", "1000");
    }
}
