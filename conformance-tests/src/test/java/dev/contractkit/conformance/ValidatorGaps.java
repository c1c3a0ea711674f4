package dev.contractkit.conformance;

import com.atlassian.oai.validator.whitelist.ValidationErrorsWhitelist;
import com.atlassian.oai.validator.whitelist.rule.WhitelistRule;
import dev.contractkit.specs.check.ContractDocument;

import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import static com.atlassian.oai.validator.whitelist.rule.WhitelistRules.allOf;
import static com.atlassian.oai.validator.whitelist.rule.WhitelistRules.isResponse;
import static com.atlassian.oai.validator.whitelist.rule.WhitelistRules.messageHasKey;
import static com.atlassian.oai.validator.whitelist.rule.WhitelistRules.responseStatusIs;

/**
 * Where swagger-request-validator cannot judge what the kit's contracts say (a gap of the validator, not a defect
 * of a contract or a server): each rule ignores one message key for the requests it concerns, never more.
 * The reasons are in docs/decisions.md ("A second, independent validator").
 */
final class ValidatorGaps {
    private ValidatorGaps() {
    }

    /**
     * @param contract the contract the validator judges with
     * @return the rules for it
     */
    static ValidationErrorsWhitelist whitelist(ContractDocument contract) {
        return ValidationErrorsWhitelist.create()
                .withRule("concrete path matched to a template (405 for an undeclared method)", allOf(isResponse(),
                        messageHasKey("validation.response.status.unknown"), responseStatusIs(405),
                        concretePathWithoutTheMethod(contract)));
    }

    /**
     * OpenAPI matches a concrete path ({@code /runners/all}) before a template ({@code /runners/{id}}); the
     * validator picks the template when only the template declares the method, so the server's 405 for an
     * undeclared method of the concrete path is judged against the template's responses.
     */
    private static WhitelistRule concretePathWithoutTheMethod(ContractDocument contract) {
        Map<String, Set<String>> concrete = contract.operations().stream()
                .filter(op -> !op.path().contains("{"))
                .collect(Collectors.groupingBy(ContractDocument.Operation::path,
                        Collectors.mapping(op -> op.method().toUpperCase(Locale.ROOT), Collectors.toSet())));
        return (message, operation, request, response) -> {
            Set<String> methods = concrete.get(request.getPath());
            return methods != null && !methods.contains(request.getMethod().name())
                    && operation != null && operation.getApiPath().original().contains("{");
        };
    }
}
