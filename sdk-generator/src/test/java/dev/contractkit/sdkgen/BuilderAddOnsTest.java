package dev.contractkit.sdkgen;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 38.1, builder add-ons: a {@code <Client>BuilderAddOn} in the API's package is implemented by the generated
 * builder (which keeps the add-ons' settings and hands them to the client), not by the client; the kit token's
 * scheme makes the builder the SDK's {@code KitTokenBuilder}.
 */
class BuilderAddOnsTest {
    static final Path SHELVES = Path.of(System.getProperty("user.dir")).resolve("src/test/resources/dialect-client.yaml");
    static final Path KIT_TOKEN = Path.of(System.getProperty("user.dir")).resolve("src/test/resources/kit-token.yaml");

    @TempDir
    Path dir;

    @Test
    void theCatalogueGivesABuilderAddOnToTheBuilderAndEveryOtherAddOnToTheClient() throws IOException {
        Path pkg = Files.createDirectories(dir.resolve("com/acme/shelves"));
        for (String name : List.of("ShelvesClientAddOns", "ShelvesClientRetryAddOn", "ShelvesClientBuilderAddOn", "ShelfHelper")) {
            Files.writeString(pkg.resolve(name + ".java"), "package com.acme.shelves; interface " + name + " { }");
        }

        Catalogue.AddOns addOns = Catalogue.addOns(pkg, "com.acme.shelves", "ShelvesClient");

        assertThat(addOns.client()).containsExactly("com.acme.shelves.ShelvesClientAddOns", "com.acme.shelves.ShelvesClientRetryAddOn");
        assertThat(addOns.builder()).containsExactly("com.acme.shelves.ShelvesClientBuilderAddOn");
    }

    @Test
    void aBuilderAddOnLandsOnTheBuilderAndNotOnTheClient() throws IOException {
        SdkGenerator.request(SHELVES, "com.acme.shelves", dir).addOns(List.of("com.acme.shelves.ShelvesClientAddOns"))
                .builderAddOns(List.of("com.acme.shelves.ShelvesClientBuilderAddOn")).generate();
        String client = Files.readString(dir.resolve("com/acme/shelves/ShelvesClient.java"));

        assertThat(client).contains("public final class ShelvesClient implements AutoCloseable, com.acme.shelves.ShelvesClientAddOns {")
                .contains("public static final class Builder extends dev.contractkit.sdk.ClientBuilder<Builder> implements com.acme.shelves.ShelvesClientBuilderAddOn<Builder> {")
                .contains("public <T> Builder addOnSetting(dev.contractkit.sdk.AddOnSettings.Key<T> key, T value) {")
                .contains("return new ShelvesClient(config, credentials, settings, Generated.configured(this, config, settings));")
                .contains("public dev.contractkit.sdk.AddOnSettings addOnSettings() {");
        assertThat(client.lines().filter(l -> l.contains("class ShelvesClient ")).findFirst().orElseThrow())
                .doesNotContain("BuilderAddOn");
    }

    @Test
    void aBuilderWithAddOnsLetsAConfiguringAddOnShapeTheConfigurationAndTellsItAReadTimeoutWasGiven() throws IOException {
        SdkGenerator.request(SHELVES, "com.acme.shelves", dir).builderAddOns(List.of("com.acme.shelves.ShelvesClientBuilderAddOn")).generate();
        String client = Files.readString(dir.resolve("com/acme/shelves/ShelvesClient.java"));

        assertThat(client)
                .contains("dev.contractkit.sdk.ClientConfig config = configBuilder().build();")
                .contains("Generated.configured(this, config, settings)")
                // the client sends with the configuration the add-on answers and closes the one it was given
                .contains("this.config = config;")
                .contains("this.retrofit = Generated.retrofit(configured, credentials,")
                .contains("public Builder readTimeout(java.time.Duration timeout) {")
                .contains("addOnSettings.set(dev.contractkit.sdk.ConfiguringBuilderAddOn.READ_TIMEOUT_GIVEN, true);");
    }

    @Test
    void aClientWithoutBuilderAddOnsHasNoAddOnSettings() throws IOException {
        SdkGenerator.request(SHELVES, "com.acme.shelves", dir).addOns(List.of("com.acme.shelves.ShelvesClientAddOns")).generate();
        String client = Files.readString(dir.resolve("com/acme/shelves/ShelvesClient.java"));

        assertThat(client).doesNotContain("AddOnSettings").doesNotContain("BuilderAddOn").doesNotContain("configured")
                .doesNotContain("public Builder readTimeout(")
                .contains("return new ShelvesClient(configBuilder().build(), credentials);")
                .contains("public static final class Builder extends dev.contractkit.sdk.ClientBuilder<Builder> {");
    }

    @Test
    void theKitTokensSchemeMakesTheBuilderTheSdksKitTokenBuilderPlacingTheCheckedToken() throws IOException {
        SdkGenerator.request(KIT_TOKEN, "com.acme.probes", dir).generate();
        String client = Files.readString(dir.resolve("com/acme/probes/ProbesClient.java"));

        assertThat(client).contains("public static final class Builder extends dev.contractkit.sdk.KitTokenBuilder<Builder> {")
                .contains("kitToken().ifPresent(value -> credentials.put(\"header\", \"Authorization\", \"Bearer \" + value));")
                .doesNotContain("public Builder token(String value)")
                .doesNotContain("token required"); // health is open: the token is not required by build()
    }

    @Test
    void aBearerSchemeOfAnotherNameKeepsItsOwnBuilderMethod() throws IOException {
        Path renamed = dir.resolve("renamed.yaml");
        Files.writeString(renamed, Files.readString(KIT_TOKEN).replace("x-kit-sdk-name: token", "x-kit-sdk-name: jobToken"));
        SdkGenerator.request(renamed, "com.acme.probes", dir.resolve("out")).generate();
        String client = Files.readString(dir.resolve("out/com/acme/probes/ProbesClient.java"));

        assertThat(client).contains("extends dev.contractkit.sdk.ClientBuilder<Builder>").contains("public Builder jobToken(String value)");
    }
}
