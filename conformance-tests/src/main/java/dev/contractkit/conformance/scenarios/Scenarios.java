package dev.contractkit.conformance.scenarios;

import dev.contractkit.conformance.cases.CaseGenerator;
import dev.contractkit.conformance.cases.Chains;
import dev.contractkit.conformance.cases.Contract;
import dev.contractkit.conformance.cases.Transport;
import dev.contractkit.conformance.checks.Check;

import java.util.ArrayList;
import java.util.List;

/**
 * The checks that need more than one exchange, one class per family: a declared chain of operations
 * ({@link ChainScenario}), the messages of a WebSocket channel ({@link WebSocketScenario}), version removals
 * ({@link VersionRemovalsScenario}), a control plane's cancel state table ({@link CancelMachine}), following paging links
 * ({@link PagingScenario}), event streams ({@link EventStreamScenario}) and HEAD then GET on one connection
 * ({@link HeadScenario}). Every request they send is also judged
 * by the per-exchange checks.
 */
public final class Scenarios {
    private final Contract contract;
    private final CaseGenerator cases;
    private final ScenarioSettings settings;
    private final Transport transport;
    private final ScenarioRunner runner;

    public Scenarios(Contract contract, CaseGenerator cases, ScenarioSettings settings, Transport transport,
                     ScenarioRunner runner) {
        this.contract = contract;
        this.cases = cases;
        this.settings = settings;
        this.transport = transport;
        this.runner = runner;
    }

    public void run() {
        WebSocketScenario channels = new WebSocketScenario(contract, cases, settings, transport, runner);
        if (settings.checks().contains(Check.WEBSOCKET_MESSAGE_SCHEMA)) {
            channels.connect();
        }
        List<String> expected = new ArrayList<>();
        boolean stateful = settings.checks().contains(Check.STATE_TRANSITIONS)
                || settings.checks().contains(Check.USE_AFTER_FREE)
                || settings.checks().contains(Check.ENSURE_RESOURCE_AVAILABILITY);
        if (stateful || channels.listening()) {
            ChainScenario chains = new ChainScenario(contract, cases, runner);
            for (Chains.Chain chain : Chains.of(contract.document())) {
                if (chains.run(chain)) {
                    chain.emits().ifPresent(expected::add);
                }
            }
        }
        if (settings.checks().contains(Check.VERSION_REMOVALS)) {
            VersionRemovalsScenario.run(contract, cases, settings, runner);
        }
        if (settings.checks().contains(Check.STATE_TRANSITIONS)) {
            CancelMachine.of(contract.document(), cases, runner).ifPresent(CancelMachine::run);
        }
        channels.judge(expected);
        if (settings.checks().contains(Check.PAGINATION_LINKS)) {
            new PagingScenario(contract, cases, transport, runner).run();
        }
        if (settings.checks().contains(Check.HEAD_WITHOUT_CONTENT)) {
            new HeadScenario(contract, cases, transport.base(), settings.timeout(), runner).run();
        }
        if (settings.checks().contains(Check.SSE_EVENT_SCHEMA) || settings.checks().contains(Check.AGUI_EVENT_ORDER)) {
            new EventStreamScenario(contract, cases, runner).run();
        }
    }
}
