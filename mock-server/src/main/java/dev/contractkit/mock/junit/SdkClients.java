package dev.contractkit.mock.junit;

import dev.contractkit.specs.Api;

import java.util.Map;
import java.util.function.BiFunction;

/**
 * Ready SDK clients of a mock, for {@link ContractMockExtension}. The SDK is optional at run time: without it on
 * the class path no client parameter is supported, and nothing here is loaded.
 */
final class SdkClients {
    private static final Map<String, Api> APIS = Map.of(
            "dev.contractkit.sdk.forms.FormsClient", Api.FORMS,
            "dev.contractkit.sdk.coupons.CouponsClient", Api.COUPONS,
            "dev.contractkit.sdk.answers.AnswersClient", Api.ANSWERS);

    private SdkClients() {
    }

    static boolean supports(Class<?> type) {
        return APIS.containsKey(type.getName());
    }

    static Api apiOf(Class<?> type) {
        return APIS.get(type.getName());
    }

    static Object create(Class<?> type, String url, String credential) {
        return Builders.BY_API.get(apiOf(type)).apply(url, credential);
    }

    /** Holds the references to SDK classes, so they are loaded only when a client is asked for. */
    private static final class Builders {
        static final Map<Api, BiFunction<String, String, Object>> BY_API = Map.of(
                Api.FORMS, (url, key) -> dev.contractkit.sdk.forms.FormsClient.builder().baseUrl(url).apiKey(key).build(),
                Api.COUPONS, (url, token) -> dev.contractkit.sdk.coupons.CouponsClient.builder().baseUrl(url)
                        .bearerToken(token).build(),
                Api.ANSWERS, (url, key) -> dev.contractkit.sdk.answers.AnswersClient.builder().baseUrl(url).apiKey(key)
                        .noClientRateLimit().build());
    }
}
