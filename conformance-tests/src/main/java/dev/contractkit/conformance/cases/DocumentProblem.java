package dev.contractkit.conformance.cases;

/**
 * Something wrong with the document itself, not with the implementation: an example that breaks its own schema, a
 * schema nothing can satisfy, a {@code $ref} that points nowhere, a security requirement naming no scheme. A
 * document problem is reported apart from the violations and does not fail the run: an implementation cannot be
 * faulted for the document it was given (whoever owns the document can fix it).
 *
 * <pre>{@code
 * report.documentProblems().forEach(p -> System.out.println(p.pointer() + ": " + p.message()));
 * // /paths/~1events/get/responses/200/content/application~1json/example/value/0/type: the example breaks its
 * //     schema: does not have a value in the enumeration ["traces", ...]
 * }</pre>
 *
 * @param file    the document
 * @param pointer JSON pointer into the document
 * @param value   the offending value as JSON text; empty when there is none
 * @param message what is wrong
 * @param seen    where a run met it: the check and the request whose verdict it explains instead of a violation
 *                ({@code response_schema_conformance GET /events -> 200}); empty when found by reading the document
 */
public record DocumentProblem(String file, String pointer, String value, String message, String seen) {

    public DocumentProblem seenAt(String where) {
        return new DocumentProblem(file, pointer, value, message, where);
    }

    @Override
    public String toString() {
        return "[document] " + file + " " + pointer + (value.isEmpty() ? "" : " = " + Excerpts.abbreviate(value))
                + ": " + message + (seen.isEmpty() ? "" : " (explains " + seen + ")");
    }
}
