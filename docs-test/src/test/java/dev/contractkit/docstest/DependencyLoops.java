package dev.contractkit.docstest;

import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.BiPredicate;
import java.util.function.Function;

/**
 * The loops of the dependency graph between units of the kit's classes (a top-level class, a package): its strongly
 * connected components of two or more units, found with Tarjan's algorithm. Not ArchUnit's
 * {@code slices().should().beFreeOfCycles()} (1.4.1): on a graph of the kit's size it misses loops (after each loop it
 * finds it searches only the units ordered after that loop's first one, and the loop it finds first need not be the
 * lowest), so a new loop could pass unreported.
 */
final class DependencyLoops {
    private final Map<String, Set<String>> edges = new TreeMap<>();
    private final Map<String, String> examples = new HashMap<>();
    private final Map<String, Integer> index = new HashMap<>();
    private final Map<String, Integer> low = new HashMap<>();
    private final Deque<String> stack = new ArrayDeque<>();
    private final Set<String> onStack = new HashSet<>();
    private final List<String> loops = new ArrayList<>();

    private DependencyLoops() {
    }

    /**
     * @param classes the imported classes
     * @param unit    the unit a class of the kit belongs to
     * @param allowed dependencies (origin, target) left out of the graph
     * @return one line per loop: its units, then one dependency for each edge between them
     */
    static List<String> of(JavaClasses classes, Function<JavaClass, String> unit, BiPredicate<JavaClass, JavaClass> allowed) {
        DependencyLoops graph = new DependencyLoops();
        for (JavaClass origin : classes) {
            for (Dependency d : origin.getDirectDependenciesFromSelf()) {
                JavaClass target = d.getTargetClass();
                if (isKit(origin) && isKit(target) && !allowed.test(origin, target)) {
                    graph.add(unit.apply(origin), unit.apply(target), d.getDescription());
                }
            }
        }
        graph.edges.keySet().forEach(u -> {
            if (!graph.index.containsKey(u)) {
                graph.visit(u);
            }
        });
        return graph.loops;
    }

    private static boolean isKit(JavaClass c) {
        return c.getName().startsWith("dev.contractkit.");
    }

    private void add(String from, String to, String example) {
        if (!from.equals(to)) {
            edges.computeIfAbsent(from, k -> new TreeSet<>()).add(to);
            examples.putIfAbsent(from + " -> " + to, example);
        }
    }

    private void visit(String u) {
        index.put(u, index.size());
        low.put(u, index.get(u));
        stack.push(u);
        onStack.add(u);
        for (String v : edges.getOrDefault(u, Set.of())) {
            if (!index.containsKey(v)) {
                visit(v);
                low.put(u, Math.min(low.get(u), low.get(v)));
            } else if (onStack.contains(v)) {
                low.put(u, Math.min(low.get(u), index.get(v)));
            }
        }
        if (low.get(u).equals(index.get(u))) {
            Set<String> component = new TreeSet<>();
            String v;
            do {
                v = stack.pop();
                onStack.remove(v);
                component.add(v);
            } while (!v.equals(u));
            if (component.size() > 1) {
                loops.add(describe(component));
            }
        }
    }

    private String describe(Set<String> component) {
        StringBuilder out = new StringBuilder("loop of " + component);
        for (String from : component) {
            for (String to : edges.getOrDefault(from, Set.of())) {
                if (component.contains(to)) {
                    out.append("\n    ").append(examples.get(from + " -> " + to));
                }
            }
        }
        return out.toString();
    }
}
