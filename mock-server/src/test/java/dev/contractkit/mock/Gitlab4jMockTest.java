package dev.contractkit.mock;

import dev.contractkit.specs.Api;
import org.gitlab4j.api.GitLabApi;
import org.gitlab4j.api.GitLabApiException;
import org.gitlab4j.api.Pager;
import org.gitlab4j.api.models.Runner;
import org.gitlab4j.api.models.RunnerDetail;
import org.gitlab4j.api.models.User;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A real GitLab client, gitlab4j-api 6.2.0, against the code-hosting mock (served from the same contracts as the
 * reference server): the users list, a runners list paged by the {@code X-*} headers the mock computes from the
 * contract's example, and an edit sent the way gitlab4j sends it (form fields, {@code tag_list[]}).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class Gitlab4jMockTest {
    private static final String TOKEN = "ci-codehost-token";
    private MockServers mocks;
    private GitLabApi gitlab;

    @BeforeAll
    void start() {
        mocks = MockServers.start(MockOptions.builder().apis(Api.CODEHOST).port(Api.CODEHOST, 0)
                .credential(Api.CODEHOST, TOKEN).build());
        gitlab = new GitLabApi(GitLabApi.ApiVersion.V4, mocks.url(Api.CODEHOST), TOKEN);
    }

    @AfterAll
    void stop() {
        gitlab.close();
        mocks.close();
    }

    @Test
    void listsTheContractsExampleUsers() throws GitLabApiException {
        List<User> users = gitlab.getUserApi().getUsers();

        assertThat(users).extracting(User::getUsername).containsExactly("root", "mbot");
        assertThat(gitlab.getUserApi().getUsers(1).getTotalPages()).isEqualTo(2);
    }

    @Test
    void pagesThroughTheExampleRunnersOneAtATime() throws GitLabApiException {
        Pager<Runner> pager = gitlab.getRunnersApi().getAllRunners(1);

        assertThat(pager.getTotalItems()).isEqualTo(2);
        assertThat(pager.getTotalPages()).isEqualTo(2);
        assertThat(pager.all()).extracting(Runner::getId).containsExactly(6L, 8L);
        assertThat(gitlab.getRunnersApi().getAllRunnersStream().map(Runner::getId)).containsExactly(6L, 8L);
    }

    @Test
    void takesARunnerEditAsGitlab4jSendsIt() throws GitLabApiException {
        RunnerDetail runner = gitlab.getRunnersApi().updateRunner(6L, "edited", false, List.of("docker", "gpu"),
                null, true, null);

        assertThat(runner.getId()).isEqualTo(6L);
    }

    @Test
    void refusesAnUnknownToken() {
        try (GitLabApi stranger = new GitLabApi(GitLabApi.ApiVersion.V4, mocks.url(Api.CODEHOST), "not-the-token")) {
            assertThatThrownBy(() -> stranger.getUserApi().getUsers(1, 20))
                    .isInstanceOfSatisfying(GitLabApiException.class, e -> assertThat(e.getHttpStatus()).isEqualTo(401));
        }
    }
}
