package dev.contractkit.reference.platform;

import org.junit.jupiter.api.Test;

import java.sql.SQLException;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.SimpleFormatter;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Text a request chose cannot forge log entries (issue 34.13): the formatter {@code Main} installs writes control
 * characters in the message, in an exception's message and in its causes' as escapes, and keeps the stack trace.
 */
class LogEscapingTest {
    static final String FORGED = "r1\r\nSEVERE: admin logged in from 10.0.0.1\u001b[2J\u2028end";

    @Test
    void aMessageAndExceptionsWithLineBreaksStayOneEntryWithTheirStackTrace() {
        LogRecord record = new LogRecord(Level.WARNING, "agent run {0} failed");
        record.setParameters(new Object[] {FORGED});
        record.setLoggerName("dev.contractkit.reference.agent.Analyst");
        IllegalStateException failure = new IllegalStateException("query of " + FORGED,
                new SQLException("syntax error near \"\n\tat fake.Frame(Fake.java:1)\""));
        failure.addSuppressed(new IllegalArgumentException("closing\nforged"));
        record.setThrown(failure);

        String logged = new LogEscaping(new SimpleFormatter()).format(record);

        assertThat(logged).contains("agent run r1\\r\\nSEVERE: admin logged in from 10.0.0.1\\u001b[2J\\u2028end failed")
                .contains("java.lang.IllegalStateException: query of r1\\r\\nSEVERE")
                .contains("Caused by: java.sql.SQLException: syntax error near \"\\n\\tat fake.Frame(Fake.java:1)\"")
                .contains("Suppressed: java.lang.IllegalArgumentException: closing\\nforged")
                .contains("\tat " + LogEscapingTest.class.getName() + ".aMessageAndExceptionsWithLineBreaksStayOneEntryWithTheirStackTrace");
        // every line is the record's header, its message, or a part of the stack trace
        assertThat(logged.lines().skip(2)).allMatch(l -> l.isEmpty() || l.startsWith("\tat ") || l.startsWith("\t... ")
                || l.startsWith("Caused by: ") || l.startsWith("\tSuppressed: ") || l.startsWith("\t\tat ")
                || l.startsWith("\t\t... ") || l.startsWith("java.lang.IllegalStateException: "));
        assertThat(logged.lines().filter(l -> l.contains("SEVERE: admin"))).allMatch(l -> l.contains("\\r\\n"));
        assertThat(logged).doesNotContain("\u001b").doesNotContain("\u2028");
    }

    @Test
    void textWithoutControlCharactersIsUnchanged() {
        assertThat(LogEscaping.escape("run r-1 of thread t.1:x failed")).isEqualTo("run r-1 of thread t.1:x failed");
        assertThat(LogEscaping.escape(null)).isNull();
    }
}
