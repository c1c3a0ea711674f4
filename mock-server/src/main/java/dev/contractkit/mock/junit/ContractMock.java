package dev.contractkit.mock.junit;

import org.junit.jupiter.api.extension.ExtendWith;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Starts the kit's mock server for a test class, on free ports, and stops it after the class.
 *
 * <pre>{@code
 * @ContractMock(api = "coupons", stateful = true)
 * class CheckoutTest {
 *     @Test
 *     void appliesACoupon(CouponsClient coupons, MockServers mock) {   // a ready client of the mock
 *         ...
 *         assertThat(mock.received(Api.COUPONS, "redeemCoupon")).hasSize(1);
 *     }
 * }
 * }</pre>
 *
 * <p>Test methods, constructors and lifecycle methods can take: {@code MockServers} (URLs, {@code setResponse},
 * {@code received}, {@code reset}), a {@code @MockUrl String} or {@code URI} (the base URL; name the API with
 * {@code @MockUrl("forms")} when several are served), and, with the SDK on the class path, a ready client of any
 * served API ({@code FormsClient}, {@code CouponsClient}, {@code AnswersClient}, {@code CodehostV4Client},
 * {@code CodehostV5Client}, {@code ExecClient}, {@code RuntimeClient}, {@code AgentClient}: every client the SDK
 * registers a {@code ClientProvider} for) pointed at the mock (credentials: {@link #credential()}).
 * After each test the mock is reset: expectations and responses set by the test are removed, the request log
 * is cleared, and stateful data goes back to the contract's examples.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
@ExtendWith(ContractMockExtension.class)
public @interface ContractMock {
    /** @return the APIs to serve, by id ({@code forms}, {@code coupons}, ...) */
    String[] api();

    /** @return whether creates, updates and deletes are kept (the mock's {@code --stateful}) */
    boolean stateful() default false;

    /**
     * @return the credential the mock accepts and the injected clients send (API key or bearer token); the mock
     * then refuses any other. Empty: the mock accepts any well-formed credential (for JWT schemes: a well-formed,
     * unexpired JWT, such as {@code MockServers.token(api, user)} makes) and clients send
     * {@value ContractMockExtension#DEFAULT_CREDENTIAL}, or, for coupons, a token of the mock for {@code admin}.
     */
    String credential() default "";
}
