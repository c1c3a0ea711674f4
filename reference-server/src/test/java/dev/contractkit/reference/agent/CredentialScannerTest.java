package dev.contractkit.reference.agent;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

/**
 * The credential detector finds what it found before and runs in linear time: for each of its patterns, 200 KB of
 * the characters that make a backtracking regex retry from every position (the old {@code jdbc:\S*password=}
 * took over 10 s for 160 KB of {@code jdbc:}). The bound is generous: only catastrophic behaviour fails.
 */
class CredentialScannerTest {
    static final int SIZE = 200_000;

    @ParameterizedTest
    @ValueSource(strings = {"jdbc:", "jdbc:password", "jdbc:password=;", "password=", "token ", "token:", "pwd \t",
            "bearer ", "Bearer x", "sk-", "sk-abc!", "://a:", "://", "a:b", ":", " ", "a"})
    void adversarialInputIsScannedInLinearTime(String piece) {
        String repeated = piece.repeat(SIZE / piece.length());
        String tail = piece + " ".repeat(SIZE) + "x";
        String head = piece + "a".repeat(SIZE);
        assertTimeoutPreemptively(Duration.ofSeconds(2), () -> {
            CredentialScanner.inText(repeated);
            CredentialScanner.inText(tail);
            CredentialScanner.inText(head);
        });
    }

    @ParameterizedTest
    @ValueSource(strings = {"connect with jdbc:postgresql://db/x?user=a&password=hunter22", "JDBC:h2:mem:x;PASSWORD=abc",
            "password=hunter22", "my token: abcdefgh", "Authorization: Bearer abcdefghijklmnopqrstu",
            "key sk-abcdefghijklmnopqrstuv", "http://bob:pw123@host/x", "x jdbc:pg://h/d?a=1&password=p"})
    void credentialsAreFound(String text) {
        assertThat(CredentialScanner.inText(text)).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"What is the revenue by region?", "jdbc:postgresql://db/x?password=", "jdbc:x password=abc",
            "password= abc", "the token is short: ab", "sk-short", "http://host/x@y"})
    void ordinaryTextIsNot(String text) {
        assertThat(CredentialScanner.inText(text)).isFalse();
    }
}
