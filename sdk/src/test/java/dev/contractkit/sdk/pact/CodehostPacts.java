package dev.contractkit.sdk.pact;

import au.com.dius.pact.consumer.dsl.PactDslJsonArray;
import au.com.dius.pact.consumer.dsl.PactDslJsonBody;
import au.com.dius.pact.consumer.dsl.PactDslRequestWithPath;
import au.com.dius.pact.consumer.dsl.PactDslResponse;
import au.com.dius.pact.consumer.dsl.PactDslWithProvider;
import au.com.dius.pact.core.model.V4Pact;

import java.util.function.UnaryOperator;

/**
 * The code-hosting consumer pacts' interactions, written once for v4 and v5 ({@link CodehostV4ConsumerPactTest},
 * {@link CodehostV5ConsumerPactTest}): the versions differ in the path prefix, the runner's state fields, the form
 * that pauses and the status values, which each test passes in. Provider states: {@value #RUNNERS},
 * {@value #RUNNER_6_ACTIVE}, {@value #NO_RUNNER_999}; every request carries the private token {@value #TOKEN},
 * which the provider accepts.
 *
 * @param version   {@code v4} or {@code v5}
 * @param status    the pattern of the runner's {@code status}
 * @param state     adds the runner's state fields (paused or not) to a runner body
 */
record CodehostPacts(String version, String status, StateFields state) {
    static final String TOKEN = "kit-pact-codehost-token";
    static final String RUNNERS = "the instance has runners";
    static final String RUNNER_6_ACTIVE = "runner 6 exists and is active";
    static final String NO_RUNNER_999 = "runner 999 does not exist";

    /** A version's runner state fields. */
    interface StateFields {
        /**
         * @param runner a runner body
         * @param paused whether the runner is paused
         * @param typed  values matched by type (a list's items) rather than exactly
         * @return the body with the fields
         */
        PactDslJsonBody add(PactDslJsonBody runner, boolean paused, boolean typed);
    }

    V4Pact listAllRunners(PactDslWithProvider builder) {
        PactDslJsonBody item = PactDslJsonArray.arrayMinLike(2).integerType("id", 1).stringType("description", "shared-runner-1");
        return json(request(builder, RUNNERS, "for the first page of all runners", "/runners/all").query("page=1&per_page=100"), 200)
                .body(state.add(item, false, true)
                        .stringMatcher("status", status, "online").stringType("runner_type", "instance_type").closeObject())
                .toPact(V4Pact.class);
    }

    V4Pact readARunner(PactDslWithProvider builder) {
        PactDslJsonBody runner = new PactDslJsonBody().integerType("id", 6).stringType("description", "project-runner-6");
        return json(request(builder, RUNNER_6_ACTIVE, "for runner 6", "/runners/6"), 200)
                .body(state.add(runner, false, false).stringMatcher("status", status, "online"))
                .toPact(V4Pact.class);
    }

    V4Pact pauseARunner(PactDslWithProvider builder, String form, UnaryOperator<PactDslJsonBody> statusAfter) {
        PactDslRequestWithPath put = builder.given(RUNNER_6_ACTIVE)
                .uponReceiving("a " + version + " request pausing runner 6 with " + form)
                .path("/api/" + version + "/runners/6").method("PUT").headers("PRIVATE-TOKEN", TOKEN)
                .matchHeader("Content-Type", "application/x-www-form-urlencoded.*", "application/x-www-form-urlencoded")
                .body(form, "application/x-www-form-urlencoded");
        return json(put, 200)
                .body(statusAfter.apply(state.add(new PactDslJsonBody().integerType("id", 6), true, false)))
                .toPact(V4Pact.class);
    }

    V4Pact readAMissingRunner(PactDslWithProvider builder) {
        return json(request(builder, NO_RUNNER_999, "for runner 999", "/runners/999"), 404)
                .body(new PactDslJsonBody().stringValue("message", "404 Runner Not Found"))
                .toPact(V4Pact.class);
    }

    private PactDslRequestWithPath request(PactDslWithProvider builder, String state, String what, String path) {
        return builder.given(state).uponReceiving("a " + version + " request " + what)
                .path("/api/" + version + path).method("GET").headers("PRIVATE-TOKEN", TOKEN);
    }

    private static PactDslResponse json(PactDslRequestWithPath request, int status) {
        return request.willRespondWith().status(status).matchHeader("Content-Type", "application/json.*", "application/json");
    }
}
