package dev.contractkit.conformance;

import dev.contractkit.conformance.cases.CaseGenerator;
import dev.contractkit.conformance.cases.Contract;
import dev.contractkit.conformance.cases.DocumentProblem;
import dev.contractkit.conformance.cases.Documents;
import dev.contractkit.conformance.cases.Exchange;
import dev.contractkit.conformance.cases.RequestKind;
import dev.contractkit.conformance.cases.TestCase;
import dev.contractkit.conformance.cases.Transport;
import dev.contractkit.conformance.cases.Verdict;
import dev.contractkit.conformance.checks.Check;
import dev.contractkit.conformance.checks.Checks;
import dev.contractkit.conformance.checks.DocumentFaults;
import dev.contractkit.conformance.report.Execution;
import dev.contractkit.conformance.report.Report;
import dev.contractkit.conformance.report.Violation;
import dev.contractkit.conformance.scenarios.ScenarioRunner;
import dev.contractkit.conformance.scenarios.ScenarioSettings;
import dev.contractkit.conformance.scenarios.Scenarios;
import dev.contractkit.specs.check.ContractDocument;
import dev.contractkit.specs.check.ContractDocument.Operation;
import okhttp3.HttpUrl;

import java.io.IOException;
import java.net.ConnectException;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** Runs the cases of every contract of a target and the checks on every exchange. */
final class Engine {
    private final ConformanceTarget target;
    private final Progress progress;
    private final List<Execution> executions = new ArrayList<>();
    private final List<Violation> violations = new ArrayList<>();
    private final List<String> errors = new ArrayList<>();
    private final Set<String> notes = new LinkedHashSet<>();
    private final Map<String, DocumentProblem> documentProblems = new LinkedHashMap<>();
    private DocumentFaults faults;
    private final Cleanup cleanup = new Cleanup();
    private CaseGenerator current;
    private int requests;

    private Engine(ConformanceTarget target, Progress progress) {
        this.target = target;
        this.progress = progress;
    }

    static Report run(ConformanceTarget target, Progress progress) {
        return new Engine(target, progress).run();
    }

    private Report run() {
        long started = System.nanoTime();
        // interrupted (Ctrl-C, kill): what the run created is removed all the same
        Thread hook = new Thread(() -> cleanup.run(target.baseUrl(), target.timeout()), "conformance-cleanup");
        Runtime.getRuntime().addShutdownHook(hook);
        try (Transport transport = new Transport(target.baseUrl(), target.timeout(), target.observers())) {
            for (ContractDocument document : target.contracts()) {
                Contract contract = new Contract(document);
                notes.addAll(Documents.unsupported(document));
                faults = new DocumentFaults(document);
                faults.scan().problems().forEach(this::documentProblem);
                Tokens.Obtained auth = Tokens.obtain(contract, target, transport);
                errors.addAll(auth.errors());
                notes.addAll(auth.notes());
                CaseGenerator cases = new CaseGenerator(contract, auth.principal(), auth.lesser(), target.headers(), target.seed(),
                        target.count());
                current = cases;
                boolean reachable = true;
                // the per-operation requests feed only the per-exchange checks: with none of those selected
                // (e.g. --check sse_event_schema) they are not sent, and the scenarios send what they need
                boolean perExchange = target.checks().stream().anyMatch(c -> Checks.of(c).judgesSingleExchanges());
                for (Operation op : perExchange ? document.operations() : List.<Operation>of()) {
                    reachable = reachable && send(transport, contract, CaseGenerator.label(op) + " (" + op.operationId() + ")",
                            cases.forOperation(op), !op.isPublic() && cases.authenticates(op));
                }
                if (reachable) {
                    if (perExchange) {
                        send(transport, contract, "undeclared methods", cases.unsupportedMethods(), false);
                    }
                    reachable = scenarios(transport, contract, cases);
                }
                notes.addAll(cases.notes());
                if (!reachable) {
                    break;
                }
            }
        } finally {
            notes.addAll(cleanup.run(target.baseUrl(), target.timeout()));
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException shuttingDown) {
                // the hook runs or has run; the clean-up is done once
            }
        }
        Report partial = new Report(target.name(), target.baseUrl(), target.seed(), target.checks(),
                Duration.ofNanos(System.nanoTime() - started), requests, executions,
                violations, errors, List.copyOf(notes), Map.of(), List.of());
        Map<Check, String> notChecked = new EnumMap<>(Check.class);
        for (Check check : target.checks()) {
            if (partial.result(check).total() == 0) {
                notChecked.put(check, NotChecked.reason(check, target.contracts()));
            }
        }
        return new Report(target.name(), target.baseUrl(), target.seed(), target.checks(), partial.duration(), requests,
                executions, violations, errors, List.copyOf(notes),
                notChecked, List.copyOf(documentProblems.values()));
    }

    /**
     * @param authenticated whether the positive cases carry a credential: if all of them get 401 anyway, the
     *                      credential is wrong and the run cannot say anything about successful responses
     * @return false when the target cannot be reached at all (the run stops)
     */
    private boolean send(Transport transport, Contract contract, String label, List<TestCase> cases,
                         boolean authenticated) {
        int sent = 0;
        int positive = 0;
        int refused = 0;
        int found = violations.size();
        for (TestCase c : cases) {
            Exchange exchange;
            try {
                exchange = transport.send(contract, c);
            } catch (ConnectException | UnknownHostException e) {
                errors.add("cannot reach " + target.baseUrl() + " (" + e.getMessage() + "): is the server running?");
                progress.operationDone(label, sent, violations.size() - found);
                return false;
            } catch (IOException e) {
                errors.add(c.call().display(transport.base()) + ": no response (" + e + ")");
                continue;
            } catch (IllegalArgumentException e) {
                errors.add(c.call().display(transport.base()) + ": cannot be sent (" + e.getMessage() + ")");
                continue;
            }
            sent++;
            requests++;
            judge(exchange);
            if (c.kind() == RequestKind.POSITIVE) {
                positive++;
                refused += exchange.status() == 401 ? 1 : 0;
            }
        }
        if (authenticated && positive > 0 && refused == positive) {
            errors.add(label + ": every request with the credential was answered 401; is the credential right?");
        }
        progress.operationDone(label, sent, violations.size() - found);
        return true;
    }

    /** @return false when the target cannot be reached at all (the run stops) */
    private boolean scenarios(Transport transport, Contract contract, CaseGenerator cases) {
        int found = violations.size();
        int[] sent = {0};
        boolean[] unreachable = {false};
        ScenarioSettings settings = new ScenarioSettings(target.checks(), target.headers(), target.timeout());
        new Scenarios(contract, cases, settings, transport, new ScenarioRunner() {
            @Override
            public Optional<Exchange> send(TestCase c, Optional<HttpUrl> url) {
                try {
                    Exchange e = url.isPresent() ? transport.send(contract, c, url.get()) : transport.send(contract, c);
                    sent[0]++;
                    requests++;
                    judge(e);
                    return Optional.of(e);
                } catch (ConnectException | UnknownHostException e) {
                    if (!unreachable[0]) {
                        errors.add("cannot reach " + target.baseUrl() + " (" + e.getMessage() + "): is the server running?");
                    }
                    unreachable[0] = true;
                    return Optional.empty();
                } catch (IOException | IllegalArgumentException e) {
                    errors.add(c.call().display(transport.base()) + " (" + c.what() + "): no response (" + e + ")");
                    return Optional.empty();
                }
            }

            @Override
            public void verdict(Check check, String label, String operationId, String request, int status,
                                Verdict outcome) {
                if (!target.checks().contains(check)) {
                    return;
                }
                switch (outcome) {
                    case Verdict.Skip skip -> {
                    }
                    case Verdict.Pass pass -> executions.add(new Execution(label, operationId, check, true, Duration.ZERO));
                    case Verdict.Fail fail -> {
                        executions.add(new Execution(label, operationId, check, false, Duration.ZERO));
                        fail.problems().forEach(p -> violations.add(new Violation(check, label, operationId, request,
                                status, p.pointer(), p.value(), p.message())));
                    }
                }
            }

            @Override
            public void note(String note) {
                notes.add(note);
            }
        }).run();
        if (sent[0] > 0 || violations.size() > found) {
            progress.operationDone("chains, paging links, channels", sent[0], violations.size() - found);
        }
        return !unreachable[0];
    }

    private void judge(Exchange e) {
        TestCase c = e.testCase();
        cleanup.record(e.contract(), current, e);
        for (Check check : Check.values()) {
            if (!target.checks().contains(check)) {
                continue;
            }
            switch (Checks.of(check).judge(e)) {
                case Verdict.Skip skip -> {
                    if (!skip.reason().isEmpty()) {
                        notes.add(check.key() + " not checked: " + skip.reason());
                    }
                }
                case Verdict.Pass pass -> executions.add(execution(e, check, true));
                case Verdict.Fail fail -> {
                    List<Verdict.Problem> own = new ArrayList<>();
                    for (Verdict.Problem p : fail.problems()) {
                        faults.explains(check, e, p).ifPresentOrElse(this::documentProblem, () -> own.add(p));
                    }
                    if (!own.isEmpty()) { // what the document explains is neither passed nor failed
                        executions.add(execution(e, check, false));
                    }
                    own.forEach(p -> violations.add(new Violation(check, c.label(), c.operationId(),
                            e.request(), e.status(), p.pointer(), p.value(), p.message())));
                }
            }
        }
    }

    /** Once per place and message; the first request that met it is kept. */
    private void documentProblem(DocumentProblem p) {
        String key = p.file() + " " + p.pointer() + " " + p.message();
        DocumentProblem known = documentProblems.get(key);
        if (known == null || known.seen().isEmpty() && !p.seen().isEmpty()) {
            documentProblems.put(key, p);
        }
    }

    private static Execution execution(Exchange e, Check check, boolean passed) {
        return new Execution(e.testCase().label(), e.testCase().operationId(), check, passed, e.took());
    }
}
