package dev.contractkit.sdk.codehost;

import dev.contractkit.sdk.Call;
import dev.contractkit.sdk.codehost.v5.model.Diff;
import dev.contractkit.sdk.codehost.v5.model.MergeRequest;
import dev.contractkit.sdk.codehost.v5.model.Runner;
import dev.contractkit.sdk.codehost.v5.model.RunnerDetails;
import dev.contractkit.sdk.codehost.v5.model.RunnerType;
import dev.contractkit.sdk.codehost.v5.model.User;

import java.util.stream.Stream;

/**
 * What {@link CodehostV5Client} (generated from {@code specs/openapi/codehost-v5.yaml}) adds to the contract's
 * operations: pausing and resuming a runner ({@code paused=true}; v5 refuses {@code active}), the same verbs as on
 * {@link CodehostV4Client}, and, for one release, the names the templated client had. The generated
 * client implements this interface; its default methods call the generated operations.
 *
 * <pre>{@code
 * CodehostV5Client v5 = CodehostV5Client.builder().baseUrl("http://127.0.0.1:8084").token("kit-demo-codehost-token").build();
 * v5.listAllRunnersAutoPaging(null, null, false, null, 1, CodehostV5Client.MAX_PAGE_SIZE)
 *         .forEach(r -> System.out.println(r.getId() + " paused=" + RunnerState.isPaused(r)));
 * v5.pause(6).execute();
 * }</pre>
 */
public interface CodehostV5ClientAddOns {
    /** The contract's page size limit ({@code per_page}, 1-100). */
    int MAX_PAGE_SIZE = 100;

    /**
     * @param id a runner
     * @return the call of {@code GET /api/v5/runners/{id}} (generated)
     */
    Call<RunnerDetails> getRunner(Long id);

    /**
     * @param id             a runner
     * @param description    its description
     * @param paused         {@code true} pauses it
     * @param tagList        its tags, comma-separated
     * @param locked         whether it is locked to its projects
     * @param maximumTimeout its job time-out in seconds
     * @return the call of {@code PUT /api/v5/runners/{id}} (generated)
     */
    Call<RunnerDetails> updateRunner(Long id, String description, Boolean paused, String tagList, Boolean locked,
                                     Integer maximumTimeout);

    /**
     * @param id              a project
     * @param mergeRequestIid the merge request's number in it
     * @return the call of {@code GET /api/v5/projects/{id}/merge_requests/{merge_request_iid}} (generated)
     */
    Call<MergeRequest> getMergeRequest(Long id, Long mergeRequestIid);

    /**
     * @param type    runner type filter
     * @param status  status filter
     * @param paused  pause filter
     * @param tagList tag filter
     * @param page    the first page
     * @param perPage page size
     * @return every runner the caller owns, page by page (generated)
     */
    Stream<Runner> listRunnersAutoPaging(RunnerType type, String status, Boolean paused, String tagList, Integer page, Integer perPage);

    /**
     * @param type    runner type filter
     * @param status  status filter
     * @param paused  pause filter
     * @param tagList tag filter
     * @param page    the first page
     * @param perPage page size
     * @return every runner of the instance, page by page (generated)
     */
    Stream<Runner> listAllRunnersAutoPaging(RunnerType type, String status, Boolean paused, String tagList, Integer page, Integer perPage);

    /**
     * @param id      a project
     * @param type    runner type filter
     * @param status  status filter
     * @param paused  pause filter
     * @param tagList tag filter
     * @param page    the first page
     * @param perPage page size
     * @return the project's runners, page by page (generated)
     */
    Stream<Runner> listProjectRunnersAutoPaging(Long id, RunnerType type, String status, Boolean paused, String tagList,
                                                Integer page, Integer perPage);

    /**
     * @param id      a group
     * @param type    runner type filter
     * @param status  status filter
     * @param paused  pause filter
     * @param tagList tag filter
     * @param page    the first page
     * @param perPage page size
     * @return the group's runners, page by page (generated)
     */
    Stream<Runner> listGroupRunnersAutoPaging(Long id, RunnerType type, String status, Boolean paused, String tagList,
                                              Integer page, Integer perPage);

    /**
     * @param id      a project
     * @param page    the first page
     * @param perPage page size
     * @return its merge requests, page by page (generated)
     */
    Stream<MergeRequest> listMergeRequestsAutoPaging(Long id, Integer page, Integer perPage);

    /**
     * @param id              a project
     * @param mergeRequestIid the merge request's number in it
     * @param page            the first page
     * @param perPage         page size
     * @return the merge request's file diffs, page by page (generated)
     */
    Stream<Diff> listMergeRequestDiffsAutoPaging(Long id, Long mergeRequestIid, Integer page, Integer perPage);

    /**
     * @param username username filter
     * @param search   search text
     * @param active   only active users
     * @param blocked  only blocked users
     * @param page     the first page
     * @param perPage  page size
     * @return every user, page by page (generated)
     */
    Stream<User> listUsersAutoPaging(String username, String search, Boolean active, Boolean blocked, Integer page, Integer perPage);

    /**
     * Pauses a runner: the form field {@code paused=true} (v5 refuses {@code active}).
     *
     * @param id a runner
     * @return its details afterwards
     */
    default Call<RunnerDetails> pause(long id) {
        return updateRunner(id, null, true, null, null, null);
    }

    /**
     * Resumes (unpauses) a runner: the form field {@code paused=false}.
     *
     * @param id a runner
     * @return its details afterwards
     */
    default Call<RunnerDetails> resume(long id) {
        return updateRunner(id, null, false, null, null, null);
    }

    /**
     * @param id a runner
     * @return its details
     * @deprecated use {@code getRunner(id)} (the contract's operation)
     */
    @Deprecated(since = "0.1.0", forRemoval = true)
    default Call<RunnerDetails> runner(long id) {
        return getRunner(id);
    }

    /**
     * @param projectId a project
     * @param iid       the merge request's number in it
     * @return the merge request
     * @deprecated use {@code getMergeRequest(projectId, iid)} (the contract's operation)
     */
    @Deprecated(since = "0.1.0", forRemoval = true)
    default Call<MergeRequest> mergeRequest(long projectId, long iid) {
        return getMergeRequest(projectId, iid);
    }

    /**
     * @return the runners the caller owns, fetched lazily 100 at a time
     * @deprecated use {@code listRunnersAutoPaging(null, null, null, null, 1, MAX_PAGE_SIZE)} (generated: follows
     * {@code Link rel="next"})
     */
    @Deprecated(since = "0.1.0", forRemoval = true)
    default Stream<Runner> runners() {
        return listRunnersAutoPaging(null, null, null, null, 1, MAX_PAGE_SIZE);
    }

    /**
     * @return every runner of the instance, fetched lazily 100 at a time
     * @deprecated use {@code listAllRunnersAutoPaging(null, null, null, null, 1, MAX_PAGE_SIZE)} (generated)
     */
    @Deprecated(since = "0.1.0", forRemoval = true)
    default Stream<Runner> allRunners() {
        return listAllRunnersAutoPaging(null, null, null, null, 1, MAX_PAGE_SIZE);
    }

    /**
     * @param paused true: only paused runners; false: only active ones
     * @return those runners of the instance, fetched lazily
     * @deprecated use {@code listAllRunnersAutoPaging(null, null, paused, null, 1, MAX_PAGE_SIZE)} (generated)
     */
    @Deprecated(since = "0.1.0", forRemoval = true)
    default Stream<Runner> allRunners(boolean paused) {
        return listAllRunnersAutoPaging(null, null, paused, null, 1, MAX_PAGE_SIZE);
    }

    /**
     * @param projectId a project
     * @return the runners available to it, fetched lazily
     * @deprecated use {@code listProjectRunnersAutoPaging(projectId, null, null, null, null, 1, MAX_PAGE_SIZE)} (generated)
     */
    @Deprecated(since = "0.1.0", forRemoval = true)
    default Stream<Runner> projectRunners(long projectId) {
        return listProjectRunnersAutoPaging(projectId, null, null, null, null, 1, MAX_PAGE_SIZE);
    }

    /**
     * @param groupId a group
     * @return the group's runners, fetched lazily
     * @deprecated use {@code listGroupRunnersAutoPaging(groupId, null, null, null, null, 1, MAX_PAGE_SIZE)} (generated)
     */
    @Deprecated(since = "0.1.0", forRemoval = true)
    default Stream<Runner> groupRunners(long groupId) {
        return listGroupRunnersAutoPaging(groupId, null, null, null, null, 1, MAX_PAGE_SIZE);
    }

    /**
     * @param projectId a project
     * @return its merge requests, fetched lazily
     * @deprecated use {@code listMergeRequestsAutoPaging(projectId, 1, MAX_PAGE_SIZE)} (generated)
     */
    @Deprecated(since = "0.1.0", forRemoval = true)
    default Stream<MergeRequest> mergeRequests(long projectId) {
        return listMergeRequestsAutoPaging(projectId, 1, MAX_PAGE_SIZE);
    }

    /**
     * @param projectId a project
     * @param iid       the merge request's number in it
     * @return the merge request's file diffs, fetched lazily
     * @deprecated use {@code listMergeRequestDiffsAutoPaging(projectId, iid, 1, MAX_PAGE_SIZE)} (generated)
     */
    @Deprecated(since = "0.1.0", forRemoval = true)
    default Stream<Diff> mergeRequestDiffs(long projectId, long iid) {
        return listMergeRequestDiffsAutoPaging(projectId, iid, 1, MAX_PAGE_SIZE);
    }

    /**
     * @return every user, fetched lazily
     * @deprecated use {@code listUsersAutoPaging(null, null, null, null, 1, MAX_PAGE_SIZE)} (generated)
     */
    @Deprecated(since = "0.1.0", forRemoval = true)
    default Stream<User> users() {
        return listUsersAutoPaging(null, null, null, null, 1, MAX_PAGE_SIZE);
    }
}
