package dev.contractkit.conformance.checks;

import dev.contractkit.conformance.cases.Exchange;
import dev.contractkit.conformance.cases.Verdict;
import okhttp3.HttpUrl;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 38, item 4: the verdicts of the checks over several exchanges are the checks' own: a scenario hands over what it
 * saw ({@link Observation}) and the check's class, found by name in {@link Checks}, judges it.
 */
class ScenarioVerdictsTest {
    private static final HttpUrl LIST = HttpUrl.get("http://127.0.0.1:8081/forms?count=1");

    @Test
    void aHeadAnswerFollowedByTheNextStatusLineOrNothingPassesAndByAnythingElseFails() {
        Judge head = Checks.of(Check.HEAD_WITHOUT_CONTENT);

        assertThat(head.judge(new Observation.HeadAnswer(200, false, Optional.of("HTTP/1.1 200 OK"))))
                .isEqualTo(Verdict.PASS);
        assertThat(head.judge(new Observation.HeadAnswer(200, true, Optional.empty()))).isEqualTo(Verdict.PASS);
        assertThat(problems(head.judge(new Observation.HeadAnswer(405, false, Optional.of("{\"error\":\"x\"}")))))
                .singleElement().satisfies(p -> assertThat(p.message()).startsWith("the HEAD answer (405) carried content"));
        assertThat(head.judge(new Observation.HeadAnswer(200, true, Optional.of("HTTP/1.1 200 OK"))))
                .isInstanceOf(Verdict.Fail.class);
    }

    @Test
    void anEventStreamThatIsNoStreamFailsBothStreamChecksAndABrokenStreamOnlyTheSchemaCheck() {
        Observation.EventStream json = new Observation.EventStream("runAgent",
                exchange(200, "application/json", "{\"error\":\"busy\"}"));
        Observation.EventStream broken = new Observation.EventStream("runAgent",
                exchange(200, "text/event-stream", "data: {not json\n\n"));

        assertThat(problems(Checks.of(Check.SSE_EVENT_SCHEMA).judge(json))).singleElement()
                .satisfies(p -> assertThat(p.message()).startsWith("runAgent answered 200 application/json"));
        assertThat(problems(Checks.of(Check.AGUI_EVENT_ORDER).judge(json))).hasSize(1);
        assertThat(Checks.of(Check.SSE_EVENT_SCHEMA).judge(broken)).isInstanceOf(Verdict.Fail.class);
        assertThat(Checks.of(Check.AGUI_EVENT_ORDER).judge(broken)).isEqualTo(Verdict.SKIP);
    }

    @Test
    void theCancelTableGivesEachRequestItsStatus() {
        Judge states = Checks.of(Check.STATE_TRANSITIONS);

        assertThat(states.judge(new Observation.CancelStep(Observation.CancelStep.Step.SUBMIT, "t",
                exchange(202, "application/json", "{}")))).isEqualTo(Verdict.PASS);
        assertThat(problems(states.judge(new Observation.CancelStep(Observation.CancelStep.Step.CANCEL_FINISHED, "t",
                exchange(200, "application/json", "{}"))))).singleElement()
                .satisfies(p -> assertThat(p.message()).startsWith("cancel of a finished task answered 200; the state"
                        + " table says 409"));
        assertThat(problems(states.judge(new Observation.CancelStep(Observation.CancelStep.Step.RUNNING_CANCELLING, "t",
                exchange(200, "application/json", "{\"tasks\":[{\"status\":\"running\"}]}"))))).singleElement()
                .satisfies(p -> assertThat(p.pointer()).isEqualTo(Exchange.BODY + "/status"));
    }

    @Test
    void aRemovedEndpointMustBeGoneAndA401WithoutCredentialIsNotChecked() {
        Judge removals = Checks.of(Check.VERSION_REMOVALS);

        assertThat(removals.judge(new Observation.RemovedEndpoint("GET /old", false, exchange(410, "", ""))))
                .isEqualTo(Verdict.PASS);
        assertThat(removals.judge(new Observation.RemovedEndpoint("GET /old", true, exchange(401, "", ""))))
                .isInstanceOf(Verdict.Skip.class);
        assertThat(problems(removals.judge(new Observation.RemovedEndpoint("GET /old", false, exchange(403, "", "")))))
                .singleElement().satisfies(p -> assertThat(p.message()).isEqualTo("GET /old was removed in this version"
                        + " but answered 403 to a request with the run's credential; expected 404, 405 or 410"));
        assertThat(removals.judge(new Observation.RemovedInput("query sort=old", "/request/query/sort", "\"old\"", false,
                exchange(200, "", "")))).isInstanceOf(Verdict.Fail.class);
    }

    @Test
    void aPagingLinkMustStayOnTheListAndTheWalkMustGiveTheTotal() {
        Judge paging = Checks.of(Check.PAGINATION_LINKS);

        assertThat(paging.judge(new Observation.PageLink("next", LIST, "/forms?count=1&offset=1"))).isEqualTo(Verdict.PASS);
        assertThat(problems(paging.judge(new Observation.PageLink("next", LIST, "http://elsewhere.example/forms"))))
                .singleElement().satisfies(p -> assertThat(p.message()).contains("points to another origin"));
        assertThat(problems(paging.judge(new Observation.PageLink("last", LIST, "/other?offset=3")))).singleElement()
                .satisfies(p -> assertThat(p.message()).contains("not at the list's own path /forms"));
        assertThat(problems(paging.judge(new Observation.PageWalk("/forms?offset=1", 3, 4)))).singleElement()
                .satisfies(p -> assertThat(p.message()).isEqualTo("following rel=\"next\" to the last page gave 3 items,"
                        + " not the total 4"));
    }

    @Test
    void aChannelThatFailsItsHandshakeOrOwesAMessageFails() {
        Judge channel = Checks.of(Check.WEBSOCKET_MESSAGE_SCHEMA);
        Map<String, String> messages = Map.of("coupon_created", "/components/messages/created/payload");

        assertThat(channel.judge(new Observation.ChannelHandshake(true, 101, Optional.empty(), Duration.ofSeconds(5))))
                .isEqualTo(Verdict.SKIP);
        assertThat(problems(channel.judge(new Observation.ChannelHandshake(false, 0, Optional.empty(),
                Duration.ofSeconds(5))))).singleElement().satisfies(p -> assertThat(p.message())
                .endsWith("failed: no answer within 5 s"));
        assertThat(channel.judge(new Observation.ChannelOwed("coupon_created", messages, Set.of("coupon_created"), 1,
                Duration.ofSeconds(3)))).isEqualTo(Verdict.SKIP);
        assertThat(problems(channel.judge(new Observation.ChannelOwed("coupon_created", messages, Set.of(), 2,
                Duration.ofSeconds(3))))).singleElement().satisfies(p -> assertThat(p.message()).isEqualTo(
                "no coupon_created message within 3 s after the change that the contract says sends it (2 other messages)"));
    }

    @Test
    void aCheckOfSingleExchangesDoesNotJudgeAnObservation() {
        assertThat(Checks.of(Check.NOT_A_SERVER_ERROR).judge(new Observation.PageWalk("/x", 1, 2)))
                .isEqualTo(Verdict.SKIP);
        assertThat(Checks.of(Check.HEAD_WITHOUT_CONTENT).judge(new Observation.PageWalk("/x", 1, 2)))
                .isEqualTo(Verdict.SKIP);
    }

    private static Exchange exchange(int status, String contentType, String body) {
        Map<String, List<String>> headers = contentType.isEmpty() ? Map.of() : Map.of("content-type", List.of(contentType));
        return new Exchange(null, null, "GET /x", status, headers, body, Duration.ZERO);
    }

    private static List<Verdict.Problem> problems(Verdict verdict) {
        assertThat(verdict).isInstanceOf(Verdict.Fail.class);
        return ((Verdict.Fail) verdict).problems();
    }
}
