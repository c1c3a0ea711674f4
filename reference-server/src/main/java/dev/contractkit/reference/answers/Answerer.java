package dev.contractkit.reference.answers;

/** What answers a question: the rule engine ({@link AnswerEngine}, the default) or a model (ModelAnswers). */
interface Answerer {
    /**
     * @param query       the question
     * @param forceAnswer answer even when the question is not about investments
     * @return the answer or the reason there is none
     * @throws dev.contractkit.reference.platform.ApiError 503 when a model's provider cannot answer now
     */
    AnswerEngine.AnswerOrRefusal answer(String query, boolean forceAnswer);
}
