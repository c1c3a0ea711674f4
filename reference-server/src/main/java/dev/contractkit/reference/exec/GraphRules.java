package dev.contractkit.reference.exec;

import dev.contractkit.reference.platform.ApiError;
import io.helidon.http.Status;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/**
 * The rules of a task graph: not empty, ids unique, every dependency names a task of the graph (or one the
 * store already has), no task depends on itself, no cycle. A broken rule is a 400 {@code invalid_task_graph}
 * naming the tasks involved.
 */
final class GraphRules {
    private GraphRules() {
    }

    static ApiError invalid(String message) {
        return new ApiError(Status.BAD_REQUEST_400, "invalid_task_graph", message);
    }

    /**
     * @param tasks    the graph
     * @param existing whether an id outside the graph names a stored task
     * @throws ApiError 400 invalid_task_graph
     */
    static void check(List<TaskSpec> tasks, Predicate<String> existing) {
        if (tasks.isEmpty()) {
            throw invalid("task graph is empty: send at least one task");
        }
        Map<String, TaskSpec> byId = new LinkedHashMap<>();
        for (TaskSpec t : tasks) {
            if (byId.putIfAbsent(t.id(), t) != null) {
                throw invalid("duplicate task id: " + t.id());
            }
        }
        for (TaskSpec t : tasks) {
            for (String d : t.dependsOn()) {
                if (d.equals(t.id())) {
                    throw invalid("task " + t.id() + " depends on itself");
                }
                if (!byId.containsKey(d) && !existing.test(d)) {
                    throw invalid("task " + t.id() + " depends on unknown task " + d);
                }
            }
        }
        List<String> cycle = cycle(byId);
        if (!cycle.isEmpty()) {
            throw invalid("task graph has a cycle: " + String.join(" -> ", cycle));
        }
    }

    /** @return one cycle as a path whose first and last ids are equal, or empty */
    private static List<String> cycle(Map<String, TaskSpec> byId) {
        Map<String, Integer> state = new HashMap<>(); // 1 = on the path, 2 = done
        for (String start : byId.keySet()) {
            if (state.containsKey(start)) {
                continue;
            }
            Deque<String> path = new ArrayDeque<>();
            Deque<Iterator<String>> its = new ArrayDeque<>();
            path.push(start);
            its.push(byId.get(start).dependsOn().iterator());
            state.put(start, 1);
            while (!path.isEmpty()) {
                Iterator<String> it = its.peek();
                if (it.hasNext()) {
                    String next = it.next();
                    if (!byId.containsKey(next)) {
                        continue; // an already stored task: it cannot depend on this graph
                    }
                    Integer s = state.get(next);
                    if (s == null) {
                        state.put(next, 1);
                        path.push(next);
                        its.push(byId.get(next).dependsOn().iterator());
                    } else if (s == 1) {
                        List<String> out = new ArrayList<>();
                        List<String> onPath = new ArrayList<>(path);
                        Collections.reverse(onPath);
                        out.addAll(onPath.subList(onPath.indexOf(next), onPath.size()));
                        out.add(next);
                        return out;
                    }
                } else {
                    state.put(path.pop(), 2);
                    its.pop();
                }
            }
        }
        return List.of();
    }

    /** @return the ids in an order where every task comes after its dependencies */
    static List<String> order(List<TaskSpec> tasks) {
        Set<String> done = new HashSet<>();
        List<String> out = new ArrayList<>();
        Set<String> ids = new HashSet<>();
        tasks.forEach(t -> ids.add(t.id()));
        while (out.size() < tasks.size()) {
            for (TaskSpec t : tasks) {
                if (!done.contains(t.id()) && t.dependsOn().stream().allMatch(d -> done.contains(d) || !ids.contains(d))) {
                    done.add(t.id());
                    out.add(t.id());
                }
            }
        }
        return out;
    }
}
