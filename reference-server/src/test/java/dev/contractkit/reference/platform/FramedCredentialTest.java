package dev.contractkit.reference.platform;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.contractkit.specs.dialect.SecurityScheme;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link Admission#framed}, which reads an API key's credential out of its {@code x-kit-credential-format} without a
 * regular expression, answers what the scheme's own {@link SecurityScheme#form()} pattern answers, on every format
 * and value of a table of edge cases.
 */
class FramedCredentialTest {
    private static final List<String> FORMATS = List.of("Token token={credential}", "{credential}", "Key {credential};",
            "{credential} end", "Token token=", "k={credential}");
    private static final List<String> VALUES = List.of("Token token=abc", "Token token= abc", "Token token=", "Token token=a b",
            "token token=abc", "Token token=abc\n", "Token token=a\u2028b", "Token token=\u0085x", "Token token=\tx",
            "abc", " abc", "", "Key abc;", "Key ;", "Key a;;", "Key;", "x end", " end", "end", "k=", "k=\u00a0x", "k=x\ry",
            "k=x\u001Fy", "k=\u001Fy");

    private static SecurityScheme scheme(String format) {
        ObjectNode node = new ObjectMapper().createObjectNode().put("type", "apiKey").put("in", "header")
                .put("name", "Authorization").put(SecurityScheme.CREDENTIAL_FORMAT, format);
        return SecurityScheme.of("key", node);
    }

    private static Optional<String> byPattern(SecurityScheme s, String v) {
        Matcher m = s.form().orElseThrow().matcher(v);
        return m.matches() && m.groupCount() > 0 ? Optional.of(m.group(1).trim()) : Optional.empty();
    }

    @Test
    void readsTheSameCredentialAsTheSchemesPatternOnEveryFormatAndValue() {
        List<String> differences = new ArrayList<>();
        int found = 0;
        for (String format : FORMATS) {
            SecurityScheme s = scheme(format);
            for (String v : VALUES) {
                Optional<String> expected = byPattern(s, v);
                Optional<String> actual = Admission.framed(format, v);
                if (!expected.equals(actual)) {
                    differences.add(format + " | " + v.replace("\n", "\\n") + ": pattern " + expected + ", framed " + actual);
                }
                found += expected.isPresent() ? 1 : 0;
            }
        }
        assertThat(differences).isEmpty();
        assertThat(found).as("the table has values each format accepts").isGreaterThan(10);
    }

    @Test
    void takesTheCredentialBetweenTheFormatsLiteralText() {
        assertThat(Admission.framed("Token token={credential}", "Token token=kit-demo-forms-key")).contains("kit-demo-forms-key");
        assertThat(Admission.framed("Token token={credential}", "Bearer kit-demo-forms-key")).isEmpty();
    }
}
