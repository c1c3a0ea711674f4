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
 *   <li>agent: {@code POST /api/agent} runs one after another (with the kit token the bench gave the server); time to the first SSE event, and events per second
 *       through the stream (its events over the time from the POST to its last event); the floor is a plain request's round trip
 *       ({@code GET /observe/health/live}) to the same listener;</li>
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
    static List<Result> run(String couponsUrl, String agentUrl, String kitToken, int runs) throws Exception {
        Streams s = new Streams();
        return List.of(s.agent(agentUrl, kitToken, runs), s.fanOut(couponsUrl, runs));
    }

    private Result agent(String base, String kitToken, int runs) throws Exception {
        double[] floor = new double[runs * 2];
        double[] first = new double[runs];
        double[] rate = new double[runs];
        long events = 0;
        for (int i = -3; i < runs; i++) { // three warm-up runs
            String body = "{\"threadId\":\"bench-t" + i + "\",\"runId\":\"bench-r" + i + "\",\"messages\":[{\"id\":\"m" + i
                    + "\",\"role\":\"user\",\"content\":\"What is the revenue by region?\"}],\"tools\":[],\"context\":[]}";
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
                first[i] = (firstAt - t0) / 1e6;
                rate[i] = n / ((lastAt - t0) / 1e9); // the whole run: the agent writes its events as it goes
                events += n;
                for (int k = 0; k < 2; k++) {
                    long h0 = System.nanoTime();
                    http.send(HttpRequest.newBuilder(URI.create(base + "/observe/health/live")).build(),
                            HttpResponse.BodyHandlers.discarding());
                    floor[2 * i + k] = (System.nanoTime() - h0) / 1e6;
                }
            }
        }
        double floorMs = Harness.median(floor);
        double firstMs = Harness.median(first);
        double eventsPerSecond = Harness.median(java.util.Arrays.stream(rate).filter(d -> !Double.isNaN(d)).toArray());
        List<Measured> m = List.of(
                new Measured("plain round trip (GET /observe/health/live)", Double.NaN, floorMs, percentile(floor, 99),
                        0, -1, -1, List.of(), 1),
                new Measured("POST /api/agent to its first event", Double.NaN, firstMs, percentile(first, 99), 0, -1, -1,
                        List.of(), firstMs / floorMs),
                new Measured("events/s through one stream, POST to last event (" + events / runs + " events per run)", eventsPerSecond,
                        Double.NaN, Double.NaN, 0, -1, -1, List.of(), Double.NaN));
        return new Result("streams-agent", runs + " agent runs one after another (reference agent, SSE)",
                "plain round trip (GET /observe/health/live)", "", m);
    }

    private Result fanOut(String base, int creates) throws Exception {
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
                    last[i] = java.util.Arrays.stream(d).max().orElse(Double.NaN);
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
        return new Result("streams-fanout", creates + " coupon creates with " + SUBSCRIBERS
                + " WebSocket subscribers on /ws/coupons (ratio: p99 over the create's median round trip)",
                "coupon create round trip (admin REST call)", "", m);
    }

    private final List<Double> allDeliveries = new ArrayList<>();

    static double percentile(double[] values, int p) {
        double[] v = values.clone();
        java.util.Arrays.sort(v);
        if (v.length == 0) {
            return Double.NaN;
        }
        return v[Math.min(v.length - 1, Math.max(0, (int) Math.ceil(v.length * p / 100.0) - 1))];
    }
}
