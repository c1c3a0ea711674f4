package dev.contractkit.examples.demo;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** The processes the demo started; its shutdown hook stops those still running, so every exit path stops them. */
final class Children {
    private final List<Child> started = new CopyOnWriteArrayList<>();

    /**
     * @param child a process just started
     * @return the same process
     */
    Child add(Child child) {
        started.add(child);
        return child;
    }

    /** Stops every process still running, the last started first. */
    void stopAll() {
        for (Child child : started.reversed()) {
            child.close();
        }
    }
}
