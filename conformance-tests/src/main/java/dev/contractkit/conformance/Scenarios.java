package dev.contractkit.conformance;

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
final class Scenarios {
    private final Contract contract;
    private final CaseGenerator cases;
    private final ConformanceTarget target;
    private final Transport transport;
    private final ScenarioRunner runner;

    Scenarios(Contract contract, CaseGenerator cases, ConformanceTarget target, Transport transport, ScenarioRunner runner) {
        this.contract = contract;
        this.cases = cases;
        this.target = target;
        this.transport = transport;
        this.runner = runner;
    }

    void run() {
        WebSocketScenario channels = new WebSocketScenario(contract, cases, target, transport, runner);
        if (target.checks().contains(Check.WEBSOCKET_MESSAGE_SCHEMA)) {
            channels.connect();
        }
        List<String> expected = new ArrayList<>();
        boolean stateful = target.checks().contains(Check.STATE_TRANSITIONS)
                || target.checks().contains(Check.USE_AFTER_FREE)
                || target.checks().contains(Check.ENSURE_RESOURCE_AVAILABILITY);
        if (stateful || channels.listening()) {
            ChainScenario chains = new ChainScenario(contract, cases, runner);
            for (Chains.Chain chain : Chains.of(contract.document())) {
                if (chains.run(chain)) {
                    chain.emits().ifPresent(expected::add);
                }
            }
        }
        if (target.checks().contains(Check.VERSION_REMOVALS)) {
            VersionRemovalsScenario.run(contract, cases, target, runner);
        }
        if (target.checks().contains(Check.STATE_TRANSITIONS)) {
            CancelMachine.of(contract.document(), cases, runner).ifPresent(CancelMachine::run);
        }
        channels.judge(expected);
        if (target.checks().contains(Check.PAGINATION_LINKS)) {
            new PagingScenario(contract, cases, transport, runner).run();
        }
        if (target.checks().contains(Check.HEAD_WITHOUT_CONTENT)) {
            new HeadScenario(contract, cases, transport.base(), target.timeout(), runner).run();
        }
        if (target.checks().contains(Check.SSE_EVENT_SCHEMA) || target.checks().contains(Check.AGUI_EVENT_ORDER)) {
            new EventStreamScenario(contract, cases, runner).run();
        }
    }
}
