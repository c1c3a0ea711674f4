package dev.contractkit.reference;

import dev.contractkit.reference.platform.ApiProvider;
import dev.contractkit.reference.platform.Settings;
import dev.contractkit.specs.Api;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The server finds its APIs with ServiceLoader: one provider per API it implements, nothing for the mock's. */
class ApiProvidersTest {
    @Test
    void serviceLoaderFindsOneProviderForEachApiTheServerImplements() {
        Map<Api, ApiProvider> providers = KitServer.providers();
        assertThat(providers.keySet()).containsExactlyInAnyOrder(Api.FORMS, Api.COUPONS, Api.ANSWERS, Api.CODEHOST,
                Api.EXEC, Api.RUNTIME, Api.AGENT);
        assertThat(Api.values().stream().filter(a -> !a.mockOnly()).toList())
                .as("every API of the catalogue that is not the mock's alone").containsExactlyInAnyOrderElementsOf(providers.keySet());
        providers.forEach((api, p) -> assertThat(p.getClass().getPackageName()).as(api.id())
                .isEqualTo("dev.contractkit.reference." + api.id()));
    }

    @Test
    void eachProviderReadsItsApisSettingsIntoItsOwnRecord() {
        KitServer.providers().forEach((api, p) -> {
            Record settings = p.settings(Settings.of(Map.of("exec.sandbox-dir", System.getProperty("java.io.tmpdir"))));
            assertThat(settings.getClass().getPackageName()).as(api.id()).isEqualTo(p.getClass().getPackageName());
            assertThat(settings.getClass().getSimpleName()).as(api.id()).endsWith("Settings");
        });
    }

    @Test
    void theServiceFileNamesEveryProviderOnce() throws IOException {
        try (InputStream in = KitServer.class.getResourceAsStream("/META-INF/services/" + ApiProvider.class.getName())) {
            assertThat(in).isNotNull();
            List<String> lines = new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().filter(l -> !l.isBlank()).toList();
            assertThat(lines).doesNotHaveDuplicates()
                    .containsExactlyInAnyOrderElementsOf(KitServer.providers().values().stream().map(p -> p.getClass().getName()).toList());
        }
    }

    @Test
    void aBadValueOfAnApisSettingsStopsTheStartBeforeAnythingOpens(@TempDir Path data) throws IOException {
        Settings settings = Settings.of(Map.of("data-dir", data.toString(), "exec.port", "0", "runtime.port", "0",
                "exec.poll-ms", "fast"));
        assertThatThrownBy(() -> KitServer.start(settings, List.of(Api.RUNTIME, Api.EXEC)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("setting KIT_EXEC_POLL_MS must be");
        try (var files = Files.list(data)) {
            assertThat(files.toList()).as("no database, no token: nothing was opened").isEmpty();
        }
    }
}
