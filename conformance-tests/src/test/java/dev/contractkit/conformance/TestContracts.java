package dev.contractkit.conformance;

import dev.contractkit.conformance.checks.Check;
import dev.contractkit.specs.check.ContractDocument;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Set;

/** Contracts for tests: the kit's forms contract and a test-only pets contract exercising other features. */
public final class TestContracts {
    /** Checks that need what the forms contract does not have (roles, rate limits, paging links, chains, channels). */
    static final Set<Check> NOT_FOR_FORMS = Set.of(Check.FORBIDDEN_ROLE,
            Check.RATE_LIMIT_HEADERS, Check.STATE_TRANSITIONS, Check.WEBSOCKET_MESSAGE_SCHEMA, Check.SSE_EVENT_SCHEMA,
            Check.AGUI_EVENT_ORDER, Check.ENSURE_RESOURCE_AVAILABILITY, Check.MISSING_REQUIRED_HEADER,
            Check.RESPONSE_HEADERS_CONFORMANCE, Check.USE_AFTER_FREE, Check.VERSION_REMOVALS, Check.MEDIA_TYPE_ACCEPTANCE);

    private TestContracts() {
    }

    public static ContractDocument forms() {
        return ContractDocument.load("openapi/forms.yaml");
    }

    /** Bearer auth, a public operation, a JSON request body, enums, a header parameter, 4XX and default responses. */
    public static ContractDocument pets() {
        try (InputStream in = TestContracts.class.getResourceAsStream("/contracts/pets.yaml")) {
            return ContractDocument.parse("pets.yaml", new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
