package dev.contractkit.sdk.readme;

import dev.contractkit.mock.MockOptions;
import dev.contractkit.mock.MockServers;
import dev.contractkit.specs.Api;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

/**
 * The SDK README's examples, exactly as written (the compiled sources {@code ReadmeExamplesTest} checks against the
 * README, from the SDK's test jar), run against the stateless mock on the APIs' default ports, as a reader who
 * starts {@code ./kit mock} would: paging ends, {@code get(999)} is the 404 example, nothing hangs (issue 26.4).
 */
@Timeout(120)
class SdkReadmeAgainstTheMockTest {
    private static final List<Api> APIS = List.of(Api.FORMS, Api.ANSWERS, Api.CODEHOST);
    private static MockServers mock;

    @BeforeAll
    static void startTheMockOnTheDefaultPorts() {
        for (Api api : APIS) {
            assertThat(free(api.defaultPort())).as("port " + api.defaultPort() + " (" + api.id()
                    + "'s default, used by the README) must be free: stop ./kit serve or ./kit mock").isTrue();
        }
        mock = MockServers.start(MockOptions.builder().apis(APIS).build());
    }

    @AfterAll
    static void stop() {
        if (mock != null) {
            mock.close();
        }
    }

    @Test
    void theFormsExampleRunsAsWrittenAgainstTheMockAndItsMissingFormIsThe404Example() {
        String printed = printedBy(FormsReadme::example);
        assertThat(printed).as("get(999) reaches the catch of NotFoundException").containsPattern("(?m)^404 \\S+ request");
    }

    @Test
    void theCodeHostingExampleRunsAsWrittenAgainstTheMock() {
        assertThatCode(CodehostReadme::example).doesNotThrowAnyException();
    }

    @Test
    void theAnswersExampleRunsAsWrittenAgainstTheMock() {
        assertThatCode(AnswersReadme::example).doesNotThrowAnyException();
    }

    @Test
    void theOneCallTypeExampleRunsAsWrittenAgainstTheMock() {
        assertThatCode(CallReadme::example).doesNotThrowAnyException();
    }

    /** @return what the example printed on standard output (it is a program for a reader: it prints its results) */
    private static String printedBy(Runnable example) {
        PrintStream out = System.out;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            assertThatCode(example::run).doesNotThrowAnyException();
        } finally {
            System.setOut(out);
        }
        return captured.toString(StandardCharsets.UTF_8);
    }

    private static boolean free(int port) {
        try (ServerSocket socket = new ServerSocket()) {
            socket.bind(new InetSocketAddress("127.0.0.1", port));
            return true;
        } catch (IOException e) {
            return false;
        }
    }
}
