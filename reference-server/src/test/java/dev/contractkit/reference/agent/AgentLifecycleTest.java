package dev.contractkit.reference.agent;

import com.fasterxml.jackson.databind.JsonNode;
import dev.contractkit.reference.KitServer;
import dev.contractkit.reference.platform.Settings;
import dev.contractkit.sdk.NotFoundException;
import dev.contractkit.sdk.agent.AgentClient;
import dev.contractkit.sdk.agent.model.FileInfo;
import dev.contractkit.sdk.agent.model.ThreadList;
import dev.contractkit.sdk.agent.model.ThreadSummary;
import dev.contractkit.specs.Api;
import okhttp3.HttpUrl;
import okhttp3.MediaType;
import okhttp3.MultipartBody;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The lifecycle of the agent's data over real sockets (issue 35.4): the thread list (paged, newest first), deleting a
 * thread with its runs, events and artifacts, deleting files and artifacts, and the retention sweep
 * ({@code KIT_AGENT_RETENTION_DAYS}). One server for the class, with a retention of one day and a fast heartbeat; data
 * is made old by moving its timestamps back in the database, and the sweep is called directly or awaited.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class AgentLifecycleTest {
    static final Pattern LINK = Pattern.compile("<([^>]*)>\\s*;\\s*rel=\"([^\"]*)\"");
    static final String SLOW = "\"forwardedProps\":{\"run_config\":{\"enabledSkillIds\":[\"skill-slow-walkthrough\"],"
            + "\"activeSkillId\":\"skill-slow-walkthrough\"}}";

    @TempDir
    static Path dir;
    KitServer server;
    AgentHttp client;

    Settings settings() {
        return AgentHttp.settings(dir);
    }

    /** Drops what {@link #settings()} made, after the server stopped. */
    void dropDatabase() {
    }

    @BeforeAll
    void start() {
        AgentServerTest.contract();
        server = KitServer.start(settings().with("agent.step-delay", "PT0S").with(Retention.SETTING, "1")
                .with("replica.heartbeat-ms", "200").with("replica.lease-ms", "2000"), List.of(Api.AGENT));
        client = new AgentHttp(server.url(Api.AGENT));
    }

    @AfterAll
    void stop() {
        if (server != null) {
            server.close();
        }
        dropDatabase();
    }

    private void run(String threadId, String runId, String question) throws IOException {
        List<JsonNode> events = client.run(AgentHttp.input(threadId, runId, question, null));
        assertThat(events.get(events.size() - 1).path("type").asText()).isEqualTo("RUN_FINISHED");
    }

    /** One page of the thread list, with its Link header's relations. */
    record Page(int status, JsonNode body, Map<String, String> links) {
    }

    private Page page(String url) throws IOException {
        try (Response r = AgentHttp.HTTP.newCall(new Request.Builder().url(url).build()).execute()) {
            Map<String, String> links = new java.util.HashMap<>();
            for (String header : r.headers("Link")) {
                Matcher m = LINK.matcher(header);
                while (m.find()) {
                    links.put(m.group(2), m.group(1));
                }
            }
            return new Page(r.code(), AgentHttp.JSON.readTree(r.body().string()), links);
        }
    }

    private String url(String pathAndQuery) {
        return server.url(Api.AGENT) + pathAndQuery;
    }

    /** @return every thread id of the list, following rel="next" from the first page of {@code limit} */
    private List<String> allThreadIds(int limit) throws IOException {
        List<String> ids = new ArrayList<>();
        String next = url("/api/v1/threads?limit=" + limit);
        int pages = 0;
        long total = -1;
        while (next != null) {
            assertThat(pages++).as("a link loops").isLessThan(100);
            Page p = page(next);
            assertThat(p.status()).isEqualTo(200);
            p.body().path("items").forEach(t -> ids.add(t.path("threadId").asText()));
            total = p.body().path("total").asLong();
            assertThat(p.body().path("limit").asInt()).isEqualTo(limit);
            next = p.links().get("next");
            if (next != null) {
                assertThat(HttpUrl.get(next).encodedPath()).isEqualTo("/api/v1/threads");
            }
        }
        assertThat(ids).doesNotHaveDuplicates().hasSize((int) total);
        return ids;
    }

    private JsonNode thread(String threadId) throws IOException {
        for (JsonNode t : page(url("/api/v1/threads?limit=100")).body().path("items")) {
            if (t.path("threadId").asText().equals(threadId)) {
                return t;
            }
        }
        return null;
    }

    private String artifactOf(String threadId) throws IOException {
        JsonNode items = client.call("GET", "/api/v1/artifacts?threadId=" + threadId, null).body().path("items");
        assertThat(items).isNotEmpty();
        return items.get(0).path("artifactId").asText();
    }

    private String upload(String name, String text) throws IOException {
        RequestBody body = new MultipartBody.Builder().setType(MultipartBody.FORM)
                .addFormDataPart("file", name, RequestBody.create(text.getBytes(StandardCharsets.UTF_8),
                        MediaType.get("text/csv"))).build();
        try (Response r = AgentHttp.HTTP.newCall(new Request.Builder().url(url("/api/v1/files")).post(body).build()).execute()) {
            assertThat(r.code()).isEqualTo(201);
            return AgentHttp.JSON.readTree(r.body().string()).path("fileId").asText();
        }
    }

    private int rows(String sql, String id) throws SQLException {
        try (Connection c = server.database().dataSource().getConnection();
             PreparedStatement s = c.prepareStatement(sql)) {
            s.setString(1, id);
            try (ResultSet r = s.executeQuery()) {
                r.next();
                return r.getInt(1);
            }
        }
    }

    /** Moves a row's timestamps back by {@code days}, as if it had been written that long ago. */
    private void age(String table, String idColumn, String id, int days, String... columns) throws SQLException {
        Timestamp then = Timestamp.from(Instant.now().minus(Duration.ofDays(days)));
        try (Connection c = server.database().dataSource().getConnection();
             PreparedStatement s = c.prepareStatement("UPDATE " + table + " SET "
                     + String.join(" = ?, ", columns) + " = ? WHERE " + idColumn + " = ?")) {
            for (int i = 0; i < columns.length; i++) {
                s.setTimestamp(i + 1, then);
            }
            s.setString(columns.length + 1, id);
            assertThat(s.executeUpdate()).as(table + " " + id).isPositive();
        }
    }

    /** Ages the thread's runs, then its row (what the sweep looks at: the heartbeat's sweep may take it at once). */
    private void ageThread(String threadId, int days) throws SQLException {
        age("agent_runs", "thread_id", threadId, days, "started_at", "finished_at");
        age("agent_threads", "thread_id", threadId, days, "created_at", "updated_at");
    }

    @Test
    void threadsAreListedNewestFirstByTheirLatestRunOnePageAtATimeWithLinksToTheNextAndLastPage() throws Exception {
        run("lt-a", "lt-a-1", "What is the revenue by region?");
        run("lt-b", "lt-b-1", "How many units by product?");
        run("lt-c", "lt-c-1", "Revenue by product?");
        run("lt-a", "lt-a-2", "And by product?");

        List<String> all = allThreadIds(2);
        assertThat(all).containsSubsequence("lt-a", "lt-c", "lt-b");
        assertThat(all.indexOf("lt-a")).as("the thread with the latest run comes first of the three")
                .isLessThan(all.indexOf("lt-c"));

        JsonNode a = thread("lt-a");
        assertThat(a.path("title").asText()).isEqualTo("What is the revenue by region?");
        assertThat(a.path("runCount").asInt()).isEqualTo(2);
        assertThat(a.path("lastRunId").asText()).isEqualTo("lt-a-2");
        assertThat(a.path("lastRunStatus").asText()).isEqualTo("completed");
        assertThat(Instant.parse(a.path("updatedAt").asText())).isAfter(Instant.parse(a.path("createdAt").asText()));

        Page first = page(url("/api/v1/threads?limit=1"));
        assertThat(first.body().path("items")).hasSize(1);
        assertThat(first.body().path("offset").asInt()).isZero();
        assertThat(first.links()).containsKeys("next", "last");
        Page last = page(first.links().get("last"));
        assertThat(last.links()).doesNotContainKey("next").containsKey("last");
        assertThat(last.body().path("offset").asInt() + last.body().path("items").size())
                .isEqualTo(last.body().path("total").asInt());
        Page past = page(url("/api/v1/threads?limit=5&offset=100000"));
        assertThat(past.status()).isEqualTo(200);
        assertThat(past.body().path("items")).isEmpty();
        assertThat(past.links()).doesNotContainKey("next").containsKey("last");
    }

    @Test
    void aPageSizeOrOffsetOutsideTheContractIsRefusedWith400NotClamped() throws Exception {
        for (String query : List.of("limit=0", "limit=101", "offset=-1", "limit=ten")) {
            AgentHttp.Reply r = client.call("GET", "/api/v1/threads?" + query, null);
            assertThat(r.status()).as(query).isEqualTo(400);
            assertThat(r.body().path("code").asText()).as(query).isEqualTo("INVALID_REQUEST");
        }
    }

    @Test
    void deletingAThreadRemovesItsRunsEventsAndArtifactsAndNothingOfOtherThreads() throws Exception {
        run("del-1", "del-1-r1", "What is the revenue by region?");
        run("del-1", "del-1-r2", "And by product?");
        run("keep-1", "keep-1-r1", "What is the revenue by region?");
        String artifact = artifactOf("del-1");
        String kept = artifactOf("keep-1");

        AgentHttp.Reply deleted = client.call("DELETE", "/api/v1/threads/del-1", null);
        assertThat(deleted.status()).isEqualTo(204);

        assertThat(client.call("GET", "/api/v1/threads/del-1/history", null).status()).isEqualTo(404);
        assertThat(client.call("GET", "/api/v1/threads/del-1/runs/del-1-r1/events", null).status()).isEqualTo(404);
        assertThat(client.call("GET", "/api/v1/artifacts?threadId=del-1", null).body().path("items")).isEmpty();
        assertThat(client.call("GET", "/api/v1/artifacts/" + artifact + "/content", null).status()).isEqualTo(404);
        assertThat(thread("del-1")).isNull();
        assertThat(rows("SELECT COUNT(*) FROM agent_events WHERE thread_id = ?", "del-1")).isZero();
        assertThat(rows("SELECT COUNT(*) FROM agent_runs WHERE thread_id = ?", "del-1")).isZero();
        assertThat(rows("SELECT COUNT(*) FROM agent_artifacts WHERE thread_id = ?", "del-1")).isZero();

        assertThat(client.call("GET", "/api/v1/threads/keep-1/history", null).body().path("runs")).hasSize(1);
        assertThat(client.call("GET", "/api/v1/artifacts/" + kept + "/content", null).status()).isEqualTo(200);
        assertThat(thread("keep-1")).isNotNull();

        AgentHttp.Reply again = client.call("DELETE", "/api/v1/threads/del-1", null);
        assertThat(again.status()).isEqualTo(404);
        assertThat(again.body().path("code").asText()).isEqualTo("NOT_FOUND");
        // the thread id and its run ids may be used again
        run("del-1", "del-1-r1", "What is the revenue by region?");
        assertThat(thread("del-1").path("runCount").asInt()).isEqualTo(1);
    }

    @Test
    void aThreadWithARunStillGoingIsRefusedWith409UntilTheRunHasEnded() throws Exception {
        try (AgentHttp.Stream stream = client.open(AgentHttp.input("busy-1", "busy-1-r1", "Revenue by region?", SLOW))) {
            assertThat(stream.next().path("type").asText()).isEqualTo("RUN_STARTED");
            AgentHttp.Reply busy = client.call("DELETE", "/api/v1/threads/busy-1", null);
            assertThat(busy.status()).isEqualTo(409);
            assertThat(busy.body().path("code").asText()).isEqualTo("RUN_ALREADY_ACTIVE");
            assertThat(busy.body().path("message").asText()).contains("busy-1-r1", "cancel");
            assertThat(client.call("POST", "/api/v1/runs/busy-1-r1/cancel", null).status()).isEqualTo(202);
            List<JsonNode> events = stream.rest();
            assertThat(events.get(events.size() - 1).path("outcome").path("type").asText()).isEqualTo("cancelled");
        }
        Awaitility.await().atMost(Duration.ofSeconds(5)).until(() ->
                client.call("DELETE", "/api/v1/threads/busy-1", null).status() == 204);
        assertThat(client.call("GET", "/api/v1/threads/busy-1/history", null).status()).isEqualTo(404);
    }

    @Test
    void aFileOrAnArtifactIsDeletedOnItsOwnAndASecondDeleteAnswers404() throws Exception {
        String file = upload("targets.csv", "region,target\nAPAC,100\n");
        assertThat(client.call("DELETE", "/api/v1/files/" + file, null).status()).isEqualTo(204);
        assertThat(client.call("GET", "/api/v1/files/" + file + "/content", null).status()).isEqualTo(404);
        assertThat(client.call("GET", "/api/v1/files", null).body().findValuesAsText("fileId")).doesNotContain(file);
        AgentHttp.Reply again = client.call("DELETE", "/api/v1/files/" + file, null);
        assertThat(again.status()).isEqualTo(404);
        assertThat(again.body().path("code").asText()).isEqualTo("NOT_FOUND");
        AgentHttp.Reply pinned = client.call("POST", "/api/agent", AgentHttp.input("files-1", "files-1-r1", "Targets?",
                "\"forwardedProps\":{\"run_config\":{\"pinnedPaths\":[\"files/" + file + "\"]}}"));
        assertThat(pinned.status()).as("a pinned path naming a deleted file").isEqualTo(400);

        run("art-1", "art-1-r1", "What is the revenue by region?");
        String artifact = artifactOf("art-1");
        assertThat(client.call("DELETE", "/api/v1/artifacts/" + artifact, null).status()).isEqualTo(204);
        assertThat(client.call("GET", "/api/v1/artifacts/" + artifact + "/content", null).status()).isEqualTo(404);
        assertThat(client.call("GET", "/api/v1/artifacts?threadId=art-1", null).body().path("items")).isEmpty();
        assertThat(client.call("DELETE", "/api/v1/artifacts/" + artifact, null).status()).isEqualTo(404);
        assertThat(client.call("GET", "/api/v1/threads/art-1/history", null).status())
                .as("the thread and its events stay").isEqualTo(200);
    }

    @Test
    void theSdkListsEveryThreadOnceAndDeletesThreadsFilesAndArtifacts() throws Exception {
        run("sdk-a", "sdk-a-1", "What is the revenue by region?");
        run("sdk-b", "sdk-b-1", "What is the revenue by region?");
        run("sdk-c", "sdk-c-1", "What is the revenue by region?");
        try (AgentClient agent = AgentClient.builder().baseUrl(server.url(Api.AGENT)).token(AgentHttp.KIT_TOKEN).build()) {
            ThreadList first = agent.listThreads(2, 0).execute();
            assertThat(first.getItems()).hasSize(2);
            assertThat(first.getTotal()).isGreaterThanOrEqualTo(3);
            List<String> all = agent.allThreads(1).map(ThreadSummary::getThreadId).toList();
            assertThat(all).doesNotHaveDuplicates().hasSize(first.getTotal()).containsSubsequence("sdk-c", "sdk-b", "sdk-a");
            ThreadSummary c = agent.allThreads().filter(t -> t.getThreadId().equals("sdk-c")).findFirst().orElseThrow();
            assertThat(c.getLastRunStatus()).isEqualTo(ThreadSummary.LastRunStatusEnum.COMPLETED);
            assertThat(c.getTitle()).isEqualTo("What is the revenue by region?");

            String artifact = agent.listArtifacts("sdk-b").execute().getItems().get(0).getArtifactId();
            agent.deleteArtifact(artifact).execute();
            assertThat(agent.listArtifacts("sdk-b").execute().getItems()).isEmpty();
            assertThatThrownBy(() -> agent.deleteArtifact(artifact).execute()).isInstanceOf(NotFoundException.class);

            agent.deleteThread("sdk-a").execute();
            assertThat(agent.allThreads().map(ThreadSummary::getThreadId)).doesNotContain("sdk-a").contains("sdk-b");
            assertThatThrownBy(() -> agent.getThreadHistory("sdk-a").execute()).isInstanceOf(NotFoundException.class);
            assertThatThrownBy(() -> agent.deleteThread("sdk-a").execute()).isInstanceOf(NotFoundException.class);

            String file = agent.uploadFile("sdk.csv", "a,b\n1,2\n".getBytes(StandardCharsets.UTF_8)).execute().getFileId();
            agent.deleteFile(file).execute();
            assertThat(agent.listFiles().execute().getItems()).extracting(FileInfo::getFileId).doesNotContain(file);
            assertThatThrownBy(() -> agent.deleteFile(file).execute()).isInstanceOf(NotFoundException.class);
        }
    }

    @Test
    void theRetentionSweepRemovesOldThreadsFilesAndArtifactsAndKeepsNewOnes() throws Exception {
        run("old-1", "old-1-r1", "What is the revenue by region?");
        String oldArtifact = artifactOf("old-1");
        run("new-1", "new-1-r1", "What is the revenue by region?");
        run("new-2", "new-2-r1", "What is the revenue by region?");
        String agedArtifact = artifactOf("new-2");
        String oldFile = upload("old.csv", "a,b\n1,2\n");
        String newFile = upload("new.csv", "a,b\n1,2\n");
        ageThread("old-1", 2);
        age("agent_files", "id", oldFile, 2, "created_at");
        age("agent_artifacts", "id", agedArtifact, 2, "created_at");

        server.leases().sweep();

        assertThat(client.call("GET", "/api/v1/threads/old-1/history", null).status()).isEqualTo(404);
        assertThat(client.call("GET", "/api/v1/artifacts/" + oldArtifact + "/content", null).status()).isEqualTo(404);
        assertThat(rows("SELECT COUNT(*) FROM agent_events WHERE thread_id = ?", "old-1")).isZero();
        assertThat(thread("old-1")).isNull();
        assertThat(client.call("GET", "/api/v1/files/" + oldFile + "/content", null).status()).isEqualTo(404);
        assertThat(client.call("GET", "/api/v1/artifacts/" + agedArtifact + "/content", null).status()).isEqualTo(404);

        assertThat(client.call("GET", "/api/v1/threads/new-1/history", null).status()).isEqualTo(200);
        assertThat(client.call("GET", "/api/v1/threads/new-2/history", null).status())
                .as("a new thread keeps its events when one of its artifacts is old").isEqualTo(200);
        assertThat(client.call("GET", "/api/v1/artifacts/" + artifactOf("new-1") + "/content", null).status()).isEqualTo(200);
        assertThat(client.call("GET", "/api/v1/files/" + newFile + "/content", null).status()).isEqualTo(200);
    }

    @Test
    void theServerSweepsByItselfOnItsHeartbeatButNeverAThreadWithARunStillGoing() throws Exception {
        run("bg-1", "bg-1-r1", "What is the revenue by region?");
        try (AgentHttp.Stream stream = client.open(AgentHttp.input("bg-busy", "bg-busy-r1", "Revenue by region?", SLOW))) {
            assertThat(stream.next().path("type").asText()).isEqualTo("RUN_STARTED");
            age("agent_threads", "thread_id", "bg-busy", 2, "created_at", "updated_at");
            ageThread("bg-1", 2);

            Awaitility.await().atMost(Duration.ofSeconds(10))
                    .until(() -> client.call("GET", "/api/v1/threads/bg-1/history", null).status() == 404);
            assertThat(client.call("GET", "/api/v1/threads/bg-busy/history", null).status()).isEqualTo(200);
            client.call("POST", "/api/v1/runs/bg-busy-r1/cancel", null);
            stream.rest();
        }
        // gone once its run has ended: by the sweep or by this delete (no old thread is left for the other tests)
        Awaitility.await().atMost(Duration.ofSeconds(5)).until(() ->
                client.call("DELETE", "/api/v1/threads/bg-busy", null).status() == 404);
    }

    @Test
    void withoutARetentionNothingIsRemovedAndABadSettingIsRefusedNamingIt() throws Exception {
        run("keep-forever", "keep-forever-r1", "What is the revenue by region?");
        Clock farAhead = Clock.offset(Clock.systemUTC(), Duration.ofDays(100_000));
        Retention unset = new Retention(new ThreadStore(server.database().dataSource()),
                Retention.days(Settings.of(Map.of())), farAhead);
        assertThat(unset.sweep().total()).as("every row is old by this clock, and none goes").isZero();
        Retention zero = new Retention(new ThreadStore(server.database().dataSource()),
                Retention.days(Settings.of(Map.of(Retention.SETTING, "0"))), farAhead);
        assertThat(zero.sweep().total()).isZero();
        assertThat(client.call("GET", "/api/v1/threads/keep-forever/history", null).status()).isEqualTo(200);

        assertThat(Retention.days(Settings.of(Map.of(Retention.SETTING, "30")))).isEqualTo(Duration.ofDays(30));
        assertThat(Retention.days(Settings.of(Map.of(Retention.SETTING, "P2D")))).as("a duration too").isEqualTo(Duration.ofDays(2));
        for (String bad : List.of("-1", "two", "1.5", "2 days")) {
            assertThatThrownBy(() -> Retention.days(Settings.of(Map.of(Retention.SETTING, bad))))
                    .as(bad).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("KIT_AGENT_RETENTION_DAYS");
        }
    }
}
