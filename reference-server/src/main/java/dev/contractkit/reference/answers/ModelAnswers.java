package dev.contractkit.reference.answers;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.contractkit.reference.answers.model.ErrorDetail;
import dev.contractkit.reference.answers.model.ErrorReason;
import dev.contractkit.reference.platform.ApiError;
import dev.contractkit.reference.platform.ModelProfiles;
import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.exception.HttpException;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.request.ResponseFormat;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.chat.response.StreamingChatResponseHandler;
import io.helidon.http.Status;

import java.net.URI;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.logging.Logger;

/**
 * The model-backed engine ({@code answers.model-profile} names one of the operator's model profiles): the rule
 * engine's content filter first (rule 1, never bypassed), then the model, told the contract's rules and its four
 * refusal reasons, replies in one JSON object (the provider's JSON mode, {@code response_format: json_object}, unless
 * {@code answers.model-json-mode} is false), parsed strictly:
 * <pre>
 * {"answer": "Markdown", "references": [{"title": "...", "url": "https://..."}]}
 * {"refusal": "ShouldUseScreener", "detail": "SeveralCompanies", "message": "..."}
 * </pre>
 * A reply that is anything else is {@code FailedToAnswer} ({@code NoMatchingData}: no answer passed the service's
 * self-evaluation). A provider that cannot answer (unreachable, timed out, rate limiting, failing, refusing the key)
 * is a 503 {@code ServiceUnavailable} that names the cause by its status only (the provider's body may quote the
 * key).
 */
final class ModelAnswers implements Answerer {
    private static final Logger LOG = Logger.getLogger(ModelAnswers.class.getName());
    /** The finer details a model may give for each reason (the contract's table). */
    private static final Map<ErrorReason, Set<ErrorDetail>> DETAILS = Map.of(
            ErrorReason.NON_INVESTMENT_RELATED, Set.of(ErrorDetail.OFF_TOPIC),
            ErrorReason.SHOULD_USE_SCREENER, Set.of(ErrorDetail.SEVERAL_COMPANIES, ErrorDetail.SCREENING),
            ErrorReason.CONTENT_FILTERED, Set.of(ErrorDetail.MARKET_ABUSE, ErrorDetail.CRIME, ErrorDetail.VIOLENCE,
                    ErrorDetail.ABUSIVE_LANGUAGE),
            ErrorReason.FAILED_TO_ANSWER, Set.of(ErrorDetail.UNKNOWN_COMPANY, ErrorDetail.FIGURE_NOT_IN_DATA,
                    ErrorDetail.NO_MATCHING_DATA));
    static final String SYSTEM = """
            You are an investment answer service. Answer questions about investments, stocks, companies, markets \
            and finance in Markdown, citing your sources. Reply with exactly one JSON object and nothing else, in \
            one of two forms:
            {"answer": "<the answer in Markdown>", "references": [{"title": "<source title>", "url": "<https URL>"}]}
            {"refusal": "<reason>", "detail": "<detail>", "message": "<one sentence for the user: why, and what to do>"}
            Refuse (the second form) in these cases only, with exactly these reason and detail values:
            - ContentFiltered (detail MarketAbuse, Crime, Violence or AbusiveLanguage): the question asks for \
            something inappropriate: market manipulation, insider trading, other crime, violence, or it is abusive.
            - ShouldUseScreener (detail SeveralCompanies or Screening): the question compares two or more companies, \
            or screens, ranks or compares a set of stocks; a screener should answer it.
            - NonInvestmentRelated (detail OffTopic): the question is not about investments, stocks, companies or \
            finance. Never use it when the request says forceAnswer is true: then answer the question.
            - FailedToAnswer (detail UnknownCompany, FigureNotInData or NoMatchingData): you cannot answer it \
            reliably: a company you do not know, a figure, period or forecast you do not have, or nothing you know \
            answers it. Do not guess figures.
            Give no investment advice (whether to buy or sell); state facts. "references" may be empty; every url \
            is an absolute http(s) URL.""";

    private final ModelProfiles.Profile profile;
    private final boolean jsonMode;
    private final ObjectMapper strict = JsonMapper.builder()
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION).build();

    /**
     * @param profile  the model profile that answers
     * @param jsonMode ask for the provider's JSON mode ({@code response_format: json_object}); off for a provider that
     *                 refuses it (the reply is parsed just as strictly)
     */
    ModelAnswers(ModelProfiles.Profile profile, boolean jsonMode) {
        this.profile = profile;
        this.jsonMode = jsonMode;
    }

    @Override
    public AnswerEngine.AnswerOrRefusal answer(String query, boolean forceAnswer) {
        Optional<AnswerEngine.Refused> filtered = AnswerEngine.filtered(query);
        if (filtered.isPresent()) {
            return filtered.get();
        }
        ChatRequest request = ChatRequest.builder().responseFormat(jsonMode ? ResponseFormat.JSON : null)
                .messages(SystemMessage.from(SYSTEM), UserMessage.from(strict.createObjectNode()
                        .put("query", query).put("forceAnswer", forceAnswer).toString())).build();
        String reply = call(request);
        try {
            return parse(reply, forceAnswer);
        } catch (IllegalArgumentException e) {
            LOG.info(() -> "answers: the reply of model profile '" + profile.id() + "' is not valid: " + e.getMessage());
            return new AnswerEngine.Refused(ErrorReason.FAILED_TO_ANSWER, ErrorDetail.NO_MATCHING_DATA,
                    "no answer passed the service's self-evaluation: the model's reply was not a valid answer ("
                            + e.getMessage() + "); try again or rephrase the question");
        }
    }

    private String call(ChatRequest request) {
        CompletableFuture<ChatResponse> done = new CompletableFuture<>();
        try {
            profile.client().chat(request, new StreamingChatResponseHandler() {
                @Override
                public void onCompleteResponse(ChatResponse response) {
                    done.complete(response);
                }

                @Override
                public void onError(Throwable error) {
                    done.completeExceptionally(error);
                }
            });
            ChatResponse response = done.get(profile.timeout().toMillis() + 5_000, TimeUnit.MILLISECONDS);
            String text = response.aiMessage() == null ? null : response.aiMessage().text();
            return text == null ? "" : text;
        } catch (ExecutionException e) {
            throw unavailable(e.getCause());
        } catch (TimeoutException e) {
            throw unavailable(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw unavailable(e);
        } catch (RuntimeException e) { // refused before anything was sent
            throw unavailable(e);
        }
    }

    /** The provider's failure as a 503: its status or kind only, never its body. */
    private ApiError unavailable(Throwable error) {
        HttpException http = cause(error, HttpException.class);
        String why;
        if (http != null && http.statusCode() == 429) {
            why = "is rate limiting the service (HTTP 429)";
        } else if (http != null && (http.statusCode() == 401 || http.statusCode() == 403)) {
            why = "refused the service's key (HTTP " + http.statusCode() + "); the operator must check the model profile";
        } else if (http != null) {
            why = "failed (HTTP " + http.statusCode() + ")";
        } else if (error instanceof TimeoutException || cause(error, dev.langchain4j.exception.TimeoutException.class) != null
                || cause(error, java.net.http.HttpTimeoutException.class) != null) {
            why = "did not answer in time";
        } else if (cause(error, java.io.IOException.class) != null) {
            why = "cannot be reached";
        } else {
            why = "failed (" + error.getClass().getSimpleName() + ")";
        }
        LOG.warning(() -> "answers: the provider of model profile '" + profile.id() + "' " + why);
        return new ApiError(Status.SERVICE_UNAVAILABLE_503, "ServiceUnavailable",
                "the answer model's provider " + why + "; try again later");
    }

    private static <T extends Throwable> T cause(Throwable e, Class<T> type) {
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (type.isInstance(t)) {
                return type.cast(t);
            }
        }
        return null;
    }

    /**
     * @throws IllegalArgumentException saying what is wrong with the reply
     */
    AnswerEngine.AnswerOrRefusal parse(String reply, boolean forceAnswer) {
        JsonNode node;
        try {
            node = strict.readTree(reply.strip());
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("not one JSON object");
        }
        if (node == null || !node.isObject()) {
            throw new IllegalArgumentException("not one JSON object");
        }
        if (node.has("answer") == node.has("refusal")) {
            throw new IllegalArgumentException("neither an answer nor a refusal");
        }
        return node.has("answer") ? answered(node) : refused(node, forceAnswer);
    }

    private AnswerEngine.Answered answered(JsonNode node) {
        only(node, Set.of("answer", "references"));
        String markdown = text(node, "answer");
        JsonNode refs = node.path("references");
        if (!refs.isMissingNode() && !refs.isArray()) {
            throw new IllegalArgumentException("references is not an array");
        }
        List<AnswerEngine.Source> sources = new ArrayList<>();
        for (JsonNode r : refs) {
            if (!r.isObject()) {
                throw new IllegalArgumentException("a reference is not an object");
            }
            only(r, Set.of("title", "url"));
            String url = text(r, "url");
            URI uri;
            try {
                uri = new URI(url);
            } catch (java.net.URISyntaxException e) {
                uri = null;
            }
            if (uri == null || !uri.isAbsolute() || uri.getHost() == null
                    || !Set.of("http", "https").contains(uri.getScheme().toLowerCase(java.util.Locale.ROOT))) {
                throw new IllegalArgumentException("a reference's url is not an absolute http(s) URL");
            }
            sources.add(new AnswerEngine.Source(text(r, "title"), url));
        }
        return new AnswerEngine.Answered("model " + profile.id(), markdown, sources, List.of());
    }

    private static AnswerEngine.Refused refused(JsonNode node, boolean forceAnswer) {
        only(node, Set.of("refusal", "detail", "message"));
        ErrorReason reason;
        ErrorDetail detail;
        try {
            reason = ErrorReason.fromValue(text(node, "refusal"));
            detail = ErrorDetail.fromValue(text(node, "detail"));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("refusal or detail is not one of the contract's values");
        }
        if (!DETAILS.get(reason).contains(detail)) {
            throw new IllegalArgumentException("detail " + detail.getValue() + " does not go with " + reason.getValue());
        }
        if (forceAnswer && reason == ErrorReason.NON_INVESTMENT_RELATED) {
            throw new IllegalArgumentException("NonInvestmentRelated although forceAnswer was set");
        }
        return new AnswerEngine.Refused(reason, detail, text(node, "message"));
    }

    private static void only(JsonNode node, Set<String> names) {
        for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
            String name = it.next();
            if (!names.contains(name)) {
                throw new IllegalArgumentException("unexpected field " + name.substring(0, Math.min(name.length(), 40)));
            }
        }
    }

    private static String text(JsonNode node, String name) {
        JsonNode v = node.get(name);
        if (v == null || !v.isTextual() || v.asText().isBlank()) {
            throw new IllegalArgumentException(name + " is not a non-blank string");
        }
        return v.asText().strip();
    }
}
