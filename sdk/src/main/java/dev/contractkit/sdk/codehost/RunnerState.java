package dev.contractkit.sdk.codehost;

import dev.contractkit.sdk.codehost.v4.model.Runner;
import dev.contractkit.sdk.codehost.v4.model.RunnerDetails;
import java.util.Objects;

/**
 * The migration helper: "is this runner paused?" answered the same way on v4 and v5, by the rule of the
 * deprecation notice: check {@code paused} ({@code paused = true}: paused, {@code paused = false}: active),
 * never {@code status}, which in v5 is the contact state only and in v4 mixes in {@code paused}. A v4 server
 * older than release 14.8 sends no {@code paused}: then it is {@code !active}.
 *
 * <pre>{@code
 * boolean a = RunnerState.isPaused(v4.getRunner(6L).execute());   // v4 model
 * boolean b = RunnerState.isPaused(v5.getRunner(6L).execute());   // v5 model, same answer for the same runner
 * }</pre>
 */
public final class RunnerState {
    private RunnerState() {
    }

    /**
     * @param runner a v4 runner from a list
     * @return true when the runner is paused
     * @throws IllegalArgumentException when the runner carries neither {@code paused} nor {@code active}
     */
    public static boolean isPaused(Runner runner) {
        Objects.requireNonNull(runner, "runner == null");
        return decide(runner.getPaused(), runner.getActive(), runner.getId());
    }

    /**
     * @param runner a v4 runner's details
     * @return true when the runner is paused
     */
    public static boolean isPaused(RunnerDetails runner) {
        Objects.requireNonNull(runner, "runner == null");
        return decide(runner.getPaused(), runner.getActive(), runner.getId());
    }

    /**
     * @param runner a v5 runner from a list
     * @return true when the runner is paused
     */
    public static boolean isPaused(dev.contractkit.sdk.codehost.v5.model.Runner runner) {
        Objects.requireNonNull(runner, "runner == null");
        return decide(runner.getPaused(), null, runner.getId());
    }

    /**
     * @param runner a v5 runner's details
     * @return true when the runner is paused
     */
    public static boolean isPaused(dev.contractkit.sdk.codehost.v5.model.RunnerDetails runner) {
        Objects.requireNonNull(runner, "runner == null");
        return decide(runner.getPaused(), null, runner.getId());
    }

    private static boolean decide(Boolean paused, Boolean active, Long id) {
        if (paused != null) {
            return paused;
        }
        if (active != null) {
            return !active;
        }
        throw new IllegalArgumentException("runner " + id + " carries neither paused nor active: cannot tell");
    }
}
