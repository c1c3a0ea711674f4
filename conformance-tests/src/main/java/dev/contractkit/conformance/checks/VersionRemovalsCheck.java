package dev.contractkit.conformance.checks;

import com.fasterxml.jackson.databind.JsonNode;
import dev.contractkit.conformance.cases.Exchange;
import dev.contractkit.conformance.cases.Verdict;
import dev.contractkit.conformance.checks.VersionRemovals.Removals;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** The per-exchange part: a 2xx body holds no property the new version removed. */
final class VersionRemovalsCheck implements Judge {
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
