package dev.contractkit.sdk.codehost;

import dev.contractkit.sdk.ClientBuilder;
import dev.contractkit.sdk.codehost.v5.api.ApprovalsApi;
import dev.contractkit.sdk.codehost.v5.api.GeoApi;

import dev.contractkit.sdk.codehost.v5.api.MergeRequestsApi;
import dev.contractkit.sdk.codehost.v5.api.RunnersApi;
import dev.contractkit.sdk.codehost.v5.api.UsersApi;
import dev.contractkit.sdk.codehost.v5.model.Diff;
import dev.contractkit.sdk.codehost.v5.model.MergeRequest;
import dev.contractkit.sdk.codehost.v5.model.Runner;
import dev.contractkit.sdk.codehost.v5.model.RunnerDetails;
import dev.contractkit.sdk.codehost.v5.model.User;
import dev.contractkit.sdk.codehost.v5.model.UserCreate;
import dev.contractkit.sdk.platform.Http;
import retrofit2.Call;
import retrofit2.Retrofit;

import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * Client of the code-hosting REST API v5 (contract {@code specs/openapi/codehost-v5.yaml}), paths under
 * {@code /api/v5}. The common calls are methods here; every other operation of the contract is reachable
 * through {@link #call(Function)} with the generated interfaces.
 *
 * <pre>{@code
 * CodehostV5Client client = CodehostV5Client.builder()
 *         .baseUrl("http://127.0.0.1:8084")
 *         .token("kit-demo-codehost-token")
 *         .build();
 * client.allRunners().forEach(r -> System.out.println(r.getId() + " paused=" + RunnerState.isPaused(r)));
 * client.pause(6);
 * List<GeoSite> sites = client.call(api -> api.geo().listGeoSites());
 * client.runnerAsync(6).thenAccept(r -> System.out.println(r.getDescription()));
 * }</pre>
 *
 * Every list of the contract that pages ({@code page}/{@code per_page}) has a lazy stream here ({@link #runners()},
 * {@link #allRunners()}, {@link #projectRunners(long)}, {@link #groupRunners(long)}, {@link #mergeRequests(long)},
 * {@link #mergeRequestDiffs(long, long)}), or {@link #paged(BiFunction)} with any filter; they stop where the server
 * says the list ends ({@code X-Next-Page} empty, else no {@code Link rel="next"}, else the last of
 * {@code X-Total-Pages}). Every single call has an {@code …Async} variant ({@link #callAsync(Function)} for any).
 * Every call throws an {@link dev.contractkit.sdk.ApiException} subclass on a non-2xx answer (the body is the
 * contract's {@code {message}}) and a {@link dev.contractkit.sdk.TransportException} when no answer arrives.
 */
public final class CodehostV5Client {
    private static final int PAGE_SIZE = 100;

    private final Apis apis;

    private CodehostV5Client(Apis apis) {
        this.apis = apis;
    }

    /** @return a new builder */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * The generated interfaces of the v5 contract, one per tag.
     *
     * @param runners       runners
     * @param mergeRequests merge requests and their diffs
     * @param users         users
     * @param geo           geo sites
     * @param approvals     approval configuration and rules
     */
    public record Apis(RunnersApi runners, MergeRequestsApi mergeRequests, UsersApi users, GeoApi geo,
                       ApprovalsApi approvals) {
    }

    /**
     * Runs any operation of the contract.
     *
     * @param operation picks the generated call, e.g. {@code api -> api.geo().listGeoSites()}
     * @param <T>       the body type
     * @return the body of the 2xx answer
     */
    public <T> T call(Function<Apis, Call<T>> operation) {
        return Http.execute(operation.apply(apis));
    }

    /**
     * Runs any operation of the contract without blocking.
     *
     * @param operation picks the generated call, e.g. {@code api -> api.users().getUser(1L)}
     * @param <T>       the body type
     * @return completes with the body, or exceptionally with an {@link dev.contractkit.sdk.ApiException}
     */
    public <T> CompletableFuture<T> callAsync(Function<Apis, Call<T>> operation) {
        return Http.executeAsync(operation.apply(apis));
    }

    /**
     * Walks any paged list of the contract lazily, page by page.
     *
     * <pre>{@code
     * Stream<Runner> online = client.paged((api, page) -> api.runners().listGroupRunners(9L, null, "online", null, null, page, 50));
     * }</pre>
     *
     * @param page picks the generated call for a page number (1, 2, ...); choose {@code per_page} (1-100) in it
     * @param <T>  the item type
     * @return every item, fetched when the stream reaches it
     */
    public <T> Stream<T> paged(BiFunction<Apis, Integer, Call<List<T>>> page) {
        Objects.requireNonNull(page, "page == null");
        return Paged.all(n -> page.apply(apis, n));
    }

    /** @return the runners the caller owns ({@code /runners}), fetched lazily 100 at a time */
    public Stream<Runner> runners() {
        return Paged.all(page -> apis.runners().listRunners(null, null, null, null, page, PAGE_SIZE));
    }

    /**
     * @param groupId a group
     * @return the group's runners, fetched lazily 100 at a time
     */
    public Stream<Runner> groupRunners(long groupId) {
        return Paged.all(page -> apis.runners().listGroupRunners(groupId, null, null, null, null, page, PAGE_SIZE));
    }

    /**
     * @param projectId a project
     * @return its merge requests, fetched lazily 100 at a time
     */
    public Stream<MergeRequest> mergeRequests(long projectId) {
        return Paged.all(page -> apis.mergeRequests().listMergeRequests(projectId, page, PAGE_SIZE));
    }

    /**
     * @param projectId a project
     * @param iid       the merge request's number in it
     * @return the merge request's file diffs, fetched lazily 100 at a time
     */
    public Stream<Diff> mergeRequestDiffs(long projectId, long iid) {
        return Paged.all(page -> apis.mergeRequests().listMergeRequestDiffs(projectId, iid, page, PAGE_SIZE));
    }

    /** @return every user ({@code /users}), fetched lazily 100 at a time */
    public Stream<User> users() {
        return Paged.all(page -> apis.users().listUsers(null, null, null, null, page, PAGE_SIZE));
    }

    /** @return every runner of the instance ({@code /runners/all}), fetched lazily 100 at a time */
    public Stream<Runner> allRunners() {
        return Paged.all(page -> apis.runners().listAllRunners(null, null, null, null, page, PAGE_SIZE));
    }

    /**
     * @param paused true: only paused runners; false: only active ones
     * @return those runners of the instance, fetched lazily
     */
    public Stream<Runner> allRunners(boolean paused) {
        return Paged.all(page -> apis.runners().listAllRunners(null, null, paused, null, page, PAGE_SIZE));
    }

    /**
     * @param projectId a project
     * @return the runners available to it, fetched lazily
     */
    public Stream<Runner> projectRunners(long projectId) {
        return Paged.all(page -> apis.runners().listProjectRunners(projectId, null, null, null, null, page, PAGE_SIZE));
    }

    /**
     * @param id a runner
     * @return its details
     * @throws dev.contractkit.sdk.NotFoundException when there is no such runner
     */
    public RunnerDetails runner(long id) {
        return Http.execute(apis.runners().getRunner(id));
    }

    /**
     * @param id a runner
     * @return its details, asynchronously
     */
    public CompletableFuture<RunnerDetails> runnerAsync(long id) {
        return Http.executeAsync(apis.runners().getRunner(id));
    }

    /**
     * Pauses a runner (the form field {@code paused=true}; v5 refuses {@code active}).
     *
     * @param id a runner
     * @return its details afterwards
     */
    public RunnerDetails pause(long id) {
        return Http.execute(apis.runners().updateRunner(id, null, true, null, null, null));
    }

    /**
     * @param id a runner
     * @return its details after pausing, asynchronously
     */
    public CompletableFuture<RunnerDetails> pauseAsync(long id) {
        return Http.executeAsync(apis.runners().updateRunner(id, null, true, null, null, null));
    }

    /**
     * Resumes (unpauses) a runner.
     *
     * @param id a runner
     * @return its details afterwards
     */
    public RunnerDetails resume(long id) {
        return Http.execute(apis.runners().updateRunner(id, null, false, null, null, null));
    }

    /**
     * @param id a runner
     * @return its details after resuming, asynchronously
     */
    public CompletableFuture<RunnerDetails> resumeAsync(long id) {
        return Http.executeAsync(apis.runners().updateRunner(id, null, false, null, null, null));
    }

    /**
     * @param projectId a project
     * @param iid       the merge request's number in it
     * @return the merge request
     */
    public MergeRequest mergeRequest(long projectId, long iid) {
        return Http.execute(apis.mergeRequests().getMergeRequest(projectId, iid));
    }

    /**
     * @param projectId a project
     * @param iid       the merge request's number in it
     * @return the merge request, asynchronously
     */
    public CompletableFuture<MergeRequest> mergeRequestAsync(long projectId, long iid) {
        return Http.executeAsync(apis.mergeRequests().getMergeRequest(projectId, iid));
    }

    /**
     * @param user the new user ({@code privateProfile} must be true or false: v5 refuses null with 400)
     * @return the created user
     * @throws dev.contractkit.sdk.BadRequestException when the contract refuses it
     */
    public User createUser(UserCreate user) {
        return Http.execute(apis.users().createUser(user));
    }

    /**
     * @param user the new user
     * @return the created user, asynchronously
     */
    public CompletableFuture<User> createUserAsync(UserCreate user) {
        return Http.executeAsync(apis.users().createUser(user));
    }

    /**
     * Builds a {@link CodehostV5Client}; base URL and token are required.
     *
     * <pre>{@code
     * CodehostV5Client c = CodehostV5Client.builder().baseUrl("http://127.0.0.1:8084").token("kit-demo-codehost-token").build();
     * }</pre>
     */
    public static final class Builder extends ClientBuilder<Builder> {
        private String token;

        private Builder() {
        }

        @Override
        protected Builder self() {
            return this;
        }

        /**
         * @param token a personal access token, sent as {@code PRIVATE-TOKEN: <token>}
         * @return this builder
         */
        public Builder token(String token) {
            this.token = Objects.requireNonNull(token, "token == null");
            return this;
        }

        /**
         * @return the client
         * @throws IllegalStateException when the base URL or the token is missing
         */
        public CodehostV5Client build() {
            if (token == null) {
                throw new IllegalStateException("Token required.");
            }
            Retrofit retrofit = Http.retrofit(configBuilder().build(), List.of(TokenAuth.of(token)));
            return new CodehostV5Client(new Apis(retrofit.create(RunnersApi.class), retrofit.create(MergeRequestsApi.class),
                    retrofit.create(UsersApi.class), retrofit.create(GeoApi.class), retrofit.create(ApprovalsApi.class)));
        }
    }
}
