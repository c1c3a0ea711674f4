package dev.contractkit.quotas;

import dev.contractkit.quotas.providers.Provider;
import dev.contractkit.quotas.providers.ProviderResult;
import dev.contractkit.quotas.providers.Window;

import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * What the terminal UI shows and where the user is: the results (one row per provider, or per account of a
 * provider with several; favorites and quota preferences are the provider's, shared by its accounts), the selected row, the open card, the
 * focused quota, the layout and scroll position, refresh progress. Mutated only under its own lock.
 */
final class TuiState {
    enum Layout { AUTO, NORMAL, COMPACT }

    /**
     * A row of the list: a provider, or one of its accounts when it has several.
     *
     * @param provider the provider
     * @param key      {@link ProviderResult#key()}: the provider's id, or {@code <id>:<account>}
     * @param account  the account, empty for a provider with one
     */
    record Row(Provider provider, String key, String account) {
        /** @return the provider's name, with the account in brackets for one of several */
        String title() {
            return account.isEmpty() ? provider.title() : provider.title() + " (" + account + ")";
        }
    }

    private final List<Provider> providers;
    /** per {@link ProviderResult#key()}, a provider's accounts in the order they were found */
    private final Map<String, ProviderResult> results = new LinkedHashMap<>();
    private final Map<String, Instant> cachedAt = new HashMap<>();
    private final Set<Provider> pending = EnumSet.noneOf(Provider.class);
    private final List<String> favoriteProviders = new ArrayList<>();
    private final Map<Provider, Config.QuotaPreferences> prefs = new EnumMap<>(Provider.class);
    int selected;
    boolean detail;
    int focus;
    /** the card's first visible line */
    int scroll;
    /** the list's first visible provider */
    int listTop;
    /** rows of body the last frame had room for (one page) */
    int page = 10;
    /** the card's view follows the quota focus (false after a PgUp/PgDn that scrolled a card without quotas) */
    boolean followFocus = true;
    Layout layout = Layout.AUTO;
    boolean autoRefresh;
    Thresholds thresholds = Thresholds.DEFAULT;
    String message = "";
    String update = "";
    int refreshTotal;

    TuiState(List<Provider> providers, Config config) {
        this.providers = List.copyOf(providers);
        this.autoRefresh = config.autoRefresh();
        this.favoriteProviders.addAll(config.favoriteProviders());
        providers.forEach(p -> prefs.put(p, config.quotaPreferences(p)));
    }

    synchronized void cached(Cache.Contents contents) {
        contents.entries().forEach((key, e) -> {
            if (providers.contains(e.result().provider())) {
                results.put(key, e.result());
                cachedAt.put(key, e.cachedAt());
            }
        });
    }

    synchronized void refreshing(List<Provider> which) {
        pending.addAll(which);
        refreshTotal = which.size();
    }

    /** A fresh result; the first of a provider in a refresh replaces all its rows (an account that is gone goes). */
    synchronized void arrived(ProviderResult r) {
        if (pending.remove(r.provider())) {
            results.values().removeIf(old -> old.provider() == r.provider());
        }
        results.put(r.key(), r);
        cachedAt.put(r.key(), r.fetchedAt());
    }

    synchronized boolean isRefreshing() {
        return !pending.isEmpty();
    }

    synchronized int done() {
        return refreshTotal - pending.size();
    }

    synchronized boolean pending(Provider p) {
        return pending.contains(p);
    }

    synchronized ProviderResult result(Row row) {
        return results.get(row.key());
    }

    synchronized Instant cachedAt(Row row) {
        return cachedAt.get(row.key());
    }

    /** @return the list's rows in display order: per provider of {@link #ordered()}, each of its accounts, or itself */
    synchronized List<Row> rows() {
        List<Row> out = new ArrayList<>();
        for (Provider p : ordered()) {
            int before = out.size();
            results.values().stream().filter(r -> r.provider() == p).forEach(r -> out.add(new Row(p, r.key(), r.account())));
            if (out.size() == before) {
                out.add(new Row(p, p.id(), ""));
            }
        }
        return out;
    }

    synchronized Row selectedRow() {
        List<Row> rows = rows();
        return rows.get(Math.max(0, Math.min(selected, rows.size() - 1)));
    }

    /** @return the providers in display order: favorites first (in the order they were starred), then the catalogue */
    synchronized List<Provider> ordered() {
        List<Provider> out = new ArrayList<>();
        favoriteProviders.stream().map(Provider::byId).flatMap(Optional::stream).filter(providers::contains)
                .forEach(out::add);
        providers.stream().filter(p -> !out.contains(p)).forEach(out::add);
        return out;
    }

    synchronized Provider selectedProvider() {
        return selectedRow().provider();
    }

    synchronized boolean favorite(Provider p) {
        return favoriteProviders.contains(p.id());
    }

    /** Stars or unstars a provider; the selection follows it. @return the new favorite list */
    synchronized List<String> toggleFavorite(Provider p) {
        if (!favoriteProviders.remove(p.id())) {
            favoriteProviders.add(p.id());
        }
        selected = rows().stream().map(Row::provider).toList().indexOf(p);
        return List.copyOf(favoriteProviders);
    }

    synchronized Config.QuotaPreferences prefs(Provider p) {
        return prefs.getOrDefault(p, Config.QuotaPreferences.NONE);
    }

    /** @return the windows of the open card in display order: favorites first, then as reported */
    synchronized List<Window> windows(Row row) {
        if (!(results.get(row.key()) instanceof ProviderResult.Available a)) {
            return List.of();
        }
        List<String> favs = prefs(row.provider()).favorites();
        List<Window> out = new ArrayList<>();
        favs.forEach(f -> a.windows().stream().filter(w -> w.label().equals(f)).forEach(out::add));
        a.windows().stream().filter(w -> !out.contains(w)).forEach(out::add);
        return out;
    }

    /** @return the provider's windows that are not hidden: what decides its colour and its summary in the list */
    synchronized List<Window> visibleWindows(Row row) {
        if (!(results.get(row.key()) instanceof ProviderResult.Available a)) {
            return List.of();
        }
        return Statusline.visible(a.windows(), prefs(row.provider()).hidden());
    }

    synchronized Config.QuotaPreferences toggleQuota(Provider p, String label, boolean hidden) {
        Config.QuotaPreferences old = prefs(p);
        List<String> favs = new ArrayList<>(old.favorites());
        List<String> hid = new ArrayList<>(old.hidden());
        List<String> target = hidden ? hid : favs;
        if (!target.remove(label)) {
            target.add(label);
        }
        Config.QuotaPreferences now = new Config.QuotaPreferences(favs, hid);
        prefs.put(p, now);
        return now;
    }
}
