package dev.contractkit.reference.forms;

import dev.contractkit.reference.platform.Settings;

import java.time.Duration;
import java.util.List;

/**
 * The forms API's settings, read and checked in one place.
 *
 * @param apiKeys   {@code forms.api-keys}: the accepted keys, each of an account
 * @param readCache {@code read-cache-ms}: how long a form read by id is kept (zero: not at all)
 */
record FormsSettings(List<FormsEndpoint.ApiKey> apiKeys, Duration readCache) {
    static FormsSettings from(Settings s) {
        return new FormsSettings(s.list("forms.api-keys").stream().map(FormsEndpoint.ApiKey::parse).toList(),
                s.duration("read-cache-ms"));
    }
}
