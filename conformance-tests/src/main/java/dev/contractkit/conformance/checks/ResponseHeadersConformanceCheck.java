package dev.contractkit.conformance.checks;

import com.fasterxml.jackson.databind.JsonNode;
import dev.contractkit.conformance.cases.Excerpts;
import dev.contractkit.conformance.cases.Exchange;
import dev.contractkit.conformance.cases.Verdict;
import dev.contractkit.specs.check.ParameterValues;
import dev.contractkit.specs.check.Pointers;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * {@code response_headers_conformance}: every header the declared response marks {@code required} is present,
 * and every declared header that is present matches its schema (the text is read as the schema's type: a
 * whole number, a number, a boolean, a comma-separated array or a string). {@code Content-Type} is left to
 * {@code content_type_conformance}, as OpenAPI says.
 */
final class ResponseHeadersConformanceCheck implements Judge {
    @Override
    public Verdict judge(Exchange e) {
        Optional<String> response = e.declaredResponse();
        if (response.isEmpty()) {
            return Verdict.SKIP;
        }
        var doc = e.contract().document();
        JsonNode headers = doc.at(response.get()).path("headers");
        if (!headers.isObject() || headers.isEmpty()) {
            return Verdict.SKIP;
        }
        List<Verdict.Problem> problems = new ArrayList<>();
        for (Iterator<String> it = headers.fieldNames(); it.hasNext(); ) {
            String name = it.next();
            if (name.equalsIgnoreCase("Content-Type")) {
                continue;
            }
            String headerPointer = doc.resolvePointer(Pointers.append(
                    response.get() + "/headers", name));
            JsonNode header = doc.at(headerPointer);
            String pointer = "/response/headers/" + name.toLowerCase(Locale.ROOT);
            Optional<String> value = e.header(name);
            if (value.isEmpty()) {
                if (header.path("required").asBoolean(false)) {
                    problems.add(new Verdict.Problem(pointer, "", name + " is missing; the contract requires it on "
                            + e.status() + " responses of " + e.testCase().label()));
                }
                continue;
            }
            if (header.path("schema").isMissingNode()) {
                continue;
            }
            JsonNode typed = typed(value.get(), doc.resolve(header.path("schema")));
            e.contract().validator().validate(headerPointer + "/schema", typed, e.testCase().label())
                    .forEach(f -> problems.add(new Verdict.Problem(pointer, Excerpts.quote(value.get()),
                            name + ": " + (f.message().startsWith(f.pointer() + ": ")
                                    ? f.message().substring(f.pointer().length() + 2) : f.message()))));
        }
        return Verdict.of(problems);
    }

    /** The header's text as the JSON value its schema reads it as (OpenAPI's "simple" style; {@link ParameterValues}). */
    private static JsonNode typed(String text, JsonNode schema) {
        return ParameterValues.header(schema, text);
    }
}
