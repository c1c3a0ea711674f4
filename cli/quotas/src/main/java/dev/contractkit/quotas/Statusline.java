package dev.contractkit.quotas;

import dev.contractkit.quotas.providers.Provider;
import dev.contractkit.quotas.providers.ProviderResult;
import dev.contractkit.quotas.providers.Window;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The statusline: one segment per provider in the cache (per account, {@code github-copilot:octocat}, for a provider
 * with several), joined with {@code " | "}. An available provider shows
 * its tightest window (lowest remaining/limit) through the template; the others show their status. Reads nothing
 * but what it is given: no HTTP, no terminal library.
 *
 * <pre>{@code
 * ● claude 58/100 | ◐ codex 39/100 | ✗ zai login
 * }</pre>
 */
final class Statusline {
    static final String DEFAULT_TEMPLATE = "%provider %remaining/%limit";
    private static final Pattern PLACEHOLDER = Pattern.compile("%(provider|remaining|limit|window|used|reset)");

    private Statusline() {
    }

    static String render(Map<String, Cache.Entry> entries, List<Provider> providers, String template, boolean icons,
                         Instant now) {
        return render(entries, providers, template, icons, now, Map.of());
    }

    /** @param quotaFavorites per provider id its favorite quota labels: the first one present is shown instead of the tightest */
    static String render(Map<String, Cache.Entry> entries, List<Provider> providers, String template, boolean icons,
                         Instant now, Map<String, List<String>> quotaFavorites) {
        return render(entries, providers, template, icons, now, quotaFavorites, Map.of(), Thresholds.DEFAULT);
    }

    /**
     * @param quotaFavorites per provider id its favorite quota labels: the first one present is shown instead of the tightest
     * @param quotaHidden    per provider id its hidden quota labels: never shown, never the tightest
     * @param thresholds     where the icon changes
     */
    static String render(Map<String, Cache.Entry> entries, List<Provider> providers, String template, boolean icons,
                         Instant now, Map<String, List<String>> quotaFavorites, Map<String, List<String>> quotaHidden,
                         Thresholds thresholds) {
        List<String> segments = new ArrayList<>();
        for (Provider p : providers) {
            // one segment per account of a provider with several, named <provider>:<account>
            for (Cache.Entry e : entries.values()) {
                if (e.result().provider() == p) {
                    segments.add(segment(e.result(), template, icons, now, quotaFavorites.getOrDefault(p.id(), List.of()),
                            quotaHidden.getOrDefault(p.id(), List.of()), thresholds) + age(e, now));
                }
            }
        }
        return String.join(" | ", segments);
    }

    /** @return {@code " (2h ago)"} when the figures shown are older than the cache's 30 minutes, else nothing */
    static String age(Cache.Entry e, Instant now) {
        return e.cachedAt().plus(Cache.STALE).isBefore(now) ? " (" + Numbers.until(e.cachedAt(), now) + " ago)" : "";
    }

    /** @return the providers with the favorites first (in the order they were starred), as in the terminal UI */
    static List<Provider> favoritesFirst(List<Provider> providers, List<String> favorites) {
        List<Provider> out = new ArrayList<>();
        favorites.stream().map(Provider::byId).flatMap(Optional::stream).filter(providers::contains)
                .filter(p -> !out.contains(p)).forEach(out::add);
        providers.stream().filter(p -> !out.contains(p)).forEach(out::add);
        return out;
    }

    static String segment(ProviderResult result, String template, boolean icons, Instant now) {
        return segment(result, template, icons, now, List.of());
    }

    static String segment(ProviderResult result, String template, boolean icons, Instant now, List<String> favoriteLabels) {
        return segment(result, template, icons, now, favoriteLabels, List.of(), Thresholds.DEFAULT);
    }

    static String segment(ProviderResult result, String template, boolean icons, Instant now, List<String> favoriteLabels,
                          List<String> hidden, Thresholds thresholds) {
        String id = result.key();
        return switch (result) {
            case ProviderResult.Available a -> favoriteLabels.stream()
                    .flatMap(l -> visible(a.windows(), hidden).stream().filter(w -> w.label().equals(l))).findFirst()
                    .or(() -> tightest(visible(a.windows(), hidden)))
                    .map(w -> (icons ? icon(w, thresholds) + " " : "") + fill(template, id, w, now))
                    .orElse((icons ? "● " : "") + id + (a.plan().isEmpty() ? "" : " " + a.plan()));
            case ProviderResult.Unavailable u -> (icons ? "⊘ " : "") + id + " unavailable";
            case ProviderResult.AuthRequired r -> (icons ? "✗ " : "") + id + " login";
            case ProviderResult.NetworkError n -> (icons ? "⚠ " : "") + id + " offline";
        };
    }

    /** @return the window with the lowest remaining/limit ratio; a balance (no limit) only when there is nothing else */
    static Optional<Window> tightest(List<Window> windows) {
        return windows.stream().filter(w -> w.remainingRatio().isPresent())
                .min(Comparator.comparingDouble(w -> w.remainingRatio().getAsDouble()))
                .or(() -> windows.stream().findFirst());
    }

    /** @return the windows whose labels are not hidden */
    static List<Window> visible(List<Window> windows, List<String> hidden) {
        return windows.stream().filter(w -> !hidden.contains(w.label())).toList();
    }

    private static String icon(Window w, Thresholds thresholds) {
        return switch (thresholds.level(w)) {
            case GREEN -> "●";
            case YELLOW -> "◐";
            case RED -> "○";
        };
    }

    private static String fill(String template, String provider, Window w, Instant now) {
        Matcher m = PLACEHOLDER.matcher(template);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String value = switch (m.group(1)) {
                case "provider" -> provider;
                case "remaining" -> Numbers.amount(w.remaining(), w.unit());
                case "limit" -> Numbers.amount(w.limit(), w.unit());
                case "used" -> Numbers.amount(w.used(), w.unit());
                case "window" -> w.label();
                default -> w.resetsAt().map(t -> Numbers.until(now, t)).orElse("-");
            };
            m.appendReplacement(out, Matcher.quoteReplacement(value));
        }
        m.appendTail(out);
        return out.toString();
    }

    /** Number and duration formatting shared with the JSON-free views. */
    static final class Numbers {
        private Numbers() {
        }

        /** Money in dollars as {@code $7.66}; anything else as {@link #format}. */
        static String amount(OptionalDouble v, String unit) {
            if ("USD".equals(unit) && v.isPresent()) {
                return String.format(Locale.ROOT, "$%.2f", v.getAsDouble());
            }
            return format(v);
        }

        static String format(OptionalDouble v) {
            if (v.isEmpty()) {
                return "-";
            }
            double d = v.getAsDouble();
            double abs = Math.abs(d);
            if (abs >= 1e9) {
                return trim(d / 1e9) + "G";
            }
            if (abs >= 1e6) {
                return trim(d / 1e6) + "M";
            }
            if (abs >= 1e4) {
                return trim(d / 1e3) + "k";
            }
            return d == Math.rint(d) ? String.valueOf((long) d) : String.format(Locale.ROOT, "%.2f", d);
        }

        private static String trim(double d) {
            String s = String.format(Locale.ROOT, "%.1f", d);
            return s.endsWith(".0") ? s.substring(0, s.length() - 2) : s;
        }

        static String until(Instant now, Instant then) {
            Duration d = Duration.between(now, then);
            if (d.isNegative() || d.isZero()) {
                return "now";
            }
            long minutes = d.toMinutes();
            if (minutes < 60) {
                return minutes + "m";
            }
            if (minutes < 48 * 60) {
                return minutes / 60 + "h" + (minutes % 60 == 0 ? "" : minutes % 60 + "m");
            }
            return minutes / (24 * 60) + "d" + (minutes / 60 % 24 == 0 ? "" : minutes / 60 % 24 + "h");
        }
    }
}
