package dev.contractkit.examples.demo;

import dev.contractkit.specs.Api;

import java.util.List;
import java.util.Locale;

/** What the demo takes from the kit's catalogue ({@code specs/apis.yaml}, read by {@link Api}). */
final class Catalogue {
    private Catalogue() {
    }

    /** @return the kit's own APIs (no group), in catalogue order: what the reference server may serve */
    static List<String> ownApis() {
        return Api.inGroup(Api.Group.NONE).stream().map(Api::id).toList();
    }

    /** @return the AI providers the quotas CLI reads (group {@code providers}), in catalogue order */
    static List<String> providers() {
        return Api.inGroup(Api.Group.PROVIDERS).stream().map(Api::id).toList();
    }

    /**
     * @param id an API id
     * @return its name in environment variables: {@code github-copilot} is {@code GITHUB_COPILOT}
     */
    static String envName(String id) {
        return id.toUpperCase(Locale.ROOT).replace('-', '_');
    }
}
