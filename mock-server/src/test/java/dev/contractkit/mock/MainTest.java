package dev.contractkit.mock;

import dev.contractkit.specs.Api;
import org.junit.jupiter.api.Test;

import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** The command line: the table and READY, help, and exit status 2 with a clear message for bad options. */
class MainTest {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    @Test
    void printsOneLinePerApiWithItsUrlThenReady() {
        Main.Launch outcome = launch(Map.of(), "--api", "forms", "--port", "forms=0");

        assertThat(outcome).isInstanceOf(Main.Launch.Running.class);
        try (MockServers servers = ((Main.Launch.Running) outcome).servers()) {
            List<String> lines = out.toString(StandardCharsets.UTF_8).lines().toList();
            assertThat(lines).anySatisfy(l -> assertThat(l).contains("forms").contains(servers.url(Api.FORMS))
                    .contains("openapi/forms.yaml"));
            assertThat(lines).last().isEqualTo("READY");
        }
    }

    @Test
    void helpPrintsTheOptionsAndExitsZero() {
        assertThat(launch(Map.of(), "--help")).isEqualTo(new Main.Launch.Exited(0));
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("--api").contains("--port").contains("--lenient");
    }

    @Test
    void outcomeStartsAnApiSwitchedAndAnUnknownExampleExitsTwo() {
        Main.Launch outcome = launch(Map.of(), "--api", "zai", "--port", "zai=0", "--outcome", "zai=inactive");
        assertThat(outcome).isInstanceOf(Main.Launch.Running.class);
        ((Main.Launch.Running) outcome).servers().close();

        assertThat(launch(Map.of(), "--api", "zai", "--port", "zai=0", "--outcome", "zai=broke")).isEqualTo(new Main.Launch.Exited(2));
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("--outcome zai=broke: no operation of this API has an example named 'broke'")
                .contains("active, bad_credentials, inactive, server_error");
        assertThat(launch(Map.of(), "--outcome", "claude")).isEqualTo(new Main.Launch.Exited(2));
    }

    @Test
    void aPortInUseExitsOneNamingThePortAndTheSettingToChange() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            int port = taken.getLocalPort();

            assertThat(launch(Map.of(), "--api", "forms", "--port", "forms=" + port)).isEqualTo(new Main.Launch.Exited(1));
            assertThat(err.toString(StandardCharsets.UTF_8)).contains("forms: port " + port + " on 127.0.0.1 is in use")
                    .contains("./kit serve").contains("--port forms=<port>").contains("KIT_FORMS_PORT");
        }
    }

    @Test
    void helpDocumentsPreferAndTheControlEndpoints() {
        launch(Map.of(), "--help");
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("Prefer: code=404").contains("Prefer: example=")
                .contains("/mockserver/kit/responses").contains("/mockserver/kit/reset");
    }

    @Test
    void unknownOptionExitsTwoNamingIt() {
        assertThat(launch(Map.of(), "--bogus")).isEqualTo(new Main.Launch.Exited(2));
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("unknown option '--bogus'");
    }

    @Test
    void unknownApiExitsTwoListingTheKnownOnes() {
        assertThat(launch(Map.of(), "--api", "nope")).isEqualTo(new Main.Launch.Exited(2));
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("unknown API 'nope'").contains("forms");
    }

    @Test
    void portThatIsNoNumberExitsTwo() {
        assertThat(launch(Map.of(), "--port", "forms=abc")).isEqualTo(new Main.Launch.Exited(2));
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("'abc' is not a port");
    }

    @Test
    void portWithoutApiNameExitsTwo() {
        assertThat(launch(Map.of(), "--port", "9081")).isEqualTo(new Main.Launch.Exited(2));
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("<api>=<port>");
    }

    @Test
    void badPortInTheEnvironmentExitsTwoNamingTheVariable() {
        assertThat(launch(Map.of("KIT_FORMS_PORT", "x"), "--api", "forms")).isEqualTo(new Main.Launch.Exited(2));
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("KIT_FORMS_PORT");
    }

    @Test
    void runsAsAProgramUntilStopped() throws Exception {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Process process = new ProcessBuilder(java.toString(), "-cp", System.getProperty("java.class.path"),
                Main.class.getName(), "--api", "forms", "--port", "forms=0").redirectErrorStream(true).start();
        try {
            List<String> lines = new ArrayList<>();
            BufferedReader reader = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
            for (String line = reader.readLine(); line != null && !line.equals("READY"); line = reader.readLine()) {
                lines.add(line);
            }
            assertThat(lines).anySatisfy(l -> assertThat(l).matches("\\s+forms\\s+http://127\\.0\\.0\\.1:\\d+\\s+openapi/forms\\.yaml"));
            assertThat(process.isAlive()).isTrue();
        } finally {
            process.destroy();
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor();
            }
        }
        assertThat(process.isAlive()).isFalse();
    }

    private Main.Launch launch(Map<String, String> env, String... args) {
        return Main.launch(List.of(args), env, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
    }
}
