package dev.contractkit.reference.agent;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

/**
 * The credential detector finds what it found before and runs in linear time: for each of its patterns, 100 KB of
 * the characters that make a backtracking regex retry from every position (the old {@code jdbc:\S*password=}
 * took over 10 s for 160 KB of {@code jdbc:}, so about 4 s for 100 KB: twenty times the bound below; 200 KB made the
 * class 15 s of the suite). Not a timed test: the adversarial text is compared with ordinary text
 * of the same length scanned in the same run (the best of three each, so a loaded machine slows both alike), and
 * the bound is generous: only catastrophic (quadratic) behaviour, thousands of times slower, fails.
 */
class CredentialScannerTest {
    static final int SIZE = 100_000;
    static final int RATIO = 200;

    @ParameterizedTest
    @ValueSource(strings = {"jdbc:", "jdbc:password", "jdbc:password=;", "password=", "token ", "token:", "pwd \t",
            "bearer ", "Bearer x", "sk-", "sk-abc!", "://a:", "://", "a:b", ":", " ", "a"})
    void adversarialInputIsScannedInLinearTime(String piece) {
        String repeated = piece.repeat(SIZE / piece.length());
        String tail = piece + " ".repeat(SIZE) + "x";
        String head = piece + "a".repeat(SIZE);
        String ordinary = "What is the revenue by region? ".repeat((repeated.length() + tail.length() + head.length()) / 31);
        long baseline = bestOfThree(() -> CredentialScanner.inText(ordinary));
        assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
            long adversarial = bestOfThree(() -> {
                CredentialScanner.inText(repeated);
                CredentialScanner.inText(tail);
                CredentialScanner.inText(head);
            });
            assertThat(adversarial).as("ns for %s against %d ns for ordinary text of the same length", piece, baseline)
                    .isLessThan(Math.max(baseline, 1_000_000L) * RATIO);
        });
    }

    private static long bestOfThree(Runnable scan) {
        long best = Long.MAX_VALUE;
        for (int i = 0; i < 3; i++) {
            long start = System.nanoTime();
            scan.run();
            best = Math.min(best, System.nanoTime() - start);
        }
        return best;
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
