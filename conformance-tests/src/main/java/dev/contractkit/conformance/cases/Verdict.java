package dev.contractkit.conformance.cases;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.contractkit.specs.check.Finding;
import dev.contractkit.specs.check.Pointers;

import java.io.IOException;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** What one check says about one exchange: it passed, it failed (with problems), or it does not apply. */
public sealed interface Verdict {
    Verdict PASS = new Pass();
    Verdict SKIP = new Skip();

    static Verdict fail(String pointer, String value, String message) {
        return new Fail(List.of(new Problem(pointer, value, message)));
    }

    static Verdict of(List<Problem> problems) {
        return problems.isEmpty() ? PASS : new Fail(List.copyOf(problems));
    }

    /** The check held. */
    record Pass() implements Verdict {
    }

    /**
     * The check does not apply to this exchange (not counted); a non-empty reason is a note of the run ("not
     * checked" and why, where the document does not say enough to decide).
     */
    record Skip(String reason) implements Verdict {
        Skip() {
            this("");
        }
    }

    static Verdict notChecked(String reason) {
        return new Skip(reason);
    }

    /** The check failed; at least one problem. */
    record Fail(List<Problem> problems) implements Verdict {
    }

    /**
     * One problem.
     *
     * @param pointer JSON pointer into the exchange ({@code /request/query/count}, {@code /response/body/form/id})
     * @param value   the offending value as JSON text, empty when absent
     * @param message what is wrong
     */
    public record Problem(String pointer, String value, String message) {
        private static final Pattern REQUIRED = Pattern.compile("required property '([^']+)' not found");
        private static final Pattern UNDECLARED = Pattern.compile("property '([^']+)' is not defined in the schema");
        private static final ObjectMapper JSON = new ObjectMapper();

        /**
         * A schema finding as a problem at a pointer into the exchange. A missing required property and a property
         * the schema does not allow are reported at the property's own pointer, not at their parent object.
         */
        public static Problem of(String prefix, Finding f) {
            String message = f.message().startsWith(f.pointer() + ": ")
                    ? f.message().substring(f.pointer().length() + 2) : f.message();
            Matcher required = REQUIRED.matcher(message);
            if (required.find()) {
                return new Problem(Pointers.append(prefix + f.pointer(), required.group(1)), "", message);
            }
            Matcher extra = UNDECLARED.matcher(message);
            if (extra.find()) {
                return new Problem(Pointers.append(prefix + f.pointer(), extra.group(1)),
                        child(f.value(), extra.group(1)), message);
            }
            return new Problem(prefix + f.pointer(), f.value(), message);
        }

        private static String child(String objectJson, String name) {
            try {
                return JSON.readTree(objectJson).path(name).toString();
            } catch (IOException e) {
                return objectJson;
            }
        }
    }
}
