package dev.contractkit.mock.junit;

import dev.contractkit.specs.Api;

import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Ready SDK clients of a mock, for {@link ContractMockExtension}, found through the SDK's
 * {@code dev.contractkit.sdk.ClientProvider} services (the extension names no client). The SDK is optional at run
 * time: without it on the class path no client parameter is supported.
 */
final class SdkClients {
    private SdkClients() {
    }

    static boolean supports(Class<?> type) {
        return provider(type).isPresent();
    }

    static Api apiOf(Class<?> type) {
        String id = provider(type).orElseThrow().apiId();
        return Api.byId(id).orElseThrow(() -> new IllegalStateException("the SDK's " + type.getName()
                + " is for API '" + id + "', which this mock does not know"));
    }

    static Object create(Class<?> type, String url, String credential) {
        return provider(type).orElseThrow().create(url, credential);
    }

    private static Optional<dev.contractkit.sdk.ClientProvider> provider(Class<?> type) {
        return Providers.byType().map(m -> m.get(type));
    }

    /** Loads the SDK's providers on first use, and only when the SDK is on the class path. */
    private static final class Providers {
        private static final Map<Class<?>, dev.contractkit.sdk.ClientProvider> BY_TYPE = load();

        static Optional<Map<Class<?>, dev.contractkit.sdk.ClientProvider>> byType() {
            return Optional.ofNullable(BY_TYPE);
        }

        private static Map<Class<?>, dev.contractkit.sdk.ClientProvider> load() {
            try {
                Class.forName("dev.contractkit.sdk.ClientProvider", false, SdkClients.class.getClassLoader());
            } catch (ClassNotFoundException noSdk) {
                return null;
            }
            return ServiceLoader.load(dev.contractkit.sdk.ClientProvider.class, SdkClients.class.getClassLoader())
                    .stream().map(ServiceLoader.Provider::get)
                    .collect(Collectors.toUnmodifiableMap(dev.contractkit.sdk.ClientProvider::clientType, Function.identity()));
        }
    }
}
