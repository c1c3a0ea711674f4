package dev.contractkit.quotas.providers;

import java.io.IOException;
import java.util.Map;

/** The HTTP calls a provider makes; a transport failure is an {@link IOException} (status {@code network_error}). */
interface Calls {
    Response get(String url, Map<String, String> headers) throws IOException, InterruptedException;

    Response post(String url, Map<String, String> headers, String jsonBody) throws IOException, InterruptedException;

    /** A form post ({@code application/x-www-form-urlencoded}), as OAuth token endpoints take it. */
    default Response postForm(String url, Map<String, String> headers, String formBody) throws IOException, InterruptedException {
        return post(url, headers, formBody);
    }
}
