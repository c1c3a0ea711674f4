package dev.contractkit.quotas.providers;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.contractkit.specs.Api;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiFunction;
import java.util.function.Function;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Each provider's parser on every example of its contract and on answers in the shape the real services give
 * (src/test/resources/recorded: extra fields, nulls, fractional timestamps, HTML error pages; written from the
 * providers' public documentation and open-source clients, since these machines cannot reach the providers).
 */
class ProviderParsersTest {
    private static final Instant NOW = Instant.parse("2026-11-23T13:00:00Z");
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    /**
     * operationId -> parser. A provider that makes two calls gets, for the other call, that call's example of the
     * same name (as the mock's outcome switch answers both calls alike).
     */
    private static final Map<String, Function<Contract.Example, ProviderResult>> PARSERS = Map.ofEntries(
            Map.entry("getOAuthUsage", e -> Claude.parse(e.response(), Optional.of("max"), NOW)),
            Map.entry("getWhamUsage", e -> Codex.parse(e.response(), NOW)),
            Map.entry("getPlanInfo", e -> Cursor.parse(e.response(), e.sibling("getCurrentPeriodUsage"), NOW)),
            Map.entry("getCurrentPeriodUsage", e -> Cursor.parse(e.sibling("getPlanInfo"), e.response(), NOW)),
            Map.entry("getUserBalance", e -> DeepSeek.parse(e.response(), NOW)),
            Map.entry("loadCodeAssist", e -> Gemini.parse(e.response(), e.sibling("retrieveUserQuota"), NOW)),
            Map.entry("retrieveUserQuota", e -> Gemini.parse(e.sibling("loadCodeAssist"), e.response(), NOW)),
            Map.entry("getCopilotUser", e -> GitHubCopilot.parse(e.response(), NOW)),
            Map.entry("getCodingUsages", e -> Kimi.parseUsages(e.response(), NOW)),
            Map.entry("getBalance", e -> Kimi.parseBalance(e.response(), NOW)),
            Map.entry("getCodingPlanRemains", e -> MiniMax.parse(e.response(), NOW)),
            Map.entry("getKey", e -> OpenRouter.parse(e.sibling("getCredits"), e.response(), NOW)),
            Map.entry("getCredits", e -> OpenRouter.parse(e.response(), e.sibling("getKey"), NOW)),
            Map.entry("getUserInfo", e -> SiliconFlow.parse(e.response(), NOW)),
            Map.entry("getQuotaLimit", e -> Zai.parse(e.response(), NOW)));

    /** What each example name must become. */
    private static final Map<String, ProviderResult.Status> EXPECTED = Map.of(
            "active", ProviderResult.Status.AVAILABLE,
            "inactive", ProviderResult.Status.UNAVAILABLE,
            "server_error", ProviderResult.Status.UNAVAILABLE,
            "bad_credentials", ProviderResult.Status.AUTH_REQUIRED,
            "no_plan", ProviderResult.Status.UNAVAILABLE,
            "bad_request", ProviderResult.Status.UNAVAILABLE);

    @TestFactory
    List<DynamicTest> everyContractExampleBecomesItsStatus() {
        List<DynamicTest> tests = new ArrayList<>();
        for (Api api : Api.inGroup(Api.Group.PROVIDERS)) {
            Provider provider = Provider.byId(api.id()).orElseThrow();
            for (Contract.Example e : Contract.examples(api)) {
                tests.add(DynamicTest.dynamicTest(api.id() + " " + e.operationId() + " " + e.status() + " " + e.name(), () -> {
                    ProviderResult r = PARSERS.get(e.operationId()).apply(e);
                    assertThat(r.provider()).isEqualTo(provider);
                    assertThat(r.status()).as(e.body()).isEqualTo(EXPECTED.get(e.name()));
                    if (r instanceof ProviderResult.Unavailable u) {
                        assertThat(u.consoleUrl()).isEqualTo(provider.consoleUrl());
                        assertThat(u.message()).isNotBlank();
                    }
                    if (r instanceof ProviderResult.Available a) {
                        // a plan only when the provider reports one (Claude's comes from its credentials file)
                        assertThat(a.windows()).isNotEmpty();
                    }
                }));
            }
        }
        assertThat(tests).hasSizeGreaterThan(40);
        return tests;
    }

    @Test
    void everyProviderContractHasTheFourOutcomes() {
        for (Api api : Api.inGroup(Api.Group.PROVIDERS)) {
            assertThat(Contract.examples(api)).extracting(Contract.Example::name).as(api.id())
                    .contains("active", "inactive", "server_error", "bad_credentials");
        }
        assertThat(Api.inGroup(Api.Group.PROVIDERS)).extracting(Api::id)
                .containsExactly(Arrays.stream(Provider.values()).map(Provider::id).toArray(String[]::new));
        assertThat(Api.inGroup(Api.Group.PROVIDERS)).extracting(Api::defaultPort)
                .containsExactly(8101, 8102, 8103, 8104, 8105, 8106, 8107, 8108, 8109, 8110, 8111);
    }

    @Test
    void claudeSkipsModelWindowsTheAccountDoesNotHave() {
        ProviderResult.Available a = (ProviderResult.Available) Claude.parse(new Response(200, recorded("claude-max-no-opus.json")),
                Optional.of("max"), NOW);
        assertThat(a.plan()).isEqualTo("max");
        assertThat(a.windows()).extracting(Window::label).containsExactly("5h", "7d", "sonnet/7d");
        Window fiveHours = a.windows().get(0);
        assertThat(fiveHours.remaining().getAsDouble()).isZero();
        assertThat(fiveHours.resetsAt()).contains(Instant.parse("2026-11-23T15:59:59.739810Z"));
    }

    @Test
    void codexNamesWindowsByTheirLengthAndReadsUnixResets() {
        ProviderResult.Available a = (ProviderResult.Available) Codex.parse(new Response(200, recorded("codex-pro.json")), NOW);
        assertThat(a.plan()).isEqualTo("pro");
        assertThat(a.windows()).extracting(Window::label).containsExactly("5h", "7d");
        assertThat(a.windows().get(0).used().getAsDouble()).isEqualTo(7);
        assertThat(a.windows().get(0).resetsAt()).contains(Instant.ofEpochSecond(1795446000));
    }

    @Test
    void copilotReportsLimitedSnapshotsOnly() {
        ProviderResult.Available a = (ProviderResult.Available) GitHubCopilot.parse(new Response(200, recorded("copilot-free.json")), NOW);
        assertThat(a.windows()).extracting(Window::label).containsExactly("chat", "completions");
        assertThat(a.windows().get(0).used().getAsDouble()).isEqualTo(8);
        assertThat(a.windows().get(0).resetsAt()).contains(Instant.parse("2026-12-01T00:00:00Z"));
    }

    @Test
    void minimaxGivesOneModelWindowPerModel() {
        ProviderResult.Available a = (ProviderResult.Available) MiniMax.parse(new Response(200, recorded("minimax-two-models.json")), NOW);
        assertThat(a.windows()).extracting(Window::label).containsExactly("MiniMax-M2/5h", "speech-2.5/5h");
        assertThat(a.windows().get(0).remaining().getAsDouble()).isEqualTo(1);
    }

    @Test
    void zaiReadsTokensAgainstTheirLimit() {
        ProviderResult.Available a = (ProviderResult.Available) Zai.parse(new Response(200, recorded("zai-lite.json")), NOW);
        assertThat(a.plan()).isEqualTo("GLM Coding Lite");
        Window w = a.windows().get(0);
        assertThat(w.label()).isEqualTo("5h");
        assertThat(w.remainingRatio().getAsDouble()).isEqualTo(0.025);
    }

    @Test
    void balancesHaveNoLimit() {
        ProviderResult.Available a = (ProviderResult.Available) DeepSeek.parse(new Response(200,
                Contract.example("deepseek", "getUserBalance", "active")), NOW);
        assertThat(a.windows().get(0).limit()).isEmpty();
        assertThat(a.windows().get(0).remaining().getAsDouble()).isEqualTo(110);
        assertThat(a.windows().get(0).unit()).isEqualTo("CNY");
    }

    @Test
    void anHtmlErrorPageIsUnavailableNotACrash() {
        String page = recorded("html-error-page.txt");
        for (ProviderResult r : List.of(Claude.parse(new Response(502, page), Optional.empty(), NOW), Codex.parse(new Response(200, page), NOW),
                Zai.parse(new Response(200, page), NOW), DeepSeek.parse(new Response(200, page), NOW))) {
            assertThat(r.status()).isEqualTo(ProviderResult.Status.UNAVAILABLE);
        }
        assertThat(((ProviderResult.Unavailable) Claude.parse(new Response(502, page), Optional.empty(), NOW)).message())
                .isEqualTo("Claude answered 502: HTTP 502");
    }

    @Test
    void resultsSurviveTheirJsonForm() {
        ProviderResult a = Claude.parse(new Response(200, recorded("claude-max-no-opus.json")), Optional.of("max"), NOW);
        ProviderResult u = Zai.parse(new Response(200, Contract.example("zai", "getQuotaLimit", "inactive")), NOW);
        ProviderResult d = DeepSeek.parse(new Response(200, Contract.example("deepseek", "getUserBalance", "active")), NOW);
        for (ProviderResult r : List.of(a, u, d, new ProviderResult.NetworkError(Provider.KIMI, "refused", NOW),
                new ProviderResult.AuthRequired(Provider.CURSOR, "none", NOW))) {
            assertThat(ResultJson.fromJson(ResultJson.toJson(r))).isEqualTo(r);
        }
        assertThat(ResultJson.toJson(d).toString()).doesNotContain("null").doesNotContain("\"limit\"");
    }

    static String recorded(String name) {
        try (InputStream in = ProviderParsersTest.class.getResourceAsStream("/recorded/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The provider contracts' examples, read from the specs jar. */
    static final class Contract {
        record Example(String provider, String operationId, int status, String name, String body) {
            Response response() {
                return new Response(status, body);
            }

            /** The other operation's example of the same name (its "active" one when it has none). */
            Response sibling(String otherOperation) {
                List<Example> all = examples(Api.byId(provider).orElseThrow());
                Example other = all.stream().filter(x -> x.operationId().equals(otherOperation) && x.name().equals(name))
                        .findFirst().orElseGet(() -> all.stream().filter(x -> x.operationId().equals(otherOperation)
                                && x.name().equals("active")).findFirst().orElseThrow());
                return other.response();
            }
        }

        static List<Example> examples(Api api) {
            JsonNode root;
            try {
                root = YAML.readTree(api.read(api.mainContract()));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            List<Example> out = new ArrayList<>();
            for (JsonNode path : root.path("paths")) {
                for (JsonNode op : path) {
                    for (Iterator<Map.Entry<String, JsonNode>> rs = op.path("responses").fields(); rs.hasNext(); ) {
                        Map.Entry<String, JsonNode> response = rs.next();
                        JsonNode examples = response.getValue().at("/content/application~1json/examples");
                        examples.fields().forEachRemaining(e -> out.add(new Example(api.id(), op.path("operationId").asText(),
                                Integer.parseInt(response.getKey()), e.getKey(), e.getValue().path("value").toString())));
                    }
                }
            }
            return out;
        }

        static String example(String provider, String operationId, String name) {
            return examples(Api.byId(provider).orElseThrow()).stream()
                    .filter(e -> e.operationId().equals(operationId) && e.name().equals(name)).findFirst().orElseThrow().body();
        }
    }
}
