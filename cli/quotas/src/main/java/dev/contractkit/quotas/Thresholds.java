package dev.contractkit.quotas;

import dev.contractkit.quotas.providers.Window;

import java.util.Optional;

/**
 * Where a quota's colour changes: green at or above {@code green} percent left, yellow at or above {@code yellow},
 * red below. Default 50 and 20; {@code [thresholds]} in the config or {@code --thresholds=<green>,<yellow>} change them.
 *
 * <pre>{@code
 * Thresholds.parse("60,25").orElseThrow().level(window);   // GREEN, YELLOW or RED
 * }</pre>
 *
 * @param green  percent left from which a quota is green
 * @param yellow percent left from which it is yellow (not above {@code green})
 */
record Thresholds(int green, int yellow) {
    static final Thresholds DEFAULT = new Thresholds(50, 20);

    enum Level { GREEN, YELLOW, RED }

    /** @return the problem with these values, if any */
    static Optional<String> problem(int green, int yellow) {
        if (green < 0 || green > 100 || yellow < 0 || yellow > 100) {
            return Optional.of("thresholds are percentages from 0 to 100, got green " + green + ", yellow " + yellow);
        }
        if (yellow > green) {
            return Optional.of("the yellow threshold (" + yellow + ") is above the green one (" + green + ")");
        }
        return Optional.empty();
    }

    /**
     * @param text {@code <green>,<yellow>}, e.g. {@code 60,25}
     * @return the thresholds
     * @throws IllegalArgumentException naming the problem
     */
    static Thresholds parse(String text) {
        String[] parts = text.trim().split("\\s*,\\s*");
        if (parts.length != 2 || !parts[0].matches("[0-9]{1,3}") || !parts[1].matches("[0-9]{1,3}")) {
            throw new IllegalArgumentException("--thresholds takes <green>,<yellow> in percent left, e.g. 50,20; got '" + text + "'");
        }
        int g = Integer.parseInt(parts[0]);
        int y = Integer.parseInt(parts[1]);
        problem(g, y).ifPresent(p -> {
            throw new IllegalArgumentException("--thresholds: " + p);
        });
        return new Thresholds(g, y);
    }

    /** @return the window's level; a window without a limit (a balance) is green */
    Level level(Window w) {
        double left = w.remainingRatio().orElse(1) * 100;
        return left >= green ? Level.GREEN : left >= yellow ? Level.YELLOW : Level.RED;
    }

    @Override
    public String toString() {
        return green + "," + yellow;
    }
}
