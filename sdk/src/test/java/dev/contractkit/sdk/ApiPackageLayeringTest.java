package dev.contractkit.sdk;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 25, req. 2: the internal package is not API and has no cycle with {@link ApiException}: the API package
 * ({@code dev.contractkit.sdk}: the exception family, {@link Call}, {@link ClientConfig} ...) names nothing of
 * {@code dev.contractkit.sdk.internal}, which depends on the API only.
 */
class ApiPackageLayeringTest {
    private static final Path API = Path.of("src/main/java/dev/contractkit/sdk");

    @Test
    void theApiPackageNamesNothingOfTheInternalPackage() throws IOException {
        List<String> offenders = new ArrayList<>();
        try (Stream<Path> files = Files.list(API)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                if (Files.readString(file).contains("dev.contractkit.sdk.internal")) {
                    offenders.add(file.getFileName().toString());
                }
            }
        }
        assertThat(offenders).as("API types that depend on dev.contractkit.sdk.internal").isEmpty();
        assertThat(API.resolve("ApiException.java")).exists();
    }
}
