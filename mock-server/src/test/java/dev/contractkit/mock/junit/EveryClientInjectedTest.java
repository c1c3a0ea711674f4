package dev.contractkit.mock.junit;

import dev.contractkit.mock.MockServers;
import dev.contractkit.mock.RecordedRequest;
import dev.contractkit.sdk.agent.AgentClient;
import dev.contractkit.sdk.agent.AgentPrincipals;
import dev.contractkit.sdk.agent.model.Grant;
import dev.contractkit.sdk.answers.AnswersClient;
import dev.contractkit.sdk.codehost.CodehostV4Client;
import dev.contractkit.sdk.codehost.CodehostV5Client;
import dev.contractkit.sdk.coupons.CouponsClient;
import dev.contractkit.sdk.exec.ExecClient;
import dev.contractkit.sdk.forms.FormsClient;
import dev.contractkit.sdk.runtime.RuntimeClient;
import dev.contractkit.specs.Api;
import org.junit.jupiter.api.Test;

import java.util.List;

import static dev.contractkit.mock.junit.ContractMockExtension.DEFAULT_CREDENTIAL;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 25, req. 2 and 4: the extension injects a ready client of every API the SDK has a client for (found through
 * the SDK's {@code ClientProvider}s), pointed at the mock and sending the API's credential in its contract's form.
 */
@ContractMock(api = {"forms", "coupons", "answers", "codehost", "exec", "runtime", "agent"})
class EveryClientInjectedTest {
    @Test
    void formsSendsTheApiKey(FormsClient forms, MockServers mocks) {
        assertThat(forms.get(1).execute().getTitle()).isEqualTo("Monthly membership");
        assertThat(only(mocks.received(Api.FORMS, "getForm")).header("Authorization"))
                .isEqualTo("Token token=" + DEFAULT_CREDENTIAL);
    }

    @Test
    void couponsSendsATokenOfTheMock(CouponsClient coupons, MockServers mocks) {
        assertThat(coupons.profile().execute().getId()).isNotBlank();
        assertThat(only(mocks.received(Api.COUPONS, "getUserProfile")).header("Authorization")).startsWith("Bearer ey");
    }

    @Test
    void answersSendsTheApiKey(AnswersClient answers, MockServers mocks) {
        assertThat(answers.getQuota().execute().getResult().getTotalLimit()).isPositive();
        assertThat(only(mocks.received(Api.ANSWERS, "getQuota")).header("x-api-key")).isEqualTo(DEFAULT_CREDENTIAL);
    }

    @Test
    void bothCodeHostingClientsSendThePrivateToken(CodehostV4Client v4, CodehostV5Client v5, MockServers mocks) {
        assertThat(v4.getRunner(6L).execute().getId()).isPositive();   // without the token the mock answers 401
        assertThat(v5.getRunner(6L).execute().getId()).isPositive();
        // both contracts name the operation getRunner: the id names both requests, a document-qualified id one
        assertThat(mocks.received(Api.CODEHOST, "getRunner")).extracting(RecordedRequest::document)
                .containsExactly("codehost-v4", "codehost-v5");
        assertThat(only(mocks.received(Api.CODEHOST, "codehost-v4#getRunner")).header("PRIVATE-TOKEN")).isEqualTo(DEFAULT_CREDENTIAL);
        assertThat(only(mocks.received(Api.CODEHOST, "codehost-v5#getRunner")).header("PRIVATE-TOKEN")).isEqualTo(DEFAULT_CREDENTIAL);
    }

    @Test
    void execSendsTheKitToken(ExecClient exec, MockServers mocks) {
        assertThat(exec.getTask("t-1").execute().getId()).isNotBlank();
        assertThat(only(mocks.received(Api.EXEC, "getTask")).header("Authorization")).isEqualTo("Bearer " + DEFAULT_CREDENTIAL);
    }

    @Test
    void runtimeSendsTheKitToken(RuntimeClient runtime, MockServers mocks) {
        assertThat(runtime.getRuntimeTask("r-1").execute().getRef()).isNotBlank();
        assertThat(only(mocks.received(Api.RUNTIME, "getRuntimeTask")).header("Authorization"))
                .isEqualTo("Bearer " + DEFAULT_CREDENTIAL);
    }

    @Test
    void agentSendsTheKitToken(AgentClient agent, MockServers mocks) {
        assertThat(agent.resources().skills().list().execute()).isNotEmpty();
        assertThat(only(mocks.received(Api.AGENT, "listSkills")).header("Authorization")).isEqualTo("Bearer " + DEFAULT_CREDENTIAL);
    }

    @Test
    void theAgentClientsLifecycleOperationsReachTheMock(AgentClient agent, MockServers mocks) {
        assertThat(agent.allThreads(20).map(t -> t.getThreadId()).toList()).containsExactly("thread-demo");
        agent.deleteThread("thread-demo").execute();
        agent.deleteFile("file-3f2a9c1e").execute();
        agent.deleteArtifact("art-demo-1").execute();
        assertThat(only(mocks.received(Api.AGENT, "listThreads")).path()).startsWith("/api/v1/threads");
        assertThat(only(mocks.received(Api.AGENT, "deleteThread")).header("Authorization"))
                .isEqualTo("Bearer " + DEFAULT_CREDENTIAL);
        assertThat(mocks.received(Api.AGENT, "deleteFile")).hasSize(1);
        assertThat(mocks.received(Api.AGENT, "deleteArtifact")).hasSize(1);
    }

    @Test
    void theAgentClientsPrincipalsReachTheMockWithTheKitToken(AgentClient agent, MockServers mocks) {
        try (AgentPrincipals principals = agent.principals()) {
            assertThat(principals.create("alice", List.of(new Grant().kind(Grant.KindEnum.DB).id("sample"))).execute()
                    .getToken()).isNotBlank();
            assertThat(principals.list().execute()).extracting(p -> p.getName()).contains("alice");
            assertThat(principals.grant("alice", List.of()).execute().getName()).isEqualTo("alice");
            principals.revoke("alice").execute();
        }
        assertThat(only(mocks.received(Api.AGENT, "createPrincipal")).header("Authorization"))
                .isEqualTo("Bearer " + DEFAULT_CREDENTIAL);
        assertThat(mocks.received(Api.AGENT, "setPrincipalGrants")).hasSize(1);
        assertThat(mocks.received(Api.AGENT, "revokePrincipal")).hasSize(1);
    }

    private static RecordedRequest only(List<RecordedRequest> received) {
        assertThat(received).hasSize(1);
        return received.get(0);
    }
}
