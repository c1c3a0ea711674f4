package dev.contractkit.sdk.codehost;

import dev.contractkit.sdk.PagingStalledException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import dev.contractkit.sdk.MockWebServerExtension;
import dev.contractkit.sdk.ClientConfig;
import dev.contractkit.sdk.RetryPolicy;
import okhttp3.mockwebserver.MockResponse;
import okhttp3.mockwebserver.MockWebServer;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.Iterator;
import java.util.function.BiFunction;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Requirement 4 for code hosting: every paged list of both contracts ({@code page}/{@code per_page}) is a lazy stream
 * that stops where the server says the list ends: the generator's one convention, the {@code Link} header's
 * {@code rel="next"} (the contracts declare it on every list). The generated {@code list...AutoPaging} methods and the
 * deprecated names of the templated client ({@code runners()}, {@code allRunners()}, ...) walk alike.
 */
@SuppressWarnings("removal") // the deprecated names are walked too, for as long as they exist
class CodehostPagingTest {
    @RegisterExtension
    final MockWebServerExtension mock = new MockWebServerExtension();
    private final MockWebServer server = mock.server();
    private CodehostV4Client v4;
    private CodehostV5Client v5;

    @BeforeEach
    void start() {
        ClientConfig config = ClientConfig.builder().baseUrl(server.url("/").toString()).retries(RetryPolicy.none()).build();
        v4 = CodehostV4Client.builder().config(config).token("t").build();
        v5 = CodehostV5Client.builder().config(config).token("t").build();
    }

    /** A paged endpoint: its path and the client method that walks it. */
    record Endpoint(String name, String path, BiFunction<CodehostV4Client, CodehostV5Client, Stream<?>> walk) {
        @Override
        public String toString() {
            return name;
        }
    }

    static Stream<Endpoint> pagedEndpoints() {
        return Stream.of(
                new Endpoint("v4 runners", "/api/v4/runners", (a, b) -> a.runners()),
                new Endpoint("v4 allRunners", "/api/v4/runners/all", (a, b) -> a.allRunners()),
                new Endpoint("v4 allRunners(paused)", "/api/v4/runners/all", (a, b) -> a.allRunners(true)),
                new Endpoint("v4 projectRunners", "/api/v4/projects/3/runners", (a, b) -> a.projectRunners(3)),
                new Endpoint("v4 groupRunners", "/api/v4/groups/9/runners", (a, b) -> a.groupRunners(9)),
                new Endpoint("v4 mergeRequests", "/api/v4/projects/3/merge_requests", (a, b) -> a.mergeRequests(3)),
                new Endpoint("v4 mergeRequestDiffs", "/api/v4/projects/3/merge_requests/7/diffs", (a, b) -> a.mergeRequestDiffs(3, 7)),
                new Endpoint("v4 users", "/api/v4/users", (a, b) -> a.users()),
                new Endpoint("v5 users", "/api/v5/users", (a, b) -> b.users()),
                new Endpoint("v5 runners", "/api/v5/runners", (a, b) -> b.runners()),
                new Endpoint("v5 allRunners", "/api/v5/runners/all", (a, b) -> b.allRunners()),
                new Endpoint("v5 allRunners(paused)", "/api/v5/runners/all", (a, b) -> b.allRunners(false)),
                new Endpoint("v5 projectRunners", "/api/v5/projects/3/runners", (a, b) -> b.projectRunners(3)),
                new Endpoint("v5 groupRunners", "/api/v5/groups/9/runners", (a, b) -> b.groupRunners(9)),
                new Endpoint("v5 mergeRequests", "/api/v5/projects/3/merge_requests", (a, b) -> b.mergeRequests(3)),
                new Endpoint("v5 mergeRequestDiffs", "/api/v5/projects/3/merge_requests/7/diffs", (a, b) -> b.mergeRequestDiffs(3, 7)),
                new Endpoint("v4 listAllRunnersAutoPaging", "/api/v4/runners/all",
                        (a, b) -> a.listAllRunnersAutoPaging(null, null, null, null, 1, CodehostV4Client.MAX_PAGE_SIZE)),
                new Endpoint("v5 listGroupRunnersAutoPaging", "/api/v5/groups/9/runners",
                        (a, b) -> b.listGroupRunnersAutoPaging(9L, null, null, null, null, 1, CodehostV5Client.MAX_PAGE_SIZE)));
    }

    private static final AtomicLong IDS = new AtomicLong();

    /** A page of distinct runners (a page repeating the previous one's items stops the walk: PagingStalledException). */
    private static MockResponse page(int items) {
        return new MockResponse().setHeader("Content-Type", "application/json")
                .setBody("[" + IntStream.range(0, items).mapToObj(i -> "{\"id\":" + IDS.incrementAndGet() + "}")
                        .collect(Collectors.joining(",")) + "]");
    }

    /** The {@code Link} header of a page of {@code path}: first, and next when there is a next page. */
    private String link(String path, Integer next) {
        String first = "<" + server.url(path + "?page=1&per_page=100") + ">; rel=\"first\"";
        return next == null ? first : first + ", <" + server.url(path + "?page=" + next + "&per_page=100") + ">; rel=\"next\"";
    }

    @Test
    void aNextLinkBackToAPageAlreadyReadStopsTheWalkWithAClearException() {
        server.enqueue(page(1).setHeader("Link", link("/api/v5/runners/all", 2)));
        server.enqueue(page(1).setHeader("Link", link("/api/v5/runners/all", 1)));

        Assertions.assertThatThrownBy(() -> v5.allRunners().toList())
                .isInstanceOf(PagingStalledException.class).hasMessageContaining("already read");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("pagedEndpoints")
    void everyPagedListIsWalkedLazilyPageByPageUntilNoLinkNamesANextPage(Endpoint e) throws InterruptedException {
        server.enqueue(page(2).setHeader("Link", link(e.path(), 2)).setHeader("X-Next-Page", "2"));
        server.enqueue(page(1).setHeader("Link", link(e.path(), null)).setHeader("X-Next-Page", ""));

        Iterator<?> it = e.walk().apply(v4, v5).iterator();
        assertThat(server.getRequestCount()).isZero();              // nothing before the first item is asked for
        it.next();
        assertThat(server.getRequestCount()).isEqualTo(1);          // the second page only when reached
        it.next();
        it.next();
        assertThat(it.hasNext()).isFalse();

        assertThat(server.getRequestCount()).isEqualTo(2);
        String first = server.takeRequest().getPath();
        assertThat(first).startsWith(e.path() + "?").contains("page=1").contains("per_page=100");
        assertThat(server.takeRequest().getPath()).startsWith(e.path() + "?").contains("page=2");
    }

    @Test
    void theLinkDecidesWhereTheListEndsNotTheXPageHeaders() {
        server.enqueue(page(1).setHeader("Link", link("/api/v4/runners", null)).setHeader("X-Next-Page", "2")
                .setHeader("X-Total-Pages", "3"));
        server.enqueue(page(1));

        assertThat(v4.runners().count()).isEqualTo(1);
        assertThat(server.getRequestCount()).isEqualTo(1);
    }

    @Test
    void anEmptyPageEndsTheWalkWhateverTheHeadersSay() {
        server.enqueue(page(2).setHeader("Link", link("/api/v5/runners/all", 2)));
        server.enqueue(page(0).setHeader("Link", link("/api/v5/runners/all", 3)));
        server.enqueue(page(5));

        assertThat(v5.allRunners().count()).isEqualTo(2);
        assertThat(server.getRequestCount()).isEqualTo(2);
    }

    @Test
    void aResponseWithoutPagingHeadersIsTheOnlyPage() {
        server.enqueue(page(3));
        server.enqueue(page(3));

        assertThat(v4.mergeRequests(3).count()).isEqualTo(3);
        assertThat(server.getRequestCount()).isEqualTo(1);
    }

    @Test
    void anyPagedOperationWithItsOwnFiltersAndPageSizeIsWalkedByItsGeneratedMethod() throws InterruptedException {
        server.enqueue(page(1).setHeader("Link", "<" + server.url("/api/v5/groups/9/runners?status=online&page=2&per_page=50")
                + ">; rel=\"next\""));
        server.enqueue(page(1));

        long n = v5.listGroupRunnersAutoPaging(9L, null, "online", null, null, 1, 50).count();

        assertThat(n).isEqualTo(2);
        assertThat(server.takeRequest().getPath()).isEqualTo("/api/v5/groups/9/runners?status=online&page=1&per_page=50");
        assertThat(server.takeRequest().getPath()).isEqualTo("/api/v5/groups/9/runners?status=online&page=2&per_page=50");
    }
}
