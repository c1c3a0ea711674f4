package com.example.shop;

import dev.contractkit.mock.MockServers;
import dev.contractkit.mock.junit.ContractMock;
import dev.contractkit.sdk.NotFoundException;
import dev.contractkit.sdk.PagingStalledException;
import dev.contractkit.sdk.RawResponse;
import dev.contractkit.sdk.coupons.CouponsClient;
import dev.contractkit.sdk.forms.FormsClient;
import dev.contractkit.sdk.forms.model.Form;
import dev.contractkit.specs.Api;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.fail;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

/**
 * An outside project's tests: the kit's mock serves two APIs (forms and coupons) on free ports, the SDK calls them
 * (paging, a 404, a token, verification of what the mock received), and the application runs on a JDK 17.
 */
@ContractMock(api = {"forms", "coupons"})
class ShopAgainstTheMockTest {

    @Test
    void formsArePagedToTheEnd(FormsClient forms) {
        List<Form> all = assertTimeoutPreemptively(Duration.ofSeconds(20), () -> forms.all().toList());

        assertThat(all).isNotEmpty();
        assertThat(forms.list(2, 0).execute()).hasSizeLessThanOrEqualTo(2);
    }

    @Test
    void pagingAStatelessMockEndsEvenWhenItsPagesDoNotAdvance(FormsClient forms) {
        assertTimeoutPreemptively(Duration.ofSeconds(20), () -> {
            try {
                assertThat(forms.all(2).toList()).isNotEmpty();
            } catch (PagingStalledException e) {
                assertThat(e.getMessage()).contains("stalled");
            }
        });
    }

    @Test
    void aMissingFormIsANotFoundException(FormsClient forms, MockServers mock) {
        mock.setResponse(Api.FORMS, "getForm", 404, null);

        assertThatThrownBy(() -> forms.get(999).execute()).isInstanceOf(NotFoundException.class);
        RawResponse raw = forms.get(999).executeRaw();
        assertThat(raw.status()).isEqualTo(404);
        assertThat(raw.bodyAsString()).contains("error");
    }

    @Test
    void theCouponClientSendsItsTokenAndTheMockRecordsIt(CouponsClient coupons, MockServers mock) {
        String token = mock.token(Api.COUPONS, "jane.doe");
        try (CouponsClient jane = CouponsClient.builder().baseUrl(mock.url(Api.COUPONS)).bearerToken(token).build()) {
            assertThat(jane.profile().execute().getId()).isNotBlank();
        }
        try {
            List<String> ids = coupons.all().map(c -> c.getId()).toList();
            assertThat(ids).doesNotHaveDuplicates();
        } catch (PagingStalledException e) {
            assertThat(e.getMessage()).contains("stalled"); // a stateless mock repeating its page: a clear error
        }

        assertThat(mock.received(Api.COUPONS, "getUserProfile")).singleElement()
                .satisfies(r -> assertThat(r.header("Authorization")).isEqualTo("Bearer " + token));
    }

    @Test
    void theApplicationRunsOnJava17(MockServers mock) throws Exception {
        String jdk17 = System.getProperty("kit.jdk17", "");
        if (jdk17.isBlank()) {
            if ("true".equals(System.getenv("CI"))) {
                fail("no JDK 17 given (-Dkit.jdk17=...): the SDK's Java 17 floor is not tested");
            }
            Assumptions.abort("no JDK 17 given (-Dkit.jdk17=...); ./kit test finds one under /usr/lib/jvm");
        }
        String classPath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        Path out = Files.createTempFile("shop-report", ".txt");
        List<String> command = new ArrayList<>(List.of(jdk17 + File.separator + "bin" + File.separator + "java",
                "-cp", classPath, ShopReport.class.getName(),
                mock.url(Api.FORMS), "kit-mock-key", mock.url(Api.COUPONS), mock.token(Api.COUPONS, "jane.doe")));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(out.toFile()).start();

        assertThat(p.waitFor(60, TimeUnit.SECONDS)).as("the Java 17 run ends").isTrue();
        String output = Files.readString(out, StandardCharsets.UTF_8);
        assertThat(p.exitValue()).as(output).isZero();
        assertThat(output).contains("java=17").contains("missing=").contains("profile=");
    }
}
