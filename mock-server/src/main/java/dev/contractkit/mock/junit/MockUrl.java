package dev.contractkit.mock.junit;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** Marks a {@code String} or {@code URI} parameter that receives a {@link ContractMock} API's base URL. */
@Target(ElementType.PARAMETER)
@Retention(RetentionPolicy.RUNTIME)
@Documented
public @interface MockUrl {
    /** @return the API id; may be left out when the test class serves one API */
    String value() default "";
}
