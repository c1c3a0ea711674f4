package dev.contractkit.quotas.providers;

import java.io.IOException;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/** One provider's credential sources (in discovery order) and its usage call. */
interface Spec {
    /** @return where the credential is looked for, in order */
    List<Sources.Source> sources();

    /**
     * @param credential the discovered credential
     * @param calls      HTTP
     * @param urls       the base URLs in effect
     * @param now        the fetch time
     * @return the result; a non-2xx answer is a result too, only transport failures throw
     */
    ProviderResult fetch(Credential credential, Calls calls, BaseUrls urls, Instant now) throws IOException, InterruptedException;

    static Map<String, String> bearer(Credential c) {
        return Map.of("Authorization", "Bearer " + c.value(), "Accept", "application/json");
    }
}
