package dev.contractkit.mock.junit;

import dev.contractkit.mock.MockOptions;
import dev.contractkit.mock.MockServers;
import dev.contractkit.specs.Api;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolutionException;
import org.junit.jupiter.api.extension.ParameterResolver;

import java.net.URI;
import java.util.List;
import java.util.Optional;

/** The JUnit 5 extension behind {@link ContractMock}. */
public final class ContractMockExtension implements BeforeAllCallback, AfterEachCallback, ParameterResolver {
    /** What injected clients send when {@link ContractMock#credential()} is empty. */
    public static final String DEFAULT_CREDENTIAL = "contract-mock-credential";
    private static final ExtensionContext.Namespace NS = ExtensionContext.Namespace.create(ContractMockExtension.class);

    /** The running mock of one test class; closed by JUnit after the class. */
    @SuppressWarnings("deprecation") // CloseableResource: closed by every JUnit 5 version, AutoCloseable by 5.13+
    // (which warns about a CloseableResource that is not AutoCloseable too)
    private record Running(MockServers mocks, List<Api> apis, String credential)
            implements ExtensionContext.Store.CloseableResource, AutoCloseable {
        @Override
        public void close() {
            mocks.close();
        }
    }

    @Override
    public void beforeAll(ExtensionContext context) {
        running(context);
    }

    @Override
    public void afterEach(ExtensionContext context) {
        running(context).mocks().reset();
    }

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext extension) {
        Class<?> type = parameter.getParameter().getType();
        return type == MockServers.class
                || (parameter.isAnnotated(MockUrl.class) && (type == String.class || type == URI.class))
                || SdkClients.supports(type);
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext extension) {
        Running run = running(extension);
        Class<?> type = parameter.getParameter().getType();
        if (type == MockServers.class) {
            return run.mocks();
        }
        if (parameter.isAnnotated(MockUrl.class)) {
            String url = run.mocks().url(api(run, parameter.findAnnotation(MockUrl.class).map(MockUrl::value).orElse("")));
            return type == URI.class ? URI.create(url) : url;
        }
        Api api = SdkClients.apiOf(type);
        if (!run.apis().contains(api)) {
            throw new ParameterResolutionException(type.getSimpleName() + " needs @ContractMock(api = \"" + api.id()
                    + "\"); this class serves " + run.apis().stream().map(Api::id).toList());
        }
        String credential = run.credential().equals(DEFAULT_CREDENTIAL) && api == Api.COUPONS
                ? run.mocks().token(api, "admin") : run.credential();
        return SdkClients.create(type, run.mocks().url(api), credential);
    }

    private static Api api(Running run, String id) {
        if (id.isEmpty()) {
            if (run.apis().size() != 1) {
                throw new ParameterResolutionException("@MockUrl needs an API id: this class serves "
                        + run.apis().stream().map(Api::id).toList());
            }
            return run.apis().get(0);
        }
        return Api.byId(id).filter(run.apis()::contains).orElseThrow(() -> new ParameterResolutionException(
                "@MockUrl(\"" + id + "\"): not served here; served: " + run.apis().stream().map(Api::id).toList()));
    }

    private static Running running(ExtensionContext context) {
        ExtensionContext classContext = context.getTestClass().isPresent() && context.getTestMethod().isPresent()
                ? context.getParent().orElse(context) : context;
        return classContext.getStore(NS).getOrComputeIfAbsent(Running.class, k -> start(classContext), Running.class);
    }

    private static Running start(ExtensionContext context) {
        ContractMock config = Optional.ofNullable(context.getRequiredTestClass().getAnnotation(ContractMock.class))
                .orElseThrow(() -> new ExtensionConfigurationException("ContractMockExtension needs @ContractMock on "
                        + context.getRequiredTestClass().getName()));
        List<Api> apis;
        try {
            apis = Api.parseList(String.join(",", config.api()));
        } catch (IllegalArgumentException e) {
            throw new ExtensionConfigurationException("@ContractMock(api = ...): " + e.getMessage(), e);
        }
        MockOptions.Builder options = MockOptions.builder().apis(apis).stateful(config.stateful());
        apis.forEach(a -> options.port(a, 0));
        if (!config.credential().isEmpty()) {
            apis.forEach(a -> options.credential(a, config.credential()));
        }
        String credential = config.credential().isEmpty() ? DEFAULT_CREDENTIAL : config.credential();
        return new Running(MockServers.start(options.build()), apis, credential);
    }
}
