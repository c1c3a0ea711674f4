package dev.contractkit.reference.replicas;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.contractkit.reference.platform.Nginx;
import dev.contractkit.reference.platform.Replicas;
import dev.contractkit.reference.platform.ServerProcess;
import dev.contractkit.reference.platform.TestDatabases;
import dev.contractkit.specs.Api;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Predicate;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Two reference servers (child JVMs) on one PostgreSQL database and one Redis prefix, behind a real nginx running
 * {@code docs/deployment/nginx-replicas.conf} (issue 21): events cross replicas in order, rate limits and quotas
 * count once, cancel reaches the replica that runs the work, and a {@code kill -9} of a replica mid-redemption
 * loses no acknowledged redemption. The figures go to {@code target/replicas/figures.txt}.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ReplicasTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();
    private static final String ANSWERS_KEY = "replica-test-answers-key";
    private static final List<String> FIGURES = Collections.synchronizedList(new ArrayList<>());

    @TempDir
    static Path dir;
    static Replicas replicas;
    static String adminToken;

    @BeforeAll
    static void startTwoReplicasBehindNginx() {
        if (Nginx.binary().isEmpty()) {
            // ./kit test installs nginx-light; CI must run this test
            assertThat(System.getenv("CI")).as("nginx is missing (apt-get install nginx-light)").isNotEqualTo("true");
            Assumptions.abort("nginx is not installed (./kit test installs nginx-light)");
        }
        replicas = Replicas.start(dir, List.of(Api.COUPONS, Api.ANSWERS, Api.AGENT, Api.EXEC), Map.of(
                "KIT_COUPONS_RATE_LIMITS", "public-read=100000/PT1H,authenticated-read=40/PT1H,write=100000/PT1H,"
                        + "admin=100000/PT1H",
                "KIT_ANSWERS_API_KEYS", ANSWERS_KEY,
                "KIT_ANSWERS_QUOTA", "20",
                "KIT_ANSWERS_RATE_LIMIT", "30",
                "KIT_ANSWERS_RATE_WINDOW", "PT1H",
                "KIT_AGENT_STEP_DELAY", "PT0.3S",
                // a dead replica's runs and tasks are ended by the survivor once its lease runs out
                "KIT_REPLICA_HEARTBEAT_MS", "500",
                "KIT_REPLICA_LEASE_MS", "5000"));
        adminToken = token("admin", Replicas.ADMIN_PASSWORD);
    }

    @AfterAll
    static void stopEverything() throws Exception {
        if (replicas != null) {
            replicas.close();
        }
        if (!FIGURES.isEmpty()) {
            Path out = Path.of("target", "replicas", "figures.txt");
            Files.createDirectories(out.getParent());
            Files.write(out, FIGURES);
            FIGURES.forEach(f -> System.out.println("replicas: " + f));
        }
    }

    /** Starts a run on the replica and reads its stream up to the reasoning, where the run pauses between steps. */
    private static BufferedReader startRunUpToItsReasoning(ServerProcess replica, String thread, String run)
            throws Exception {
        String body = "{\"threadId\":\"" + thread + "\",\"runId\":\"" + run + "\",\"messages\":[{\"id\":\"m1\","
                + "\"role\":\"user\",\"content\":\"Revenue by region?\"}],\"tools\":[],\"context\":[]}";
        HttpResponse<InputStream> stream = HTTP.send(HttpRequest.newBuilder(URI.create(replica.url(Api.AGENT)
                        + "/api/agent")).header("Authorization", "Bearer " + TestDatabases.TOKEN)
                .header("Content-Type", "application/json").header("Accept", "text/event-stream")
                .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofInputStream());
        assertThat(stream.statusCode()).isEqualTo(200);
        BufferedReader events = new BufferedReader(new InputStreamReader(stream.body(), StandardCharsets.UTF_8));
        String line;
        while ((line = events.readLine()) != null && !line.contains("\"REASONING_MESSAGE_START\"")) {
            // up to the reasoning
        }
        assertThat(line).as("the run reached its reasoning").isNotNull();
        return events;
    }

    private static ServerProcess a() {
        return replicas.replica(0);
    }

    private static ServerProcess b() {
        return replicas.replica(1);
    }

    @Test
    @Order(1)
    void aSubscriberOnReplicaBHearsOfACouponCreatedOnReplicaAWellUnderASecond() throws Exception {
        Subscriber onB = Subscriber.open(b().url(Api.COUPONS), adminToken);
        Subscriber viaProxy = Subscriber.open(replicas.proxy(Api.COUPONS), adminToken);
        try (onB; viaProxy) {
            List<Long> micros = new ArrayList<>();
            for (int i = -5; i < 40; i++) { // five warm-up creates: the first ones pay for class loading and JIT
                String title = "cross-replica " + i;
                long sent = System.nanoTime();
                post(a().url(Api.COUPONS) + "/write/v1/coupons", adminToken,
                        "{\"title\":\"" + title + "\",\"discount_percent\":10,\"category\":\"seasonal\"}", 201);
                JsonNode m = onB.next(e -> e.path("type").asText().equals("coupon_created")
                        && e.at("/data/title").asText().equals(title));
                if (i >= 0) {
                    micros.add((System.nanoTime() - sent) / 1000);
                }
                assertThat(m.at("/data/discount_percent").asInt()).isEqualTo(10);
                viaProxy.next(e -> e.at("/data/title").asText().equals(title));
            }
            Collections.sort(micros);
            long p50 = micros.get(micros.size() / 2);
            long p99 = micros.get((int) Math.ceil(micros.size() * 0.99) - 1);
            FIGURES.add("cross-replica delivery (POST on A sent -> message on B), 40 coupons: p50 " + p50 / 1000.0
                    + " ms, p99 " + p99 / 1000.0 + " ms, max " + micros.get(micros.size() - 1) / 1000.0 + " ms");
            assertThat(p50).as("p50 of cross-replica delivery, microseconds").isLessThan(300_000);
            assertThat(p99).as("p99 of cross-replica delivery, microseconds").isLessThan(1_000_000);
        }
    }

    @Test
    @Order(2)
    void everySubscriberSeesTheEventsOfOneCouponInTheOrderOfItsWritesWhicheverReplicaWroteThem() throws Exception {
        String id = post(replicas.proxy(Api.COUPONS) + "/write/v1/coupons", adminToken,
                "{\"title\":\"ordered\",\"discount_percent\":1,\"category\":\"seasonal\"}", 201).path("id").asText();
        Subscriber onA = Subscriber.open(a().url(Api.COUPONS), adminToken);
        Subscriber onB = Subscriber.open(b().url(Api.COUPONS), adminToken);
        try (onA; onB) {
            for (int pct = 2; pct <= 31; pct++) {
                String base = (pct % 2 == 0 ? a() : b()).url(Api.COUPONS);
                send("PUT", base + "/write/v1/coupons/" + id, adminToken, "{\"discount_percent\":" + pct + "}", 200);
            }
            for (Subscriber s : List.of(onA, onB)) {
                List<Integer> seen = new ArrayList<>();
                while (seen.size() < 30) {
                    seen.add(s.next(e -> e.path("type").asText().equals("coupon_updated")
                            && e.at("/data/id").asText().equals(id)).at("/data/discount_percent").asInt());
                }
                assertThat(seen).isEqualTo(IntStream.rangeClosed(2, 31).boxed().toList());
            }
        }
    }

    @Test
    @Order(3)
    void bothReplicasTogetherEnforceOneRateLimitExactlyUnderConcurrencyWithTheSameHeaders() throws Exception {
        String alice = token("alice", Replicas.ALICE_PASSWORD);
        List<HttpResponse<String>> replies = concurrently(60, i -> HttpRequest.newBuilder(URI.create(
                (i % 2 == 0 ? a() : b()).url(Api.COUPONS) + "/coupons/v1/user/coupons"))
                .header("Authorization", "Bearer " + alice).GET().build());
        List<HttpResponse<String>> ok = replies.stream().filter(r -> r.statusCode() == 200).toList();
        assertThat(ok).hasSize(40);
        assertThat(replies.stream().filter(r -> r.statusCode() == 429)).hasSize(20);
        Set<String> remaining = new HashSet<>();
        ok.forEach(r -> remaining.add(r.headers().firstValue("X-RateLimit-Remaining").orElseThrow()));
        assertThat(remaining).hasSize(40).containsAll(IntStream.range(0, 40).mapToObj(Integer::toString).toList());
        assertThat(replies.stream().map(r -> r.headers().firstValue("X-RateLimit-Reset").orElseThrow()).distinct())
                .hasSize(1);
        assertThat(replies.stream().map(r -> r.headers().firstValue("X-RateLimit-Limit").orElseThrow()).distinct())
                .containsExactly("40");

        // answers, per client address (no key): 30 per hour across both replicas, then 429
        List<HttpResponse<String>> anonymous = concurrently(45, i -> HttpRequest.newBuilder(URI.create(
                (i % 2 == 0 ? a() : b()).url(Api.ANSWERS) + "/v1/answer")).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"query\":\"Revenue of Northwind Robotics?\"}")).build());
        assertThat(anonymous.stream().filter(r -> r.statusCode() == 401)).hasSize(30);
        assertThat(anonymous.stream().filter(r -> r.statusCode() == 429)).hasSize(15);

        // through nginx (a trusted proxy), the client's address comes from X-Forwarded-For: its own count
        for (int i = 0; i < 3; i++) {
            HttpResponse<String> r = HTTP.send(HttpRequest.newBuilder(URI.create(replicas.proxy(Api.ANSWERS)
                    + "/v1/answer")).header("Content-Type", "application/json").header("X-Forwarded-For", "198.51.100.7")
                    .POST(HttpRequest.BodyPublishers.ofString("{\"query\":\"Revenue?\"}")).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(r.statusCode()).isEqualTo(401);
            assertThat(r.headers().firstValue("X-RateLimit-Remaining")).contains(Integer.toString(29 - i));
        }

        // answers quota of the key (20): exactly 20 requests are answered, whichever replica took them
        List<HttpResponse<String>> keyed = concurrently(30, i -> HttpRequest.newBuilder(URI.create(
                (i % 2 == 0 ? a() : b()).url(Api.ANSWERS) + "/v1/answer")).header("Content-Type", "application/json")
                .header("x-api-key", ANSWERS_KEY)
                .POST(HttpRequest.BodyPublishers.ofString("{\"query\":\"What was Northwind Robotics revenue last year?\"}"))
                .build());
        assertThat(keyed.stream().filter(r -> r.statusCode() != 429)).hasSize(20);
        assertThat(keyed.stream().filter(r -> r.statusCode() == 429 && r.body().contains("QuotaExceeded"))).hasSize(10);
        for (ServerProcess replica : List.of(a(), b())) {
            HttpResponse<String> quota = HTTP.send(HttpRequest.newBuilder(URI.create(replica.url(Api.ANSWERS) + "/v1/quota"))
                    .header("x-api-key", ANSWERS_KEY).GET().build(), HttpResponse.BodyHandlers.ofString());
            assertThat(quota.statusCode()).isEqualTo(200);
            assertThat(JSON.readTree(quota.body()).findValue("used").asInt()).isEqualTo(20);
        }
        FIGURES.add("one rate limit for two replicas: 60 concurrent requests at limit 40 -> " + ok.size() + " x 200, "
                + (replies.size() - ok.size()) + " x 429, X-RateLimit-Remaining 0..39 each once; answers quota 20 -> "
                + keyed.stream().filter(r -> r.statusCode() != 429).count() + " answered of 30");
    }

    @Test
    @Order(4)
    void cancellingOnReplicaBStopsAnAgentRunStreamingOnReplicaA() throws Exception {
        String body = "{\"threadId\":\"rt1\",\"runId\":\"rr1\",\"messages\":[{\"id\":\"m1\",\"role\":\"user\","
                + "\"content\":\"Revenue by region?\"}],\"tools\":[],\"context\":[]}";
        HttpResponse<InputStream> stream = HTTP.send(HttpRequest.newBuilder(URI.create(a().url(Api.AGENT)
                        + "/api/agent")).header("Authorization", "Bearer " + TestDatabases.TOKEN)
                .header("Content-Type", "application/json").header("Accept", "text/event-stream")
                .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofInputStream());
        assertThat(stream.statusCode()).isEqualTo(200);
        try (BufferedReader events = new BufferedReader(new InputStreamReader(stream.body(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = events.readLine()) != null && !line.contains("\"REASONING_MESSAGE_START\"")) {
                // read up to the run's reasoning, where it pauses between steps
            }
            long asked = System.nanoTime();
            JsonNode cancel = post(b().url(Api.AGENT) + "/api/v1/runs/rr1/cancel", TestDatabases.TOKEN, null, 202);
            assertThat(cancel.path("status").asText()).isEqualTo("canceling");
            String last = null;
            while ((line = events.readLine()) != null) {
                if (line.startsWith("data:")) {
                    last = line.substring(5).trim();
                }
            }
            long millis = (System.nanoTime() - asked) / 1_000_000;
            FIGURES.add("agent cancel on B -> stream on A ended: " + millis + " ms");
            assertThat(millis).isLessThan(2_000);
            JsonNode end = JSON.readTree(last);
            assertThat(end.path("type").asText()).isEqualTo("RUN_FINISHED");
            assertThat(end.at("/outcome/type").asText()).isEqualTo("cancelled");
        }
        for (ServerProcess replica : List.of(a(), b())) {
            JsonNode history = get(replica.url(Api.AGENT) + "/api/v1/threads/rt1/history", TestDatabases.TOKEN);
            assertThat(history.at("/runs/0/status").asText()).isEqualTo("canceled");
        }
    }

    @Test
    @Order(5)
    void cancellingOnReplicaBStopsAnExecTaskRunningOnReplicaA() throws Exception {
        post(a().url(Api.EXEC) + "/tasks", TestDatabases.TOKEN,
                "{\"tasks\":[{\"id\":\"long-sleep\",\"type\":\"os.sleep\",\"params\":{\"duration_ms\":60000}}]}", null);
        await().atMost(Duration.ofSeconds(10)).until(() -> get(b().url(Api.EXEC) + "/tasks/long-sleep",
                TestDatabases.TOKEN).path("status").asText().equals("running"));
        long asked = System.nanoTime();
        post(b().url(Api.EXEC) + "/tasks/long-sleep/cancel", TestDatabases.TOKEN, null, null);
        for (ServerProcess replica : List.of(b(), a())) {
            await().atMost(Duration.ofSeconds(5)).until(() -> get(replica.url(Api.EXEC) + "/tasks/long-sleep",
                    TestDatabases.TOKEN).path("status").asText().equals("cancelled"));
        }
        FIGURES.add("exec cancel on B -> task on A cancelled: " + (System.nanoTime() - asked) / 1_000_000 + " ms");
    }

    @Test
    @Order(6)
    void killingAReplicaMidRedemptionLosesNoAcknowledgedRedemptionAndEndsItsRunsAndTasksWithAReason()
            throws Exception {
        BufferedReader inFlight = null;
        String id = post(replicas.proxy(Api.COUPONS) + "/write/v1/coupons", adminToken,
                "{\"title\":\"kill test\",\"discount_percent\":5,\"category\":\"seasonal\"}", 201).path("id").asText();
        Set<String> acknowledged = ConcurrentHashMap.newKeySet();
        Map<Integer, Integer> statuses = new ConcurrentHashMap<>();
        AtomicBoolean stop = new AtomicBoolean();
        ExecutorService clients = Executors.newFixedThreadPool(16);
        try {
            List<Future<?>> running = new ArrayList<>();
            for (int t = 0; t < 16; t++) {
                int client = t;
                running.add(clients.submit(() -> {
                    for (int n = 0; !stop.get(); n++) {
                        String order = "K-" + client + "-" + n;
                        int status;
                        try {
                            status = HTTP.send(HttpRequest.newBuilder(URI.create(replicas.proxy(Api.COUPONS)
                                            + "/coupons/v1/redeem")).timeout(Duration.ofSeconds(10))
                                    .header("Authorization", "Bearer " + adminToken)
                                    .header("Content-Type", "application/json")
                                    .POST(HttpRequest.BodyPublishers.ofString("{\"coupon_id\":\"" + id
                                            + "\",\"order_id\":\"" + order + "\"}")).build(),
                                    HttpResponse.BodyHandlers.ofString()).statusCode();
                        } catch (IOException e) {
                            status = -1;
                        } catch (InterruptedException e) {
                            return;
                        }
                        statuses.merge(status, 1, Integer::sum);
                        if (status == 200) {
                            acknowledged.add(order);
                        }
                    }
                }));
            }
            await().atMost(Duration.ofSeconds(20)).until(() -> acknowledged.size() >= 300);
            // work in flight on A when it dies: an exec task and an agent run streaming its reasoning
            post(a().url(Api.EXEC) + "/tasks", TestDatabases.TOKEN,
                    "{\"tasks\":[{\"id\":\"doomed-sleep\",\"type\":\"os.sleep\",\"params\":{\"duration_ms\":60000}}]}",
                    null);
            await().atMost(Duration.ofSeconds(10)).until(() -> get(a().url(Api.EXEC) + "/tasks/doomed-sleep",
                    TestDatabases.TOKEN).path("status").asText().equals("running"));
            inFlight = startRunUpToItsReasoning(a(), "rk-thread", "rk-run");
            a().kill();
            int atKill = acknowledged.size();
            await().atMost(Duration.ofSeconds(20)).until(() -> acknowledged.size() >= atKill + 300);
            stop.set(true);
            for (Future<?> f : running) {
                f.get(30, TimeUnit.SECONDS);
            }
        } finally {
            stop.set(true);
            clients.shutdownNow();
        }
        Set<String> stored = new HashSet<>();
        int usageCount;
        try (Connection c = replicas.database().connect()) {
            try (PreparedStatement ps = c.prepareStatement("SELECT order_id FROM redemptions WHERE coupon_id = ?")) {
                ps.setString(1, id);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        stored.add(rs.getString(1));
                    }
                }
            }
            try (PreparedStatement ps = c.prepareStatement("SELECT usage_count FROM coupons WHERE id = ?")) {
                ps.setString(1, id);
                try (ResultSet rs = ps.executeQuery()) {
                    rs.next();
                    usageCount = rs.getInt(1);
                }
            }
        }
        FIGURES.add("kill -9 of replica A mid-redemption (16 clients through nginx): " + acknowledged.size()
                + " answered 200, " + stored.size() + " stored, usage_count " + usageCount + ", statuses " + statuses);
        assertThat(stored).containsAll(acknowledged);
        assertThat(usageCount).isEqualTo(stored.size());
        assertThat(b().alive()).isTrue();
        if (inFlight != null) {
            inFlight.close();
        }
        // the survivor ends what the dead replica was running, with a reason, once A's lease has run out
        long died = System.nanoTime();
        await().atMost(Duration.ofSeconds(30)).until(() -> get(b().url(Api.EXEC) + "/tasks/doomed-sleep",
                TestDatabases.TOKEN).path("status").asText().equals("failed"));
        assertThat(get(b().url(Api.EXEC) + "/tasks/doomed-sleep", TestDatabases.TOKEN).at("/error/code").asText())
                .isEqualTo("interrupted");
        await().atMost(Duration.ofSeconds(30)).until(() -> get(b().url(Api.AGENT) + "/api/v1/threads/rk-thread/history",
                TestDatabases.TOKEN).at("/runs/0/status").asText().equals("failed"));
        assertThat(get(b().url(Api.AGENT) + "/api/v1/threads/rk-thread/history", TestDatabases.TOKEN)
                .at("/runs/0/reason").asText()).isNotBlank();
        FIGURES.add("kill -9 of replica A: its exec task and agent run ended on B with a reason within "
                + (System.nanoTime() - died) / 1_000_000 + " ms of the redemption check (lease 5 s)");
    }

    // ------------------------------------------------------------------ helpers

    private interface RequestOf {
        HttpRequest build(int i) throws Exception;
    }

    private static List<HttpResponse<String>> concurrently(int n, RequestOf request) throws Exception {
        List<HttpRequest> requests = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            requests.add(request.build(i));
        }
        List<CompletableFuture<HttpResponse<String>>> futures = requests.stream()
                .map(r -> HTTP.sendAsync(r, HttpResponse.BodyHandlers.ofString())).toList();
        List<HttpResponse<String>> out = new ArrayList<>();
        for (var f : futures) {
            out.add(f.get(30, TimeUnit.SECONDS));
        }
        return out;
    }

    private static String token(String user, String password) {
        try {
            String form = "grant_type=password&client_id=kit-cli&username=" + user + "&password="
                    + URLEncoder.encode(password, StandardCharsets.UTF_8);
            HttpResponse<String> r = HTTP.send(HttpRequest.newBuilder(URI.create(replicas.proxy(Api.COUPONS)
                            + "/realms/contractkit/protocol/openid-connect/token"))
                    .header("Content-Type", "application/x-www-form-urlencoded")
                    .POST(HttpRequest.BodyPublishers.ofString(form)).build(), HttpResponse.BodyHandlers.ofString());
            assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
            return JSON.readTree(r.body()).path("access_token").asText();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static JsonNode get(String url, String bearer) throws Exception {
        return send("GET", url, bearer, null, 200);
    }

    private static JsonNode post(String url, String bearer, String json, Integer expected) throws Exception {
        return send("POST", url, bearer, json, expected);
    }

    private static JsonNode send(String method, String url, String bearer, String json, Integer expected) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(url)).header("Authorization", "Bearer " + bearer);
        if (json != null) {
            b.header("Content-Type", "application/json");
        }
        HttpResponse<String> r = HTTP.send(b.method(method, json == null ? HttpRequest.BodyPublishers.noBody()
                : HttpRequest.BodyPublishers.ofString(json)).build(), HttpResponse.BodyHandlers.ofString());
        if (expected != null) {
            assertThat(r.statusCode()).as(method + " " + url + ": " + r.body()).isEqualTo(expected);
        } else {
            assertThat(r.statusCode()).as(method + " " + url + ": " + r.body()).isBetween(200, 299);
        }
        return r.body().isEmpty() ? JSON.createObjectNode() : JSON.readTree(r.body());
    }

    /** A {@code /ws/coupons} client (the JDK's WebSocket). */
    private static final class Subscriber implements WebSocket.Listener, AutoCloseable {
        private final BlockingQueue<JsonNode> messages = new LinkedBlockingQueue<>();
        private final StringBuilder partial = new StringBuilder();
        private WebSocket socket;

        static Subscriber open(String base, String token) throws Exception {
            Subscriber s = new Subscriber();
            s.socket = HTTP.newWebSocketBuilder().buildAsync(URI.create(base.replace("http://", "ws://")
                    + "/ws/coupons?token=" + token), s).get(10, TimeUnit.SECONDS);
            return s;
        }

        @Override
        public CompletionStage<?> onText(WebSocket webSocket, CharSequence data, boolean last) {
            partial.append(data);
            if (last) {
                try {
                    messages.add(JSON.readTree(partial.toString()));
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
                partial.setLength(0);
            }
            webSocket.request(1);
            return null;
        }

        /** @return the next message {@code wanted} accepts (within 5 s); the others before it are dropped */
        JsonNode next(Predicate<JsonNode> wanted) {
            return await("a wanted message").atMost(Duration.ofSeconds(5)).pollInterval(Duration.ofMillis(10))
                    .until(() -> {
                        for (JsonNode m = messages.poll(); m != null; m = messages.poll()) {
                            if (wanted.test(m)) {
                                return Optional.of(m);
                            }
                        }
                        return Optional.<JsonNode>empty();
                    }, Optional::isPresent).orElseThrow();
        }

        @Override
        public void close() {
            socket.abort();
        }
    }
}
