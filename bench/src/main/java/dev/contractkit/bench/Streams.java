package dev.contractkit.bench;


import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;

/**
 * The {@code streams} scenario, against one reference server (coupons and agent) started by the bench:
 * <ul>
 *   <li>agent: {@code POST /api/agent} runs one after another (with the kit token the bench gave the server), of two
 *       questions: the demo's ({@link #REVENUE_BY_REGION}, 46 events) and one answered with the sample's every row
 *       ({@link #ALL_SALES}, 234 events); for each, the time to the first SSE event, and events per second through
 *       the stream, both from the POST to the last event and from the first event to the last (the stream's own
 *       rate, without the run's set-up); the floor is a plain request's round trip ({@code GET /observe/health/live})
 *       to the same listener;</li>
 *   <li>fan-out: {@link #SUBSCRIBERS} WebSocket subscribers on {@code /ws/coupons}; for each coupon an admin
 *       creates over REST, the time from sending the create to its event arriving at each subscriber (p50/p99 over
 *       every delivery, and the p99 of the last delivery per create); the floor is the create's own round trip.</li>
 * </ul>
 * Times are in ms; the ratio column is the figure over its floor.
 */
final class Streams {
    static final int SUBSCRIBERS = 1000;

    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(10)).build();

    /**
     * @param couponsUrl the coupons listener
     * @param agentUrl   the agent listener
     * @param kitToken   the kit token the server was started with (the agent requires it)
     * @param runs       agent runs and coupon creates to measure
     * @return the two results
     * @throws Exception when a call fails
     */
    static List<ScenarioResult> run(String couponsUrl, String agentUrl, String kitToken, int runs) throws Exception {
        Streams s = new Streams();
        return List.of(s.agent(agentUrl, kitToken, runs), s.fanOut(couponsUrl, runs));
    }

    /** The sample question of the demo: 46 events a run, most of its time before the first event. */
    static final String REVENUE_BY_REGION = "What is the revenue by region?";
    /**
     * A question for the stream's own rate: the deterministic agent answers it with the sample's 192 rows, one
     * TEXT_MESSAGE_CONTENT event a row (234 events a run).
     */
    static final String ALL_SALES = "Show the month, region, product, units and revenue of all sales";

    /** One question's runs: POST to first event (ms), events/s POST to last and first to last. */
    private record Runs(double[] first, double[] whole, double[] stream) {
    }

    private ScenarioResult agent(String base, String kitToken, int runs) throws Exception {
        double[] floor = new double[runs * 2];
        Runs small = new Runs(new double[runs], new double[runs], new double[runs]);
        Runs large = new Runs(new double[runs], new double[runs], new double[runs]);
        long smallEvents = 0;
        long largeEvents = 0;
        for (int i = -3; i < runs; i++) { // three warm-up rounds; each round: both questions, then two plain round trips
            smallEvents += run(base, kitToken, "bench-r" + i, REVENUE_BY_REGION, small, i);
            largeEvents += run(base, kitToken, "bench-all-r" + i, ALL_SALES, large, i);
            if (i >= 0) {
                for (int k = 0; k < 2; k++) {
                    long h0 = System.nanoTime();
                    http.send(HttpRequest.newBuilder(URI.create(base + "/observe/health/live")).build(),
                            HttpResponse.BodyHandlers.discarding());
                    floor[2 * i + k] = (System.nanoTime() - h0) / 1e6;
                }
            }
        }
        double floorMs = Harness.median(floor);
        List<Measured> m = new ArrayList<>();
        m.add(new Measured("plain round trip (GET /observe/health/live)", Double.NaN, floorMs, percentile(floor, 99),
                0, -1, -1, List.of(), 1));
        figures(m, "\"" + REVENUE_BY_REGION + "\"", small, smallEvents / (runs + 3), floorMs);
        figures(m, "\"" + ALL_SALES + "\"", large, largeEvents / (runs + 3), floorMs);
        return new ScenarioResult("streams-agent", runs + " rounds of two agent runs one after another (reference agent, SSE)",
                "plain round trip (GET /observe/health/live)", "first event <= 3x a plain round trip; >= 5,000 events/s", m);
    }

    private static void figures(List<Measured> m, String question, Runs r, long events, double floorMs) {
        double firstMs = Harness.median(r.first());
        m.add(new Measured("POST /api/agent to its first event, " + question, Double.NaN, firstMs,
                percentile(r.first(), 99), 0, -1, -1, List.of(), firstMs / floorMs));
        m.add(new Measured("events/s, POST to last event (" + events + " events a run)", rate(r.whole()),
                Double.NaN, Double.NaN, 0, -1, -1, List.of(), Double.NaN));
        m.add(new Measured("events/s, first to last event (" + events + " events a run)", rate(r.stream()),
                Double.NaN, Double.NaN, 0, -1, -1, List.of(), Double.NaN));
    }

    private static double rate(double[] perRun) {
        return Harness.median(Arrays.stream(perRun).filter(d -> !Double.isNaN(d) && !Double.isInfinite(d)).toArray());
    }

    /**
     * Runs one question in a new thread; when {@code i >= 0}, records its figures at index {@code i}.
     *
     * @return how many events the run sent
     */
    private int run(String base, String kitToken, String runId, String question, Runs into, int i) throws Exception {
        String body = "{\"threadId\":\"" + runId.replace("-r", "-t") + "\",\"runId\":\"" + runId
                + "\",\"messages\":[{\"id\":\"m" + i + "\",\"role\":\"user\",\"content\":\"" + question
                + "\"}],\"tools\":[],\"context\":[]}";
        long t0 = System.nanoTime();
        HttpResponse<Stream<String>> r = http.send(HttpRequest.newBuilder(URI.create(base + "/api/agent"))
                .header("Content-Type", "application/json").header("Accept", "text/event-stream")
                .header("Authorization", "Bearer " + kitToken)
                .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofLines());
        if (r.statusCode() != 200) {
            r.body().close();
            throw new IllegalStateException("POST /api/agent answered " + r.statusCode());
        }
        long firstAt = -1;
        long lastAt = -1;
        int n = 0;
        try (Stream<String> lines = r.body()) {
            for (Iterator<String> it = lines.iterator(); it.hasNext(); ) {
                if (it.next().startsWith("data:")) {
                    lastAt = System.nanoTime();
                    if (firstAt < 0) {
                        firstAt = lastAt;
                    }
                    n++;
                }
            }
        }
        if (n == 0) {
            throw new IllegalStateException("POST /api/agent sent no event");
        }
        if (i >= 0) {
            into.first()[i] = (firstAt - t0) / 1e6;
            into.whole()[i] = n / ((lastAt - t0) / 1e9); // the whole run: the agent writes its events as it goes
            into.stream()[i] = (n - 1) / ((lastAt - firstAt) / 1e9); // the events after the first, over their time
        }
        return n;
    }

    private ScenarioResult fanOut(String base, int creates) throws Exception {
        String admin = Harness.token(http, base, "admin", "admin-password");
        String ws = base.replaceFirst("^http", "ws") + "/ws/coupons?token=" + URLEncoder.encode(admin, StandardCharsets.UTF_8);
        AtomicReference<String> marker = new AtomicReference<>("none");
        AtomicReference<Long> sentAt = new AtomicReference<>(0L);
        ConcurrentLinkedQueue<Double> deliveries = new ConcurrentLinkedQueue<>();
        AtomicReference<CountDownLatch> pending = new AtomicReference<>(new CountDownLatch(0));
        HttpClient wsClient = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(30)).build();
        List<CompletableFuture<WebSocket>> opening = new ArrayList<>();
        System.err.println("bench: streams: opening " + SUBSCRIBERS + " WebSocket subscribers on /ws/coupons");
        for (int i = 0; i < SUBSCRIBERS; i++) {
            opening.add(wsClient.newWebSocketBuilder().connectTimeout(Duration.ofSeconds(30))
                    .buildAsync(URI.create(ws), new WebSocket.Listener() {
                        private final StringBuilder text = new StringBuilder();

                        @Override
                        public CompletionStage<?> onText(WebSocket socket, CharSequence data, boolean last) {
                            text.append(data);
                            if (last) {
                                if (text.indexOf(marker.get()) >= 0) {
                                    deliveries.add((System.nanoTime() - sentAt.get()) / 1e6);
                                    pending.get().countDown();
                                }
                                text.setLength(0);
                            }
                            socket.request(1);
                            return null;
                        }
                    }));
            if (i % 100 == 99) {
                CompletableFuture.allOf(opening.toArray(CompletableFuture[]::new)).get(60, TimeUnit.SECONDS);
            }
        }
        List<WebSocket> sockets = new ArrayList<>();
        for (CompletableFuture<WebSocket> f : opening) {
            sockets.add(f.get(60, TimeUnit.SECONDS));
        }
        Thread.sleep(500); // let the connect-time messages, if any, pass
        double[] roundTrip = new double[creates];
        double[] last = new double[creates];
        try {
            for (int i = -2; i < creates; i++) { // two warm-up creates
                String title = "bench fan-out " + System.nanoTime();
                CountDownLatch all = new CountDownLatch(SUBSCRIBERS);
                deliveries.clear();
                pending.set(all);
                marker.set(title);
                long t0 = System.nanoTime();
                sentAt.set(t0);
                HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create(base + "/write/v1/coupons"))
                        .header("Authorization", "Bearer " + admin).header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString("{\"title\":\"" + title + "\",\"discount_percent\":5}"))
                        .build(), HttpResponse.BodyHandlers.ofString());
                double rt = (System.nanoTime() - t0) / 1e6;
                if (r.statusCode() != 201) {
                    throw new IllegalStateException("coupon create answered " + r.statusCode() + ": " + r.body());
                }
                if (!all.await(30, TimeUnit.SECONDS)) {
                    throw new IllegalStateException("only " + (SUBSCRIBERS - all.getCount()) + " of " + SUBSCRIBERS
                            + " subscribers got the coupon within 30 s");
                }
                if (i >= 0) {
                    roundTrip[i] = rt;
                    double[] d = deliveries.stream().mapToDouble(Double::doubleValue).toArray();
                    last[i] = Arrays.stream(d).max().orElse(Double.NaN);
                    allDeliveries.addAll(deliveries);
                }
            }
        } finally {
            sockets.forEach(s -> s.abort());
        }
        double[] every = allDeliveries.stream().mapToDouble(Double::doubleValue).toArray();
        double floor = Harness.median(roundTrip);
        List<Measured> m = List.of(
                new Measured("coupon create round trip (admin REST call)", Double.NaN, floor, percentile(roundTrip, 99),
                        0, -1, -1, List.of(), 1),
                new Measured("create to delivery, each of " + SUBSCRIBERS + " subscribers", Double.NaN,
                        Harness.median(every), percentile(every, 99), 0, -1, -1, List.of(), percentile(every, 99) / floor),
                new Measured("create to delivery to all " + SUBSCRIBERS + " (last subscriber)", Double.NaN,
                        Harness.median(last), percentile(last, 99), 0, -1, -1, List.of(), percentile(last, 99) / floor));
        return new ScenarioResult("streams-fanout", creates + " coupon creates with " + SUBSCRIBERS
                + " WebSocket subscribers on /ws/coupons (ratio: p99 over the create's median round trip)",
                "coupon create round trip (admin REST call)", "", m);
    }

    private final List<Double> allDeliveries = new ArrayList<>();

    static double percentile(double[] values, int p) {
        double[] v = values.clone();
        Arrays.sort(v);
        if (v.length == 0) {
            return Double.NaN;
        }
        return v[Math.min(v.length - 1, Math.max(0, (int) Math.ceil(v.length * p / 100.0) - 1))];
    }
}
