package dev.contractkit.bench;

import java.util.List;

/** One scenario: what was asked, the baseline and every target. */
record ScenarioResult(String scenario, String request, String baseline, String goal, List<Measured> targets) {
}
