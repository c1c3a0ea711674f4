package dev.contractkit.conformance.cases;

import dev.contractkit.specs.check.ContractDocument.Operation;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.WeakHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Which of a document's path templates a concrete path matches. Templates can overlap: {@code GET /v1/{name}} also
 * matches {@code /v1/kit:cancel}, the URL of {@code POST /v1/{name}:cancel}. OpenAPI calls such templates ambiguous
 * and leaves the choice to the server, so a request the suite sends for one operation may be, to the letter, a
 * request for another: then what it shows about the first is not a verdict.
 */
public final class Routes {
    private static final Pattern VARIABLE = Pattern.compile("\\{[^}/]+}");

    private record Route(Operation op, Pattern pattern) {
    }

    private static final Map<Contract, Routes> BY_CONTRACT = Collections.synchronizedMap(new WeakHashMap<>());

    private final List<Route> routes = new ArrayList<>();

    /** @return the routes of a contract, built once per contract */
    public static Routes of(Contract contract) {
        return BY_CONTRACT.computeIfAbsent(contract, Routes::new);
    }

    Routes(Contract contract) {
        for (Operation op : contract.document().operations()) {
            routes.add(new Route(op, pattern(RelativeRequest.path(op.path()))));
        }
    }

    private static Pattern pattern(String path) {
        StringBuilder regex = new StringBuilder();
        Matcher m = VARIABLE.matcher(path);
        int last = 0;
        while (m.find()) {
            regex.append(Pattern.quote(path.substring(last, m.start()))).append("[^/]*");
            last = m.end();
        }
        return Pattern.compile(regex.append(Pattern.quote(path.substring(last))).toString());
    }

    /**
     * @param method the request's method
     * @param call   the request (its template and path values)
     * @param self   the operation it was built for, if any
     * @return another operation with that method whose template the request's path also matches
     */
    public Optional<Operation> other(String method, RelativeRequest call, Optional<Operation> self) {
        String concrete = concrete(call);
        String own = RelativeRequest.path(call.template());
        // "concrete (non-templated) paths would be matched before their templated counterparts": a path without
        // variables is ambiguous only with another of the same wire path (templates told apart by a fragment)
        boolean templated = VARIABLE.matcher(own).find();
        return routes.stream()
                .filter(r -> r.op().method().equals(method))
                .filter(r -> self.isEmpty() || !r.op().pointer().equals(self.get().pointer()))
                .filter(r -> templated ? r.pattern().matcher(concrete).matches()
                        : RelativeRequest.path(r.op().path()).equals(own))
                .map(Route::op).findFirst();
    }

    /** @return the template's path with the path values put in, as the server reads it (not encoded) */
    public static String concrete(RelativeRequest call) {
        String out = RelativeRequest.path(call.template());
        for (Map.Entry<String, String> v : call.pathValues().entrySet()) {
            out = out.replace("{" + v.getKey() + "}", v.getValue());
        }
        return out;
    }
}
