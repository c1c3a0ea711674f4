package dev.contractkit.quotas;

import dev.contractkit.quotas.providers.Provider;
import dev.contractkit.quotas.providers.ProviderResult;
import dev.contractkit.quotas.providers.Window;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Turns the UI state into screen lines (a pure function, so what the screen shows is decided in one place). */
final class TuiView {
    enum Style { NORMAL, SELECTED, DIM, TITLE, GOOD, WARN, BAD }

    /** @param text the line; @param style how it is drawn */
    record Line(String text, Style style) {
    }

    private static final String[] SPINNER = {"|", "/", "-", "\\"};
    static final String LIST_KEYS = "↑↓ move  Enter open  R refresh  A auto-refresh  F favorite  C copy JSON  Q quit";
    static final String CARD_KEYS = "Tab layout  ↑↓ quota  PgUp/PgDn scroll  F favorite  X hide  C copy  Esc back  Q quit";

    private TuiView() {
    }

    /** @return exactly {@code height} lines (or fewer when the terminal is tiny) */
    static List<Line> render(TuiState s, int width, int height, Instant now, int tick) {
        // the message line grows (up to 3 lines) rather than cutting off what the user needs to read
        List<String> message = wrap(s.message.isEmpty() ? s.update : s.message, width).stream().limit(3).toList();
        int room = Math.max(1, height - 2 - message.size());
        s.page = room;
        int[] focusRows = {0, 0};
        List<Line> body = s.detail ? card(s, room, width, now, focusRows) : list(s, now);
        if (s.detail) {
            s.scroll = cardTop(s, body.size(), room, focusRows);
        } else {
            // like htop: the selected row is always on screen, the list scrolls under it
            int top = Math.max(0, Math.min(s.listTop, body.size() - room));
            if (s.selected < top) {
                top = s.selected;
            } else if (s.selected >= top + room) {
                top = s.selected - room + 1;
            }
            s.listTop = Math.max(0, top);
        }
        int top = s.detail ? s.scroll : s.listTop;
        List<Line> out = new ArrayList<>();
        String progress = s.isRefreshing() ? "refreshing " + s.done() + "/" + s.refreshTotal + " " + SPINNER[Math.floorMod(tick, 4)] : "";
        String position = body.size() > room ? "  " + (top + 1) + "-" + Math.min(body.size(), top + room) + "/" + body.size()
                + (s.detail ? " lines" : "") : "";
        out.add(new Line(fit("quotas  auto-refresh: " + (s.autoRefresh ? "on" : "off")
                + (s.detail ? "  layout: " + layoutName(s, room) : "") + position + "  " + progress, width), Style.TITLE));
        for (int i = top; i < Math.min(body.size(), top + room); i++) {
            out.add(new Line(fit(body.get(i).text(), width), body.get(i).style()));
        }
        while (out.size() < height - 1 - message.size()) {
            out.add(new Line("", Style.NORMAL));
        }
        message.forEach(m -> out.add(new Line(fit(m, width), Style.WARN)));
        out.add(new Line(fit(s.detail ? CARD_KEYS : LIST_KEYS, width), Style.DIM));
        return out;
    }

    /**
     * The card's first visible line: after a move of the quota focus the focused row is brought on screen (the
     * first quota shows the card's head, the last its end); after PgUp/PgDn without quotas the view scrolls by a page.
     */
    private static int cardTop(TuiState s, int lines, int room, int[] focusRows) {
        int max = Math.max(0, lines - room);
        int top = Math.max(0, Math.min(s.scroll, max));
        if (s.followFocus && s.windows(s.selectedRow()).size() > 0) {
            int last = s.windows(s.selectedRow()).size() - 1;
            if (s.focus == 0) {
                top = 0;
            } else if (s.focus == last) {
                top = max;
            }
            if (focusRows[0] < top) {
                top = focusRows[0];
            } else if (focusRows[1] >= top + room) {
                top = focusRows[1] - room + 1;
            }
        }
        return Math.max(0, Math.min(top, max));
    }

    private static List<Line> list(TuiState s, Instant now) {
        List<Line> out = new ArrayList<>();
        List<TuiState.Row> order = s.rows();
        s.selected = Math.max(0, Math.min(s.selected, order.size() - 1));
        // the name column fits the longest name (an account's is longer), 15 at least
        int names = Math.max(15, order.stream().mapToInt(o -> o.title().length()).max().orElse(0));
        for (int i = 0; i < order.size(); i++) {
            TuiState.Row o = order.get(i);
            Provider p = o.provider();
            boolean sel = i == s.selected;
            ProviderResult r = s.result(o);
            String row = (sel ? "> " : "  ") + (s.favorite(p) ? "★ " : "  ") + pad(o.title(), names) + " "
                    + (s.pending(p) ? pad("fetching…", 14) : pad(r == null ? "no data" : r.status().json(), 14)) + " "
                    + summary(r, s.visibleWindows(o), now);
            out.add(new Line(row, sel ? Style.SELECTED : style(r, s.visibleWindows(o), s.thresholds)));
        }
        return out;
    }

    /** @param visible the windows that are not hidden: a hidden quota is never the one summarised */
    private static String summary(ProviderResult r, List<Window> visible, Instant now) {
        if (r == null) {
            return "";
        }
        return switch (r) {
            case ProviderResult.Available a -> pad(a.plan(), 14) + " " + Statusline.tightest(visible)
                    .map(w -> w.label() + " " + Statusline.Numbers.amount(w.remaining(), w.unit()) + "/"
                            + Statusline.Numbers.amount(w.limit(), w.unit()) + " left"
                            + w.resetsAt().map(t -> ", resets in " + Statusline.Numbers.until(now, t)).orElse(""))
                    .orElse("");
            case ProviderResult.Unavailable u -> u.message();
            case ProviderResult.AuthRequired a -> a.message();
            case ProviderResult.NetworkError n -> n.message();
        };
    }

    private static List<Line> card(TuiState s, int room, int width, Instant now, int[] focusRows) {
        TuiState.Row row = s.selectedRow();
        Provider p = row.provider();
        ProviderResult r = s.result(row);
        List<Line> out = new ArrayList<>();
        out.add(new Line("┌ " + p.title() + (s.favorite(p) ? " ★" : "") + " (" + row.key() + ")", Style.TITLE));
        if (r == null) {
            out.add(new Line("  no data yet" + (s.pending(p) ? " (fetching…)" : " (R refreshes)"), Style.DIM));
            return out;
        }
        out.add(new Line("  status: " + r.status().json() + "   fetched " + ago(s.cachedAt(row), now),
                style(r, s.visibleWindows(row), s.thresholds)));
        switch (r) {
            case ProviderResult.Available a -> {
                out.add(new Line("  plan:   " + (a.plan().isEmpty() ? "(not reported)" : a.plan()), Style.NORMAL));
                List<Window> windows = s.windows(row);
                s.focus = Math.max(0, Math.min(s.focus, windows.size() - 1));
                boolean compact = effectiveCompact(s, room, windows.size());
                Config.QuotaPreferences prefs = s.prefs(p);
                for (int i = 0; i < windows.size(); i++) {
                    Window w = windows.get(i);
                    boolean focused = i == s.focus;
                    String mark = (focused ? "> " : "  ") + (prefs.favorites().contains(w.label()) ? "★ " : "  ");
                    if (focused) {
                        focusRows[0] = out.size();
                    }
                    if (prefs.hidden().contains(w.label())) {
                        out.add(new Line(mark + "▸ " + w.label() + " (hidden)", focused ? Style.SELECTED : Style.DIM));
                        if (focused) {
                            focusRows[1] = out.size() - 1;
                        }
                        continue;
                    }
                    String numbers = Statusline.Numbers.amount(w.remaining(), w.unit()) + "/"
                            + Statusline.Numbers.amount(w.limit(), w.unit()) + ("USD".equals(w.unit()) ? "" : " " + w.unit()) + " left";
                    String reset = w.resetsAt().map(t -> "resets in " + Statusline.Numbers.until(now, t)).orElse("");
                    Style style = focused ? Style.SELECTED : styleOf(w, s.thresholds);
                    if (compact) {
                        out.add(new Line(mark + pad(w.label(), 22) + " " + bar(w, 20) + " " + pad(numbers, 26) + " " + reset, style));
                    } else {
                        out.add(new Line(mark + pad(w.label(), 22) + " " + used(w) + "   " + reset, style));
                        out.add(new Line("      " + bar(w, 40) + " " + numbers, style));
                    }
                    if (focused) {
                        focusRows[1] = out.size() - 1;
                    }
                }
                if (windows.isEmpty()) {
                    out.add(new Line("  (the provider reports no quota windows)", Style.DIM));
                }
            }
            case ProviderResult.Unavailable u -> {
                wrap(u.message(), width - 2).forEach(l -> out.add(new Line("  " + l, Style.WARN)));
                wrap("console: " + u.consoleUrl(), width - 2).forEach(l -> out.add(new Line("  " + l, Style.NORMAL)));
            }
            case ProviderResult.AuthRequired a -> wrap(a.message(), width - 2).forEach(l -> out.add(new Line("  " + l, Style.BAD)));
            case ProviderResult.NetworkError n -> wrap(n.message(), width - 2).forEach(l -> out.add(new Line("  " + l, Style.BAD)));
        }
        return out;
    }

    private static boolean effectiveCompact(TuiState s, int room, int windows) {
        return switch (s.layout) {
            case COMPACT -> true;
            case NORMAL -> false;
            case AUTO -> 3 + windows * 2 > room;
        };
    }

    private static String layoutName(TuiState s, int room) {
        if (s.layout != TuiState.Layout.AUTO) {
            return s.layout.name().toLowerCase(Locale.ROOT);
        }
        boolean compact = effectiveCompact(s, room, s.windows(s.selectedRow()).size());
        return "auto (" + (compact ? "compact" : "normal") + ")";
    }

    private static String used(Window w) {
        if (w.used().isEmpty() || w.limit().isEmpty() || w.limit().getAsDouble() <= 0) {
            return "balance";
        }
        return Math.round(100 * w.used().getAsDouble() / w.limit().getAsDouble()) + "% used";
    }

    private static String bar(Window w, int width) {
        if (w.remainingRatio().isEmpty()) {
            return "[" + " ".repeat(width) + "]";
        }
        int full = (int) Math.round(width * (1 - w.remainingRatio().getAsDouble()));
        full = Math.max(0, Math.min(width, full));
        return "[" + "█".repeat(full) + "░".repeat(width - full) + "]";
    }

    private static Style style(ProviderResult r, List<Window> visible, Thresholds thresholds) {
        if (r == null) {
            return Style.DIM;
        }
        return switch (r.status()) {
            // an available provider is coloured by its headroom: the tightest shown (not hidden) window's share left
            case AVAILABLE -> visible.isEmpty() ? Style.NORMAL : styleOf(Statusline.tightest(visible).orElseThrow(), thresholds);
            case UNAVAILABLE -> Style.WARN;
            case AUTH_REQUIRED, NETWORK_ERROR -> Style.BAD;
        };
    }

    private static Style styleOf(Window w, Thresholds thresholds) {
        return switch (thresholds.level(w)) {
            case GREEN -> Style.GOOD;
            case YELLOW -> Style.WARN;
            case RED -> Style.BAD;
        };
    }

    private static String ago(Instant then, Instant now) {
        if (then == null) {
            return "";
        }
        long s = Math.max(0, Duration.between(then, now).toSeconds());
        return s < 60 ? "just now" : s < 3600 ? s / 60 + " min ago" : s / 3600 + " h ago";
    }

    private static String pad(String s, int n) {
        return s.length() >= n ? s : s + " ".repeat(n - s.length());
    }

    /** Breaks text into lines of at most {@code width} characters, at blanks where it can (never cuts it off). */
    static List<String> wrap(String text, int width) {
        int w = Math.max(10, width);
        if (text.isEmpty()) {
            return List.of("");
        }
        List<String> out = new ArrayList<>();
        String rest = text.strip();
        while (rest.length() > w) {
            int cut = rest.lastIndexOf(' ', w);
            if (cut <= 0) {
                cut = w;
            }
            out.add(rest.substring(0, cut).stripTrailing());
            rest = rest.substring(cut).stripLeading();
        }
        out.add(rest);
        return out;
    }

    static String fit(String s, int width) {
        return s.length() <= width ? s : s.substring(0, Math.max(0, width - 1)) + "…";
    }
}
