package dev.contractkit.conformance;

import com.atlassian.oai.validator.OpenApiInteractionValidator;
import com.atlassian.oai.validator.model.SimpleRequest;
import com.atlassian.oai.validator.model.SimpleResponse;
import com.atlassian.oai.validator.report.LevelResolverFactory;
import com.atlassian.oai.validator.report.ValidationReport;
import dev.contractkit.conformance.cases.RequestKind;
import dev.contractkit.conformance.cases.TestCase;
import dev.contractkit.conformance.report.Report;
import dev.contractkit.specs.Api;
import dev.contractkit.specs.check.ContractDocument;
import okhttp3.HttpUrl;
import okhttp3.Interceptor;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;
import okio.Buffer;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A second opinion on the conformance runs: every request the suite sends and the response it gets also go through
 * an OpenAPI validator that is not the kit's own (Atlassian's swagger-request-validator), with the API's contract.
 * Attach it to a run with {@link #watch(ConformanceTarget.Builder)}; then {@link #assertEveryResponseValid(Report)} fails when it
 * found any response invalid, listing each finding, whatever the kit's own checks said.
 *
 * <p>Responses are validated strictly. Requests are not judged: the suite sends invalid ones on purpose (negative,
 * unauthenticated, undeclared methods); what the validator says about the positive ones is kept as
 * {@link #requestFindings()}. The few validator limitations the kit's contracts run into are ignored narrowly,
 * each for one message key and the operations it concerns ({@link ValidatorGaps}, reasons in docs/decisions.md).
 */
final class IndependentValidator implements Interceptor {
    private static final Set<String> UNMATCHED = Set.of("validation.request.path.missing",
            "validation.request.operation.notAllowed");
    /** The API and the server (reference, mock) that answered, for the messages. */
    private final String name;
    private final List<OpenApiInteractionValidator> validators;
    private final List<Finding> responses = Collections.synchronizedList(new ArrayList<>());
    private final List<Finding> requests = Collections.synchronizedList(new ArrayList<>());
    private final AtomicInteger validated = new AtomicInteger();
    private final AtomicInteger unmatched = new AtomicInteger();

    /** Whether the contracts use the kit's dialect, which promises that every error status is declared. */
    private final boolean dialect;

    private IndependentValidator(String name, List<ContractDocument> contracts) {
        this.name = name;
        this.dialect = contracts.stream().anyMatch(c -> c.text().contains("x-kit-"));
        // swagger-request-validator treats an object schema without additionalProperties as closed (its documented
        // default, not JSON Schema's), so a document that composes objects with allOf (petstore-expanded's Pet =
        // NewPet + id) fails every valid instance. The kit's contracts are written for that strictness; a document
        // nobody here wrote is judged by JSON Schema's own rule (additional properties allowed unless it says not)
        this.validators = contracts.stream().map(contract -> {
            OpenApiInteractionValidator.Builder b = OpenApiInteractionValidator
                    .createForInlineApiSpecification(contract.text())
                    .withWhitelist(ValidatorGaps.whitelist(contract));
            if (!dialect) {
                b = b.withLevelResolver(LevelResolverFactory.withAdditionalPropertiesIgnored());
            }
            return b.build();
        }).toList();
    }

    /**
     * @param api    the API whose contracts judge the traffic
     * @param server who answers, e.g. {@code reference} or {@code mock}
     * @return a validator for one run
     */
    static IndependentValidator of(Api api, String server) {
        return new IndependentValidator(api.id() + " (" + server + ")",
                api.openapi().stream().map(ContractDocument::load).toList());
    }

    /**
     * @param name     for the messages
     * @param contract the contract's text
     * @return a validator for one run
     */
    static IndependentValidator of(String name, String contract) {
        return new IndependentValidator(name, List.of(ContractDocument.parse(name, contract)));
    }

    /**
     * For a document on disk ({@code --spec}): swagger-parser, under the validator, refuses some valid OpenAPI 3.1
     * documents (an operation without {@code responses}, which 3.1 allows).
     *
     * @param name     for the messages
     * @param contract the contract's text
     * @return a validator for one run, or empty (with the reason in {@code refused}) when it cannot load the document
     */
    static Optional<IndependentValidator> ofDocument(String name, String contract, List<String> refused) {
        try {
            return Optional.of(of(name, contract));
        } catch (OpenApiInteractionValidator.ApiLoadException e) {
            refused.add(name + ": " + String.join("; ", e.getParseMessages()));
            return Optional.empty();
        }
    }

    /**
     * @param target a target being built
     * @return the same builder, its run's traffic now also seen by this validator
     */
    ConformanceTarget.Builder watch(ConformanceTarget.Builder target) {
        return target.observe(this);
    }

    @Override
    public Response intercept(Chain chain) throws IOException {
        Request request = chain.request();
        Response response = chain.proceed(request);
        if (response.code() == 101) {
            return response; // a WebSocket upgrade: no HTTP body to judge (the kit checks the channel's messages)
        }
        String body = response.peekBody(Long.MAX_VALUE).string();
        validate(request, response, body);
        return response;
    }

    private void validate(Request request, Response response, String body) throws IOException {
        SimpleRequest simpleRequest = request(request);
        SimpleResponse simpleResponse = response(response, body);
        ValidationReport report = null;
        for (OpenApiInteractionValidator v : validators) {
            report = v.validate(simpleRequest, simpleResponse);
            if (report.getMessages().stream().noneMatch(m -> m.getKey().equals("validation.request.path.missing"))) {
                break;
            }
        }
        validated.incrementAndGet();
        if (report.getMessages().stream().anyMatch(m -> UNMATCHED.contains(m.getKey()))) {
            unmatched.incrementAndGet(); // an undeclared path or method (the suite's own negative cases): no response to judge
        }
        TestCase testCase = request.tag(TestCase.class);
        RequestKind kind = testCase == null ? null : testCase.kind();
        for (ValidationReport.Message m : report.getMessages()) {
            if (m.getLevel() != ValidationReport.Level.ERROR) {
                continue;
            }
            Finding f = new Finding(name, request.method(), request.url().encodedPath(),
                    m.getContext().flatMap(c -> c.getApiOperation())
                            .map(o -> o.getOperation().getOperationId()).orElse(""),
                    kind == null ? "" : kind.name().toLowerCase(Locale.ROOT), response.code(), m.getKey(),
                    m.getMessage().replace('\n', ' '));
            if (m.getKey().equals("validation.response.status.unknown") && kind != null && kind != RequestKind.POSITIVE
                    && !dialect) {
                continue; // a request broken on purpose, refused with a status a document without the kit's dialect
                          // does not list: the suite does not judge it either (status_code_conformance's note)
            }
            if (m.getKey().startsWith("validation.response")) {
                responses.add(f);
            } else if (kind == RequestKind.POSITIVE) {
                requests.add(f);
            }
        }
    }

    private static SimpleRequest request(Request request) throws IOException {
        HttpUrl url = request.url();
        SimpleRequest.Builder b = new SimpleRequest.Builder(request.method(), url.encodedPath());
        for (String q : url.queryParameterNames()) {
            b.withQueryParam(q, url.queryParameterValues(q).stream().map(v -> v == null ? "" : v).toList());
        }
        request.headers().names().forEach(n -> b.withHeader(n, request.headers(n)));
        RequestBody body = request.body();
        if (body != null) {
            if (body.contentType() != null && request.header("Content-Type") == null) {
                b.withContentType(body.contentType().toString());
            }
            Buffer buffer = new Buffer();
            body.writeTo(buffer);
            if (buffer.size() > 0) {
                b.withBody(buffer.readString(StandardCharsets.UTF_8));
            }
        }
        return b.build();
    }

    private static SimpleResponse response(Response response, String body) {
        SimpleResponse.Builder b = SimpleResponse.Builder.status(response.code());
        response.headers().names().forEach(n -> b.withHeader(n, response.headers(n)));
        if (!body.isEmpty()) {
            b.withBody(body);
        }
        return b.build();
    }

    /** @return how many exchanges were validated */
    int validated() {
        return validated.get();
    }

    /** @return what the validator found wrong in responses (each one fails {@link #assertEveryResponseValid(Report)}) */
    List<Finding> responseFindings() {
        return List.copyOf(responses);
    }

    /** @return what it found wrong in the suite's positive requests (kept, not judged) */
    List<Finding> requestFindings() {
        return List.copyOf(requests);
    }

    /**
     * Fails, listing every finding (API, operation, status, message), when any response was found invalid, or
     * when the validator saw fewer exchanges than the run reports (each of them must go through it).
     *
     * @param run the report of the run the validator watched
     */
    void assertEveryResponseValid(Report run) {
        writeFindings();
        assertThat(validated()).as(name + ": the independent validator saw fewer exchanges than the run sent")
                .isPositive().isGreaterThanOrEqualTo(run.requests());
        assertThat(responseFindings()).as(() -> "the independent OpenAPI validator (swagger-request-validator) found "
                + responses.size() + " invalid response(s):\n" + responseFindings().stream().map(Finding::toString)
                .distinct().collect(Collectors.joining("\n"))).isEmpty();
    }

    /** Keeps every finding of the run in target/independent-validator/, for people reading a build. */
    private void writeFindings() {
        try {
            Path dir = Files.createDirectories(Path.of("target", "independent-validator"));
            List<String> lines = new ArrayList<>();
            lines.add("# " + name + ": " + validated() + " exchanges validated, " + unmatched.get()
                    + " of them to an undeclared path or method (the response has no declared shape to judge)");
            lines.add("## responses found invalid: " + responses.size());
            responseFindings().forEach(f -> lines.add(f.toString()));
            lines.add("## positive requests found invalid (not judged): " + requests.size());
            requestFindings().forEach(f -> lines.add(f.toString()));
            Files.write(dir.resolve(name.replaceAll("[^A-Za-z0-9.-]+", "-").replaceAll("-$", "") + ".txt"), lines);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * One thing the validator found.
     *
     * @param api         the API and the server, e.g. {@code forms (reference)}
     * @param method      the request method
     * @param path        the request path
     * @param operationId the operation the validator matched, if it did
     * @param kind        the suite's kind of request ({@code positive}, {@code negative} ...)
     * @param status      the response status
     * @param key         the validator's message key, e.g. {@code validation.response.body.schema.type}
     * @param message     its message
     */
    record Finding(String api, String method, String path, String operationId, String kind, int status, String key,
                   String message) {
        @Override
        public String toString() {
            return api + " " + method + " " + path + (operationId.isEmpty() ? "" : " (" + operationId + ")") + " ["
                    + kind + "] -> " + status + ": " + key + ": " + message;
        }
    }
}
