package dev.contractkit.specs.check;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;

/** A document keeps its text as UTF-8 (half a String's size beyond Latin-1) and answers what it mentions from it. */
class ContractDocumentTest {
    private static final String TEXT = """
            openapi: 3.0.3
            info: {title: "caf\u00e9 \u2615", version: '1'}
            paths:
              /a: {get: {x-kit-state: {}, responses: {'200': {description: ok}}}}
            """;

    @Test
    void theTextIsGivenBackAsReadFromAStringOrFromUtf8() {
        assertThat(ContractDocument.parse("a.yaml", TEXT).text()).isEqualTo(TEXT);
        assertThat(ContractDocument.parse("a.yaml", TEXT.getBytes(StandardCharsets.UTF_8)).text()).isEqualTo(TEXT);
        assertThat(ContractDocument.parse("a.yaml", TEXT.getBytes(StandardCharsets.UTF_8)).operations()).hasSize(1);
    }

    @Test
    void whatTheTextMentionsIsFoundBeyondLatin1ToItsEnd() {
        ContractDocument doc = ContractDocument.parse("a.yaml", TEXT);

        assertThat(doc.mentions("x-kit-state")).isTrue();
        assertThat(doc.mentions("caf\u00e9 \u2615")).isTrue();
        assertThat(doc.mentions("description: ok}}}}\n")).isTrue();
        assertThat(doc.mentions("x-kit-roles")).isFalse();
        assertThat(doc.mentions("caf\u00e9 \u2616")).isFalse();
    }
}
