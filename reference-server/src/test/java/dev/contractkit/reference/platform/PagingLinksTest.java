package dev.contractkit.reference.platform;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.contractkit.reference.KitServer;
import dev.contractkit.sdk.coupons.CouponFilter;
import dev.contractkit.sdk.coupons.CouponsClient;
import dev.contractkit.sdk.coupons.TokenProvider;
import dev.contractkit.sdk.coupons.model.Coupon;
import dev.contractkit.sdk.coupons.model.CouponCreate;
import dev.contractkit.sdk.coupons.model.UserCoupon;
import dev.contractkit.specs.Api;
import okhttp3.HttpUrl;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every {@code Link rel="next"} of every paged operation, followed to the last page over real sockets, by hand
 * and through the SDK's auto-paging: each item is seen exactly once. And where the links' origin comes from:
 * the request, a trusted proxy's {@code X-Forwarded-*}, or the configured public URL.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class PagingLinksTest {
    static final ObjectMapper JSON = new ObjectMapper();
    static final OkHttpClient HTTP = new OkHttpClient.Builder().followRedirects(false).build();
    static final String CODEHOST_TOKEN = "links-test-token";
    // behind a proxy (trusted proxies, a public URL) the demo passwords are refused: users of the test's own
    static final String ADMIN_PASSWORD = "links-admin-secret";
    static final String ALICE_PASSWORD = "links-alice-secret";
    static final String USERS = "admin:" + ADMIN_PASSWORD + ":admin+user,alice:" + ALICE_PASSWORD + ":user";
    static final Pattern LINK = Pattern.compile("<([^>]*)>\\s*;\\s*rel=\"([^\"]*)\"");
    static final int COUPONS = 9;
    static final int REDEMPTIONS = 7;

    @TempDir
    static Path dir;
    KitServer server;
    CouponsClient alice;

    @BeforeAll
    void start() {
        server = KitServer.start(TestDatabases.embedded(dir.resolve("main"))
                        .with("coupons.users", USERS)
                        .with("codehost.tokens", CODEHOST_TOKEN).with("codehost.registration-tokens", "links-registration")
                        .with("trusted-proxies", "127.0.0.1,::1"),
                List.of(Api.COUPONS, Api.CODEHOST));
        CouponsClient admin = client("admin", ADMIN_PASSWORD);
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < COUPONS; i++) {
            ids.add(admin.create(new CouponCreate().title("Links " + i).discountPercent(5 + i).category("links & more")).execute()
                    .getId());
        }
        alice = client("alice", ALICE_PASSWORD);
        for (int i = 0; i < REDEMPTIONS; i++) {
            alice.redeem(ids.get(i), "ORD-LINKS-" + i).execute();
        }
    }

    @AfterAll
    void stop() {
        if (server != null) {
            server.close();
        }
    }

    CouponsClient client(String user, String password) {
        return client(server, user, password);
    }

    static CouponsClient client(KitServer on, String user, String password) {
        String base = on.url(Api.COUPONS);
        return CouponsClient.builder().baseUrl(base).tokenProvider(TokenProvider.builder().baseUrl(base)
                .realm("contractkit").clientId("coupon-web").username(user).password(password).build()).build();
    }

    record Walk(List<String> items, int pages, long total) {
    }

    /** Follows rel="next" from the first page to the last, collecting the items' ids. */
    Walk follow(String first, Map<String, String> headers, String idField, String totalHeader) throws IOException {
        List<String> items = new ArrayList<>();
        HttpUrl url = HttpUrl.get(first);
        HttpUrl start = url;
        int pages = 0;
        long total = -1;
        while (url != null) {
            assertThat(pages).as("too many pages: a link loops").isLessThan(100);
            Request.Builder b = new Request.Builder().url(url);
            headers.forEach(b::header);
            try (Response r = HTTP.newCall(b.build()).execute()) {
                String text = r.body().string();
                assertThat(r.code()).as(url + " answered " + text).isEqualTo(200);
                JsonNode body = JSON.readTree(text);
                JsonNode list = body.isArray() ? body : body.path("coupons");
                list.forEach(item -> items.add(item.path(idField).asText()));
                total = totalHeader == null ? body.path("total").asLong() : Long.parseLong(r.header(totalHeader));
                pages++;
                HttpUrl next = null;
                for (String header : r.headers("Link")) {
                    Matcher m = LINK.matcher(header);
                    while (m.find()) {
                        if (m.group(2).equals("next")) {
                            next = HttpUrl.get(m.group(1));
                        }
                    }
                }
                if (next != null) {
                    assertThat(next.scheme() + "://" + next.host() + ":" + next.port())
                            .isEqualTo(start.scheme() + "://" + start.host() + ":" + start.port());
                    assertThat(next.encodedPath()).isEqualTo(start.encodedPath());
                }
                url = next;
            }
        }
        return new Walk(items, pages, total);
    }

    static void assertEveryItemOnce(Walk walk, int atLeastPages) {
        assertThat(walk.items()).doesNotHaveDuplicates().hasSize((int) walk.total());
        assertThat(walk.pages()).isGreaterThanOrEqualTo(atLeastPages);
    }

    String coupons(String pathAndQuery) {
        return server.url(Api.COUPONS).replaceAll("/$", "") + pathAndQuery;
    }

    @Test
    void followingNextOfThePublicCouponListSeesEveryCouponOnce() throws IOException {
        Walk all = follow(coupons("/api/v1/coupons?limit=4"), Map.of(), "id", null);
        assertEveryItemOnce(all, 3);

        Walk filtered = follow(coupons("/api/v1/coupons?category=links+%26+more&limit=2"), Map.of(), "id", null);
        assertEveryItemOnce(filtered, 3);
        assertThat(filtered.total()).isEqualTo(COUPONS);
    }

    @Test
    void followingNextOfTheUsersRedemptionsSeesEveryRedemptionOnce() throws IOException {
        String token = TokenProvider.builder().baseUrl(server.url(Api.COUPONS)).realm("contractkit")
                .clientId("coupon-web").username("alice").password(ALICE_PASSWORD).build().accessToken();
        Walk walk = follow(coupons("/coupons/v1/user/coupons?limit=2"), Map.of("Authorization", "Bearer " + token),
                "coupon_id", null);
        assertEveryItemOnce(walk, 3);
        assertThat(walk.total()).isEqualTo(REDEMPTIONS);
    }

    @Test
    void sdkAutoPagingReachesEveryPage() {
        List<String> catalogue = alice.all(CouponFilter.any().category("links & more"), 2).map(Coupon::getId).toList();
        assertThat(catalogue).hasSize(COUPONS).doesNotHaveDuplicates();
        long total = alice.list(1, 0).execute().getTotal();
        assertThat(alice.all(CouponFilter.any(), 3).map(Coupon::getId).toList()).hasSize((int) total)
                .doesNotHaveDuplicates();
        List<String> mine = alice.allMyCoupons(2).map(UserCoupon::getCouponId).toList();
        assertThat(mine).hasSize(REDEMPTIONS).doesNotHaveDuplicates();
    }

    @ParameterizedTest
    @ValueSource(strings = {"/api/v4", "/api/v5"})
    void followingNextOfEveryCodehostListSeesEveryItemOnce(String version) throws IOException {
        String base = server.url(Api.CODEHOST).replaceAll("/$", "") + version;
        Map<String, String> auth = Map.of("PRIVATE-TOKEN", CODEHOST_TOKEN);
        Map<String, Integer> pages = Map.of("/runners/all", 3, "/runners", 1, "/projects/1/runners", 2,
                "/groups/1/runners", 2, "/projects/1/merge_requests", 3, "/projects/1/merge_requests/2/diffs", 3);
        for (Map.Entry<String, Integer> list : pages.entrySet()) {
            String id = list.getKey().endsWith("/diffs") ? "new_path" : "id";
            Walk walk = follow(base + list.getKey() + "?per_page=1", auth, id, "X-Total");
            assertThat(walk.items()).as(list.getKey()).doesNotHaveDuplicates().hasSize((int) walk.total());
            assertThat(walk.pages()).as(list.getKey()).isGreaterThanOrEqualTo(list.getValue());
        }
        Walk filtered = follow(base + "/runners/all?type=project_type&per_page=1", auth, "id", "X-Total");
        assertThat(filtered.items()).doesNotHaveDuplicates().hasSize(4);
    }

    /** The first page's rel="next" of the coupon list with one coupon per page (two more coupons made first). */
    String nextLink(KitServer s, Map<String, String> headers) throws IOException {
        if (s != server) {
            CouponsClient admin = client(s, "admin", ADMIN_PASSWORD);
            admin.create(new CouponCreate().title("one").discountPercent(10)).execute();
            admin.create(new CouponCreate().title("two").discountPercent(20)).execute();
        }
        Request.Builder b = new Request.Builder().url(s.url(Api.COUPONS).replaceAll("/$", "") + "/api/v1/coupons?limit=1");
        headers.forEach(b::header);
        try (Response r = HTTP.newCall(b.build()).execute()) {
            assertThat(r.code()).isEqualTo(200);
            Matcher m = LINK.matcher(r.header("Link", ""));
            assertThat(m.find()).as(r.header("Link")).isTrue();
            return m.group(1);
        }
    }

    @Test
    void forwardedHeadersFromATrustedProxySetTheLinksOrigin() throws IOException {
        assertThat(nextLink(server, Map.of("X-Forwarded-Proto", "https", "X-Forwarded-Host", "coupons.localhost:8443")))
                .startsWith("https://coupons.localhost:8443/api/v1/coupons?");
    }

    @Test
    void aForwardedHostTheServerDoesNotAnswerForIsIgnoredEvenFromATrustedProxy() throws IOException {
        int port = server.port(Api.COUPONS);
        assertThat(nextLink(server, Map.of("X-Forwarded-Proto", "gopher", "X-Forwarded-Host", "evil.example")))
                .startsWith("http://127.0.0.1:" + port + "/api/v1/coupons?");
    }

    @Test
    void forwardedHeadersFromAnUntrustedPeerAreIgnored() throws IOException {
        try (KitServer direct = KitServer.start(TestDatabases.embedded(dir.resolve("direct"))
                .with("coupons.users", USERS), List.of(Api.COUPONS))) {
            int port = direct.port(Api.COUPONS);
            assertThat(nextLink(direct, Map.of("X-Forwarded-Proto", "https", "X-Forwarded-Host", "coupons.localhost")))
                    .startsWith("http://127.0.0.1:" + port + "/api/v1/coupons?limit=1&offset=1");
        }
    }

    @Test
    void aConfiguredPublicUrlIsTheLinksOriginAndAnAllowedHost() throws IOException {
        try (KitServer behindProxy = KitServer.start(TestDatabases.embedded(dir.resolve("public"))
                .with("coupons.users", USERS)
                .with("coupons.public-url", "https://coupons.example.com/kit/"), List.of(Api.COUPONS))) {
            assertThat(nextLink(behindProxy, Map.of("Host", "coupons.example.com", "X-Forwarded-Host", "localhost")))
                    .startsWith("https://coupons.example.com/kit/api/v1/coupons?limit=1&offset=1");
        }
    }

    @Test
    void anInvalidPublicUrlOrProxyListRefusesToStart() {
        Set<String> messages = new HashSet<>();
        for (Map.Entry<String, String> bad : Map.of("public-url", "ftp://x.example", "trusted-proxies", "proxy.example")
                .entrySet()) {
            try (KitServer s = KitServer.start(TestDatabases.embedded(dir.resolve("bad-" + bad.getKey()))
                    .with("coupons.users", USERS)
                    .with(bad.getKey(), bad.getValue()), List.of(Api.COUPONS))) {
                messages.add("started");
            } catch (IllegalArgumentException e) {
                messages.add(e.getMessage());
            }
        }
        assertThat(messages).noneMatch("started"::equals)
                .anyMatch(m -> m.contains("KIT_PUBLIC_URL")).anyMatch(m -> m.contains("KIT_TRUSTED_PROXIES"));
    }
}
