package dev.contractkit.reference.codehost;

import dev.contractkit.reference.KitServer;
import dev.contractkit.reference.platform.TestDatabases;
import dev.contractkit.specs.Api;
import org.gitlab4j.models.Constants.TokenType;
import org.gitlab4j.api.GitLabApi;
import org.gitlab4j.api.GitLabApiException;
import org.gitlab4j.api.Pager;
import org.gitlab4j.api.models.ApprovalRule;
import org.gitlab4j.api.models.Diff;
import org.gitlab4j.api.models.MergeRequest;
import org.gitlab4j.api.models.ProjectApprovalsConfig;
import org.gitlab4j.api.models.Runner;
import org.gitlab4j.api.models.RunnerDetail;
import org.gitlab4j.api.models.User;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A real GitLab client, gitlab4j-api 6.2.0 (Maven Central; Jersey underneath), against the code-hosting reference
 * server's v4 over a real socket: what it sends (paths, query parameters, form bodies, {@code tag_list[]}) and
 * what it reads (JSON fields, the {@code X-*} paging headers its {@code Pager} follows) is the contract's
 * outside check. gitlab4j knows API v4 only and has no Geo API; those are covered by plain HTTP in {@code CodehostWriteEncodingsTest}.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class Gitlab4jClientTest {
    private static final String TOKEN = "gitlab4j-test-token";

    @TempDir
    static Path dir;
    KitServer server;
    GitLabApi gitlab;

    @BeforeAll
    void start() {
        server = KitServer.start(TestDatabases.embedded(dir).with("codehost.port", "0").with("codehost.tokens", TOKEN),
                List.of(Api.CODEHOST));
        gitlab = new GitLabApi(GitLabApi.ApiVersion.V4, server.url(Api.CODEHOST), TOKEN);
    }

    @AfterEach
    void backToTheSeed() throws SQLException {
        try (Connection c = server.database().dataSource().getConnection(); Statement st = c.createStatement()) {
            st.executeUpdate("UPDATE codehost_runners SET active = id NOT IN (2, 4, 8)");
            st.executeUpdate("UPDATE codehost_runners SET description = 'project runner', tag_list = 'docker,linux', locked = FALSE WHERE id = 6");
            st.executeUpdate("DELETE FROM codehost_project_runners WHERE project_id = 1 AND runner_id = 7");
            st.executeUpdate("DELETE FROM codehost_runners WHERE id > 8"); // registered by a test
            st.executeUpdate("DELETE FROM codehost_users WHERE id >= 100");
            st.executeUpdate("UPDATE codehost_users SET name = 'Merge Bot', username = 'mbot', email = 'mbot@example.com' WHERE id = 2");
        }
    }

    @AfterAll
    void stop() {
        if (gitlab != null) {
            gitlab.close();
        }
        if (server != null) {
            server.close();
        }
    }

    @Test
    void listsUsersAndPagesThroughThemWithPagerAndStream() throws GitLabApiException {
        for (int i = 1; i <= 3; i++) {
            gitlab.getUserApi().createUser(new User().withUsername("dev" + i).withName("Developer " + i)
                    .withEmail("dev" + i + "@example.com"), "a-long-password", false);
        }

        assertThat(gitlab.getUserApi().getUsers()).extracting(User::getUsername)
                .containsExactly("root", "mbot", "dev1", "dev2", "dev3");
        Pager<User> pager = gitlab.getUserApi().getUsers(2);
        assertThat(pager.getTotalItems()).isEqualTo(5);
        assertThat(pager.getTotalPages()).isEqualTo(3);
        assertThat(pager.getItemsPerPage()).isEqualTo(2);
        assertThat(pager.all()).hasSize(5);
        assertThat(pager.page(3)).extracting(User::getUsername).containsExactly("dev3");
        assertThat(gitlab.getUserApi().getUsersStream().map(User::getId)).hasSize(5).doesNotHaveDuplicates();
        assertThat(gitlab.getUserApi().getUsers(2, 2)).extracting(User::getUsername).containsExactly("dev1", "dev2");
    }

    @Test
    void findsUsersByUsernameBySearchAndByState() throws GitLabApiException {
        assertThat(gitlab.getUserApi().getUser("mbot").getId()).isEqualTo(2L);
        assertThat(gitlab.getUserApi().getOptionalUser("nobody")).isEmpty();
        assertThat(gitlab.getUserApi().findUsers("BOT")).extracting(User::getUsername).containsExactly("mbot");
        assertThat(gitlab.getUserApi().getActiveUsers()).hasSize(2);
        assertThat(gitlab.getUserApi().getBlockedUsers()).isEmpty();
    }

    @Test
    void editsAUserWithTheFormGitlab4jSends() throws GitLabApiException {
        User user = gitlab.getUserApi().getUser(2L);
        assertThat(user.getPrivateProfile()).isTrue();

        User edited = gitlab.getUserApi().updateUser(user.withName("Merge Bot II").withEmail("bot2@example.com"), null);

        assertThat(edited.getName()).isEqualTo("Merge Bot II");
        assertThat(gitlab.getUserApi().getUser(2L).getName()).isEqualTo("Merge Bot II");
        assertThat(gitlab.getUserApi().getUser(2L).getUsername()).isEqualTo("mbot");
    }

    @Test
    void createsAUserAndReadsItBack() throws GitLabApiException {
        User created = gitlab.getUserApi().createUser(new User().withUsername("newdev").withName("New Developer")
                .withEmail("newdev@example.com").withSkipConfirmation(true), "a-long-password", false);

        assertThat(created.getId()).isGreaterThanOrEqualTo(100L);
        assertThat(created.getState()).isEqualTo("active");
        assertThat(gitlab.getUserApi().getUser(created.getId()).getUsername()).isEqualTo("newdev");
    }

    @Test
    void aMissingUserIsAGitLabNotFound() {
        assertThatThrownBy(() -> gitlab.getUserApi().getUser(9999L))
                .isInstanceOfSatisfying(GitLabApiException.class, e -> {
                    assertThat(e.getHttpStatus()).isEqualTo(404);
                    assertThat(e.getMessage()).contains("User Not Found");
                });
    }

    @Test
    void anUnknownTokenIsRefusedWith401() {
        try (GitLabApi stranger = new GitLabApi(GitLabApi.ApiVersion.V4, server.url(Api.CODEHOST), "not-a-token")) {
            assertThatThrownBy(() -> stranger.getUserApi().getUsers(1, 20))
                    .isInstanceOfSatisfying(GitLabApiException.class, e -> assertThat(e.getHttpStatus()).isEqualTo(401));
        }
    }

    @Test
    void aBearerTokenWorksAsWellAsThePrivateTokenHeader() throws GitLabApiException {
        try (GitLabApi bearer = new GitLabApi(GitLabApi.ApiVersion.V4, server.url(Api.CODEHOST), TokenType.ACCESS, TOKEN)) {
            assertThat(bearer.getRunnersApi().getRunnerDetail(6L).getDescription()).isEqualTo("project runner");
        }
    }

    @Test
    void pagesThroughEveryRunnerWithPagerAndStream() throws GitLabApiException {
        Pager<Runner> pager = gitlab.getRunnersApi().getAllRunners(3);
        assertThat(pager.getTotalItems()).isEqualTo(8);
        assertThat(pager.getTotalPages()).isEqualTo(3);
        List<Long> walked = Stream.iterate(pager.first(), p -> pager.hasNext() ? pager.next() : null)
                .takeWhile(p -> p != null).flatMap(List::stream).map(Runner::getId).toList();
        assertThat(walked).containsExactly(1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L);
        assertThat(gitlab.getRunnersApi().getAllRunnersStream().map(Runner::getId).collect(Collectors.toList()))
                .containsExactly(1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L);
        assertThat(gitlab.getRunnersApi().getAllRunners(2, 3)).extracting(Runner::getId).containsExactly(4L, 5L, 6L);
    }

    @Test
    void filtersRunnersByTypeAndStatus() throws GitLabApiException {
        assertThat(gitlab.getRunnersApi().getAllRunners(Runner.RunnerType.GROUP_TYPE, null))
                .extracting(Runner::getId).containsExactly(3L, 4L);
        assertThat(gitlab.getRunnersApi().getAllRunners(null, Runner.RunnerStatus.PAUSED))
                .extracting(Runner::getId).containsExactly(2L, 4L, 8L);
        assertThat(gitlab.getRunnersApi().getAllRunners(null, Runner.RunnerStatus.ONLINE))
                .as("online is the contact state, paused or not").extracting(Runner::getId).containsExactly(1L, 5L, 6L, 8L);
        assertThat(gitlab.getRunnersApi().getRunners()).extracting(Runner::getRunnerType)
                .doesNotContain(Runner.RunnerType.INSTANCE_TYPE);
    }

    @Test
    void showsARunnersDetails() throws GitLabApiException {
        RunnerDetail runner = gitlab.getRunnersApi().getRunnerDetail(6L);

        assertThat(runner.getDescription()).isEqualTo("project runner");
        assertThat(runner.getActive()).isTrue();
        assertThat(runner.getRunnerType()).isEqualTo(Runner.RunnerType.PROJECT_TYPE);
        assertThat(runner.getStatus()).isEqualTo(Runner.RunnerStatus.ONLINE);
        assertThat(runner.getTagList()).containsExactly("docker", "linux");
        assertThat(runner.getContactedAt()).isNotNull();
    }

    @Test
    void registersARunnerPausedWithTheRegistrationTokenGitlab4jSends() throws GitLabApiException {
        // gitlab4j registers with the deprecated `active` (form field); `active=false` registers it paused
        RunnerDetail registered = gitlab.getRunnersApi().registerRunner(CodehostModule.DEMO_REGISTRATION_TOKEN,
                "registered by gitlab4j", false, List.of("docker", "arm64"), null, null, null);

        assertThat(registered.getId()).isGreaterThan(8L);
        assertThat(registered.getToken()).startsWith("glrt-");
        RunnerDetail read = gitlab.getRunnersApi().getRunnerDetail(registered.getId());
        assertThat(read.getDescription()).isEqualTo("registered by gitlab4j");
        assertThat(read.getActive()).isFalse();
        assertThat(read.getStatus()).isEqualTo(Runner.RunnerStatus.PAUSED);
        assertThat(read.getTagList()).containsExactly("docker", "arm64");
        assertThatThrownBy(() -> gitlab.getRunnersApi().registerRunner("not-a-registration-token", "x", null, null,
                null, null, null)).isInstanceOfSatisfying(GitLabApiException.class,
                e -> assertThat(e.getHttpStatus()).isEqualTo(403));
    }

    @Test
    void editsAndPausesARunnerTagsSentAsRailsArrays() throws GitLabApiException {
        RunnerDetail paused = gitlab.getRunnersApi().updateRunner(6L, "edited by gitlab4j", false,
                List.of("docker", "gpu"), null, true, null);

        assertThat(paused.getDescription()).isEqualTo("edited by gitlab4j");
        assertThat(paused.getActive()).isFalse();
        assertThat(paused.getStatus()).isEqualTo(Runner.RunnerStatus.PAUSED);
        assertThat(paused.getTagList()).containsExactly("docker", "gpu");

        RunnerDetail resumed = gitlab.getRunnersApi().updateRunner(6L, null, true, null, null, null, null);
        assertThat(resumed.getActive()).isTrue();
        assertThat(resumed.getDescription()).isEqualTo("edited by gitlab4j");
    }

    @Test
    void listsAndAssignsProjectRunners() throws GitLabApiException {
        assertThat(gitlab.getRunnersApi().getProjectRunners(1L)).extracting(Runner::getId).contains(5L, 6L);

        Runner assigned = gitlab.getRunnersApi().enableRunner(1L, 7L);

        assertThat(assigned.getId()).isEqualTo(7L);
        assertThat(gitlab.getRunnersApi().getProjectRunnersStream(1L).map(Runner::getId)).contains(7L);
        assertThatThrownBy(() -> gitlab.getRunnersApi().enableRunner(1L, 7L))
                .isInstanceOfSatisfying(GitLabApiException.class, e -> assertThat(e.getHttpStatus()).isEqualTo(400));
    }

    @Test
    void readsMergeRequestsTheirChangesAndPagedDiffs() throws GitLabApiException {
        assertThat(gitlab.getMergeRequestApi().getMergeRequests(1L)).as("newest first, as the original")
                .extracting(MergeRequest::getIid).containsExactly(3L, 2L, 1L);
        MergeRequest mr = gitlab.getMergeRequestApi().getMergeRequest(1L, 2L);
        assertThat(mr.getTitle()).isEqualTo("Pause runners by default");
        assertThat(mr.getState()).isEqualTo("opened");
        assertThat(mr.getDetailedMergeStatus()).isEqualTo("mergeable");
        MergeRequest merged = gitlab.getMergeRequestApi().getMergeRequest(1L, 3L);
        assertThat(merged.getMergeUser().getUsername()).isEqualTo("root");
        assertThat(merged.getMergedBy().getUsername()).isEqualTo("mbot");

        MergeRequest changes = gitlab.getMergeRequestApi().getMergeRequestChanges(1L, 2L);
        assertThat(changes.getChanges()).isNotEmpty();
        List<Diff> diffs = gitlab.getMergeRequestApi().getDiffs(1L, 2L);
        assertThat(diffs).extracting(Diff::getNewPath).isEqualTo(changes.getChanges().stream().map(Diff::getNewPath).toList());
        Pager<Diff> onePerPage = gitlab.getMergeRequestApi().getDiffs(1L, 2L, 1);
        assertThat(onePerPage.getTotalItems()).isEqualTo(diffs.size());
        assertThat(onePerPage.all()).extracting(Diff::getDiff).isEqualTo(diffs.stream().map(Diff::getDiff).toList());
    }

    @Test
    void readsTheApprovalConfigurationAndRules() throws GitLabApiException {
        ProjectApprovalsConfig config = gitlab.getProjectApi().getApprovalsConfiguration(1L);
        assertThat(config.getApprovalsBeforeMerge()).isNotNull();
        assertThat(config.getResetApprovalsOnPush()).isNotNull();

        List<ApprovalRule> projectRules = gitlab.getProjectApi().getApprovalRules(1L);
        assertThat(projectRules).isNotEmpty().allSatisfy(r -> {
            assertThat(r.getName()).isNotBlank();
            assertThat(r.getRuleType()).isNotBlank();
            assertThat(r.getApprovalsRequired()).isNotNull();
        });
        List<ApprovalRule> mrRules = gitlab.getMergeRequestApi().getApprovalRules(1L, 2L);
        assertThat(mrRules).allSatisfy(r -> assertThat(r.getUsers()).isNotNull());
    }
}
