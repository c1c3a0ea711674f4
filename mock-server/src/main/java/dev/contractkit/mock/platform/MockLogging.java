package dev.contractkit.mock.platform;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.logging.LogManager;

/**
 * The command line's logging: warnings and errors on stderr, networknt's keyword warnings off. MockServer
 * replaces the JDK logging configuration with its own (on stdout) unless {@code java.util.logging.config.file}
 * or {@code java.util.logging.config.class} is set; {@link #install()} sets the latter to this class, which JDK
 * logging instantiates to read the configuration. A configuration the user names with either property wins.
 *
 * <pre>{@code
 * MockLogging.install();   // first thing in main()
 * }</pre>
 */
public final class MockLogging {
    private static final String CONFIG_CLASS = "java.util.logging.config.class";

    /** Reads the bundled configuration; called by JDK logging. */
    public MockLogging() {
        try (InputStream in = MockLogging.class.getResourceAsStream("logging.properties")) {
            LogManager.getLogManager().readConfiguration(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Installs the configuration unless the user named one. */
    public static void install() {
        if (System.getProperty("java.util.logging.config.file") != null || System.getProperty(CONFIG_CLASS) != null) {
            return;
        }
        System.setProperty(CONFIG_CLASS, MockLogging.class.getName());
        try {
            LogManager.getLogManager().readConfiguration();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
