package dev.contractkit.bench;

import java.util.Map;

/**
 * What one request of a scenario is.
 *
 * @param body the request body, or null; {@link Harness#UNIQUE} in it is replaced by a value unique to each request
 */
record ScenarioRequest(String method, String path, Map<String, String> headers, String body) {
}
