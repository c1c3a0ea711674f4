package dev.contractkit.mock.junit;

import dev.contractkit.sdk.ClientProvider;
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

    private static Optional<ClientProvider> provider(Class<?> type) {
        return Providers.byType().map(m -> m.get(type));
    }

    /** Loads the SDK's providers on first use, and only when the SDK is on the class path. */
    private static final class Providers {
        private static final Map<Class<?>, ClientProvider> BY_TYPE = load();

        static Optional<Map<Class<?>, ClientProvider>> byType() {
            return Optional.ofNullable(BY_TYPE);
        }

        private static Map<Class<?>, ClientProvider> load() {
            try {
                Class.forName("dev.contractkit.sdk.ClientProvider", false, SdkClients.class.getClassLoader());
            } catch (ClassNotFoundException noSdk) {
                return null;
            }
            return ServiceLoader.load(ClientProvider.class, SdkClients.class.getClassLoader())
                    .stream().map(ServiceLoader.Provider::get)
                    .collect(Collectors.toUnmodifiableMap(ClientProvider::clientType, Function.identity()));
        }
    }
}
