package dev.contractkit.reference.platform;

import java.util.logging.Formatter;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.logging.SimpleFormatter;

/**
 * Log lines a caller cannot forge: the server logs text that requests chose (a run's or task's id, a request id, the
 * message of an exception a request caused), so every control character in a record's message and in its
 * exceptions' messages is written as an escape ({@code \n}, {@code \r}, {@code \t}, {@code \u001b}, ...), and one
 * record stays one entry. Wraps the formatter of each handler on the root logger, whatever the logging
 * configuration chose.
 *
 * <pre>{@code
 * LogEscaping.install();   // first thing in main()
 * }</pre>
 */
public final class LogEscaping extends Formatter {
    private static final int MAX_CAUSES = 16;
    private final Formatter delegate;

    LogEscaping(Formatter delegate) {
        this.delegate = delegate == null ? new SimpleFormatter() : delegate;
    }

    /** Wraps the formatter of every handler of the root logger (once). */
    public static void install() {
        for (Handler h : Logger.getLogger("").getHandlers()) {
            if (!(h.getFormatter() instanceof LogEscaping)) {
                h.setFormatter(new LogEscaping(h.getFormatter()));
            }
        }
    }

    @Override
    public String format(LogRecord record) {
        LogRecord safe = new LogRecord(record.getLevel(), escape(formatMessage(record)));
        safe.setInstant(record.getInstant());
        safe.setLoggerName(record.getLoggerName());
        safe.setSourceClassName(record.getSourceClassName());
        safe.setSourceMethodName(record.getSourceMethodName());
        safe.setLongThreadID(record.getLongThreadID());
        safe.setSequenceNumber(record.getSequenceNumber());
        if (record.getThrown() != null) {
            safe.setThrown(new Escaped(record.getThrown(), 0));
        }
        return delegate.format(safe);
    }

    /**
     * @param text any text (may be null)
     * @return the text with every control character (C0, DEL, C1) and the Unicode line and paragraph separators
     *     written as an escape
     */
    public static String escape(String text) {
        if (text == null) {
            return null;
        }
        StringBuilder out = null;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            boolean control = Character.isISOControl(c) || c == '\u2028' || c == '\u2029';
            if (control && out == null) {
                out = new StringBuilder(text.length() + 16).append(text, 0, i);
            }
            if (out != null) {
                if (!control) {
                    out.append(c);
                } else if (c == '\n') {
                    out.append("\\n");
                } else if (c == '\r') {
                    out.append("\\r");
                } else if (c == '\t') {
                    out.append("\\t");
                } else {
                    out.append(String.format("\\u%04x", (int) c));
                }
            }
        }
        return out == null ? text : out.toString();
    }

    /** An exception as logged: its text escaped, its stack trace, causes and suppressed exceptions kept. */
    private static final class Escaped extends Throwable {
        private final String text;

        Escaped(Throwable t, int depth) {
            super(null, t.getCause() == null || t.getCause() == t || depth >= MAX_CAUSES ? null
                    : new Escaped(t.getCause(), depth + 1), true, true);
            this.text = escape(t.toString());
            setStackTrace(t.getStackTrace());
            if (depth < MAX_CAUSES) {
                for (Throwable s : t.getSuppressed()) {
                    addSuppressed(new Escaped(s, depth + 1));
                }
            }
        }

        @Override
        public String toString() {
            return text;
        }
    }
}
