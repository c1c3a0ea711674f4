package dev.contractkit.conformance.checks;

import com.fasterxml.jackson.databind.JsonNode;
import dev.contractkit.conformance.cases.Exchange;
import dev.contractkit.conformance.cases.Verdict;
import dev.contractkit.conformance.checks.VersionRemovals.Removals;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * {@code version_removals}: what this version removed is gone. On every exchange, a 2xx body holds no property the new
 * version removed; the scenario {@code VersionRemovalsScenario} sends requests for the removed endpoints and inputs and
 * hands over their answers ({@link Observation.RemovedEndpoint}, {@link Observation.RemovedInput}).
 */
final class VersionRemovalsCheck implements Judge {

    /**
     * A removed endpoint must answer 404, 405 or 410. With the run's credential a 401 or 403 is no excuse: the endpoint
     * is still there, guarded (a proxy or server that answers it at all is caught). Without a credential a 401 says
     * nothing either way (a server may authenticate before it routes), nor does it for a removed input: not checked.
     */
    @Override
    public Verdict judge(Observation observation) {
        if (observation instanceof Observation.RemovedEndpoint r) {
            int status = r.exchange().status();
            if (r.anonymous() && status == 401) {
                return Verdict.SKIP;
            }
            if (status == 404 || status == 405 || status == 410) {
                return Verdict.PASS;
            }
            return Verdict.fail(Exchange.STATUS, Integer.toString(status), r.endpoint() + " was removed in this version"
                    + " but answered " + status + (r.anonymous() ? "" : " to a request with the run's credential")
                    + "; expected 404, 405 or 410");
        }
        if (observation instanceof Observation.RemovedInput r) {
            int status = r.exchange().status();
            if (r.lacksCredential() && status == 401) {
                return Verdict.SKIP;
            }
            return status >= 400 && status < 500 ? Verdict.PASS : Verdict.fail(r.pointer(), r.value(), "sent "
                    + r.what() + "; this version removed it, so the request must be refused with 4xx, but it was"
                    + " answered " + status);
        }
        return Verdict.SKIP;
    }

    @Override
    public Verdict judge(Exchange e) {
        if (e.status() < 200 || e.status() >= 300 || e.testCase().operation().isEmpty()) {
            return Verdict.SKIP;
        }
        Optional<Removals> removals = VersionRemovals.of(e.contract().document());
        if (removals.isEmpty()) {
            return Verdict.SKIP;
        }
        List<String> removed = removals.get().properties()
                .get(VersionRemovals.endpoint(e.testCase().operation().get()) + " " + e.status());
        if (removed == null) {
            return Verdict.SKIP;
        }
        JsonNode body;
        try {
            body = e.json();
        } catch (IOException ex) {
            return Verdict.SKIP; // content_type_conformance and response_schema_conformance say what is wrong
        }
        List<Verdict.Problem> problems = new ArrayList<>();
        for (String path : removed) {
            boolean each = path.startsWith("[]");
            String[] names = path.substring(path.indexOf('.') + 1).split("\\.");
            List<JsonNode> roots = new ArrayList<>();
            if (each) {
                body.forEach(roots::add);
            } else {
                roots.add(body);
            }
            for (int i = 0; i < roots.size(); i++) {
                JsonNode at = roots.get(i);
                String pointer = Exchange.BODY + (each ? "/" + i : "");
                for (int n = 0; n < names.length - 1; n++) {
                    at = at.path(names[n]);
                    pointer += "/" + names[n];
                }
                String name = names[names.length - 1];
                if (at.has(name)) {
                    problems.add(new Verdict.Problem(pointer + "/" + name, at.get(name).toString(), "'" + name
                            + "' was removed in this version (" + removals.get().previous().file() + " had it); the"
                            + " response still carries it"));
                }
            }
        }
        return Verdict.of(problems);
    }
}
