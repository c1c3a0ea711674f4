package dev.contractkit.quotas;

import com.googlecode.lanterna.SGR;
import com.googlecode.lanterna.TerminalSize;
import com.googlecode.lanterna.TextColor;
import com.googlecode.lanterna.graphics.TextGraphics;
import com.googlecode.lanterna.input.KeyStroke;
import com.googlecode.lanterna.input.KeyType;
import com.googlecode.lanterna.screen.Screen;
import com.googlecode.lanterna.screen.TerminalScreen;
import com.googlecode.lanterna.terminal.DefaultTerminalFactory;
import com.googlecode.lanterna.terminal.Terminal;
import dev.contractkit.quotas.providers.Environment;
import dev.contractkit.quotas.providers.Fetcher;
import dev.contractkit.quotas.providers.Provider;
import dev.contractkit.quotas.providers.ProviderResult;
import dev.contractkit.quotas.providers.ResultJson;
import dev.contractkit.quotas.providers.Window;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The terminal UI (Lanterna, text terminal only). The list of providers; Enter opens a provider's card. Keys as in
 * the keys of cli/quotas/README.md: arrows, Enter, R refresh, A auto-refresh, F favorite, C copy JSON, Q quit; in the card Tab
 * (auto/normal/compact), up/down, PgUp/PgDn, F favorite quota, X hide/unhide quota, Esc back.
 */
final class Tui {
    private final Environment env;
    private final Paths paths;
    private final Config config;
    private final Clock clock;
    private final TuiState state;
    private final Fetcher fetcher;
    private final AtomicBoolean dirty = new AtomicBoolean(true);
    private final Duration autoRefresh;
    private Instant lastRefresh = Instant.EPOCH;
    private String pendingClipboard;

    private Tui(Environment env, Paths paths, Config config, Thresholds thresholds, Clock clock) {
        this.env = env;
        this.paths = paths;
        this.config = config;
        this.clock = clock;
        this.autoRefresh = Duration.ofSeconds(config.autoRefreshInterval());
        this.state = new TuiState(config.enabledProviders(), config);
        this.state.thresholds = thresholds;
        this.fetcher = Fetching.fetcher(env, config);
    }

    static int run(Environment env, Paths paths, Config config, Thresholds thresholds, Clock clock, boolean updateCheck,
                   PrintStream err) {
        if (config.enabledProviders().isEmpty()) {
            err.println("quotas: no provider is enabled (providers.enabled / providers.disabled in " + paths.config() + ")");
            return 2;
        }
        Tui tui = new Tui(env, paths, config, thresholds, clock);
        if (!config.problems().isEmpty()) {
            tui.state.message = "config: " + config.problems().get(0).replace(paths.config().toString(), "config.toml");
        }
        try {
            tui.loop(updateCheck);
            return 0;
        } catch (IOException | RuntimeException e) {
            err.println("quotas: the terminal UI cannot run here (" + e.getMessage() + "); use --json or --statusline");
            return 1;
        }
    }

    private void loop(boolean updateCheck) throws IOException {
        // the terminal first: where there is none, quotas says so before fetching anything
        DefaultTerminalFactory factory = new DefaultTerminalFactory(System.out, System.in, StandardCharsets.UTF_8)
                .setForceTextTerminal(true);
        Terminal terminal = factory.createTerminal();
        Screen screen = new TerminalScreen(terminal);
        screen.startScreen();
        screen.setCursorPosition(null);
        Cache cache = new Cache(paths.cache());
        Cache.Contents cached = cache.read();
        state.cached(cached);
        Instant now = clock.instant();
        if (config.refreshOnStart() || cached.stale(now, state.ordered())) {
            refresh();
        } else {
            lastRefresh = cached.refreshedAt().orElse(now);
        }
        if (updateCheck && UpdateCheck.url(env).isPresent() && UpdateCache.due(paths.update(), now)) {
            Thread.ofVirtual().start(this::checkUpdate);
        } else {
            UpdateCache.read(paths.update()).flatMap(UpdateCache::newer)
                    .ifPresent(v -> state.update = "quotas " + v + " is available (installed " + ToolVersion.installed() + ")");
        }
        int tick = 0;
        try {
            while (true) {
                KeyStroke key = screen.pollInput();
                if (key != null) {
                    if (!handle(key)) {
                        return;
                    }
                    dirty.set(true);
                }
                if (screen.doResizeIfNecessary() != null) {
                    dirty.set(true);
                }
                if (state.autoRefresh && !state.isRefreshing()
                        && lastRefresh.plus(autoRefresh).isBefore(clock.instant())) {
                    refresh();
                }
                if (state.isRefreshing() && tick++ % 4 == 0) {
                    dirty.set(true);
                }
                if (dirty.getAndSet(false)) {
                    draw(screen);
                    if (pendingClipboard != null) {
                        System.out.print(pendingClipboard);
                        System.out.flush();
                        pendingClipboard = null;
                    }
                } else if (key == null) {
                    sleep();
                }
            }
        } finally {
            screen.stopScreen();
        }
    }

    private static void sleep() {
        try {
            Thread.sleep(25);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void draw(Screen screen) {
        TerminalSize size = screen.getTerminalSize();
        screen.clear();
        TextGraphics g = screen.newTextGraphics();
        List<TuiView.Line> lines = TuiView.render(state, size.getColumns(), size.getRows(), clock.instant(), tickOf());
        for (int row = 0; row < lines.size() && row < size.getRows(); row++) {
            TuiView.Line line = lines.get(row);
            g.setForegroundColor(TextColor.ANSI.DEFAULT);
            g.setBackgroundColor(TextColor.ANSI.DEFAULT);
            switch (line.style()) {
                case SELECTED -> g.putString(0, row, line.text(), SGR.REVERSE);
                case TITLE -> g.putString(0, row, line.text(), SGR.BOLD);
                case GOOD -> color(g, TextColor.ANSI.GREEN).putString(0, row, line.text());
                case WARN -> color(g, TextColor.ANSI.YELLOW).putString(0, row, line.text());
                case BAD -> color(g, TextColor.ANSI.RED).putString(0, row, line.text());
                case DIM -> color(g, TextColor.ANSI.WHITE).putString(0, row, line.text());
                default -> g.putString(0, row, line.text());
            }
        }
        try {
            screen.refresh();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private int tickOf() {
        return (int) (clock.millis() / 150 % 1_000_000);
    }

    private static TextGraphics color(TextGraphics g, TextColor c) {
        g.setForegroundColor(c);
        return g;
    }

    /** @return false to quit */
    private boolean handle(KeyStroke key) {
        state.message = "";
        KeyType type = key.getKeyType();
        if (type == KeyType.EOF) {
            return false;
        }
        Character c = type == KeyType.Character ? Character.toLowerCase(key.getCharacter()) : null;
        if (c != null && c == 'q') {
            return false;
        }
        if (c != null && c == 'r') {
            refresh();
            return true;
        }
        if (c != null && c == 'c') {
            copy(state.selectedRow());
            return true;
        }
        return state.detail ? handleCard(type, c) : handleList(type, c);
    }

    private boolean handleList(KeyType type, Character c) {
        int count = state.rows().size();
        switch (type) {
            case ArrowUp -> state.selected = Math.max(0, state.selected - 1);
            case ArrowDown -> state.selected = Math.min(count - 1, state.selected + 1);
            // a page is what the last frame had room for (htop, k9s)
            case PageUp -> state.selected = Math.max(0, state.selected - state.page);
            case PageDown -> state.selected = Math.min(count - 1, state.selected + state.page);
            case Home -> state.selected = 0;
            case End -> state.selected = count - 1;
            case Enter -> {
                state.detail = true;
                state.focus = 0;
                state.scroll = 0;
                state.followFocus = true;
            }
            default -> {
                if (c != null && c == 'a') {
                    state.autoRefresh = !state.autoRefresh;
                    state.message = "auto-refresh " + (state.autoRefresh ? "on (every " + every() + ")" : "off");
                } else if (c != null && c == 'f') {
                    Provider p = state.selectedProvider();
                    config.favoriteProviders(state.toggleFavorite(p));
                    save((state.favorite(p) ? "★ " + p.id() + " is a favorite" : p.id() + " is no longer a favorite"));
                }
            }
        }
        return true;
    }

    private boolean handleCard(KeyType type, Character c) {
        TuiState.Row row = state.selectedRow();
        Provider p = row.provider();
        List<Window> windows = state.windows(row);
        switch (type) {
            case Tab -> state.layout = TuiState.Layout.values()[(state.layout.ordinal() + 1) % TuiState.Layout.values().length];
            case ArrowUp -> focus(state.focus - 1, windows.size());
            case ArrowDown -> focus(state.focus + 1, windows.size());
            case Home -> focus(0, windows.size());
            case End -> focus(windows.size() - 1, windows.size());
            case PageUp, PageDown -> {
                int sign = type == KeyType.PageUp ? -1 : 1;
                if (windows.isEmpty()) {
                    // nothing to focus (a long message): scroll the card by a page
                    state.followFocus = false;
                    state.scroll = Math.max(0, state.scroll + sign * state.page);
                } else {
                    // the focus moves by as many quotas as a page shows, and the view follows it
                    int perWindow = state.layout == TuiState.Layout.NORMAL || !compactNow(windows.size()) ? 2 : 1;
                    focus(state.focus + sign * Math.max(1, state.page / perWindow), windows.size());
                }
            }
            case Escape, Backspace, ArrowLeft -> state.detail = false;
            default -> {
                if (c != null && (c == 'f' || c == 'x') && !windows.isEmpty()) {
                    String label = windows.get(Math.min(state.focus, windows.size() - 1)).label();
                    boolean hide = c == 'x';
                    Config.QuotaPreferences prefs = state.toggleQuota(p, label, hide);
                    config.quotaPreferences(p, prefs);
                    // the focus stays on the row that moved (a new favorite goes to the top)
                    state.focus = state.windows(row).stream().map(Window::label).toList().indexOf(label);
                    state.followFocus = true;
                    save(hide ? (prefs.hidden().contains(label) ? label + " hidden" : label + " shown")
                            : (prefs.favorites().contains(label) ? "★ " + label + " is a favorite" : label + " is no longer a favorite"));
                }
            }
        }
        return true;
    }

    private String every() {
        long s = autoRefresh.toSeconds();
        return s % 60 == 0 ? s / 60 + " min" : s + " s";
    }

    private void focus(int to, int windows) {
        state.focus = Math.max(0, Math.min(Math.max(0, windows - 1), to));
        state.followFocus = true;
    }

    private boolean compactNow(int windows) {
        return state.layout == TuiState.Layout.COMPACT || state.layout == TuiState.Layout.AUTO && 3 + windows * 2 > state.page;
    }

    private void save(String done) {
        try {
            config.save();
            state.message = done + " (saved to " + paths.config() + ")";
        } catch (IOException e) {
            state.message = done + "; " + e.getMessage();
        }
    }

    private void refresh() {
        if (state.isRefreshing()) {
            return;
        }
        List<Provider> providers = state.ordered();
        state.refreshing(providers);
        lastRefresh = clock.instant();
        dirty.set(true);
        Thread.ofPlatform().daemon().name("quotas-refresh").start(() -> {
            List<ProviderResult> results = fetcher.fetchAll(providers, r -> {
                state.arrived(r);
                dirty.set(true);
            });
            try {
                new Cache(paths.cache()).merge(results, clock.instant(),
                        Optional.of(StatuslineCommand.record(paths, config)));
            } catch (IOException e) {
                state.message = "cannot write the cache: " + e.getMessage();
            }
            dirty.set(true);
        });
    }

    private void checkUpdate() {
        UpdateCheck.Answer answer = UpdateCheck.ask(env);
        try {
            new UpdateCache(clock.instant(), answer.latest()).write(paths.update());
        } catch (IOException ignored) {
            // checked again next time
        }
        answer.latest().filter(l -> ToolVersion.compare(l, ToolVersion.installed()) > 0).ifPresent(v -> {
            state.update = "quotas " + v + " is available (installed " + ToolVersion.installed() + ")";
            dirty.set(true);
        });
    }

    /** Copies the provider's JSON with the system's clipboard tool, else OSC 52; the message says which ({@link Clipboard}). */
    private void copy(TuiState.Row row) {
        ProviderResult r = state.result(row);
        if (r == null) {
            state.message = "nothing to copy yet for " + row.key();
            return;
        }
        Clipboard.CopyReport outcome = Clipboard.copy(ResultJson.toJson(r).toString(), env);
        outcome.osc52().ifPresent(seq -> pendingClipboard = seq);
        state.message = row.key() + " JSON: " + outcome.message();
    }
}
