package dev.contractkit.quotas;

import dev.contractkit.quotas.providers.Provider;
import dev.contractkit.quotas.providers.ProviderResult;
import dev.contractkit.quotas.providers.Window;

import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * What the terminal UI shows and where the user is: the results, the selected provider, the open card, the
 * focused quota, the layout and scroll position, refresh progress. Mutated only under its own lock.
 */
final class TuiState {
    enum Layout { AUTO, NORMAL, COMPACT }

    private final List<Provider> providers;
    private final Map<Provider, ProviderResult> results = new EnumMap<>(Provider.class);
    private final Map<Provider, Instant> cachedAt = new EnumMap<>(Provider.class);
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
        contents.entries().forEach((p, e) -> {
            if (providers.contains(p)) {
                results.put(p, e.result());
                cachedAt.put(p, e.cachedAt());
            }
        });
    }

    synchronized void refreshing(List<Provider> which) {
        pending.addAll(which);
        refreshTotal = which.size();
    }

    synchronized void arrived(ProviderResult r) {
        results.put(r.provider(), r);
        cachedAt.put(r.provider(), r.fetchedAt());
        pending.remove(r.provider());
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

    synchronized ProviderResult result(Provider p) {
        return results.get(p);
    }

    synchronized Instant cachedAt(Provider p) {
        return cachedAt.get(p);
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
        List<Provider> o = ordered();
        return o.get(Math.max(0, Math.min(selected, o.size() - 1)));
    }

    synchronized boolean favorite(Provider p) {
        return favoriteProviders.contains(p.id());
    }

    /** Stars or unstars a provider; the selection follows it. @return the new favorite list */
    synchronized List<String> toggleFavorite(Provider p) {
        if (!favoriteProviders.remove(p.id())) {
            favoriteProviders.add(p.id());
        }
        selected = ordered().indexOf(p);
        return List.copyOf(favoriteProviders);
    }

    synchronized Config.QuotaPreferences prefs(Provider p) {
        return prefs.getOrDefault(p, Config.QuotaPreferences.NONE);
    }

    /** @return the windows of the open card in display order: favorites first, then as reported */
    synchronized List<Window> windows(Provider p) {
        if (!(results.get(p) instanceof ProviderResult.Available a)) {
            return List.of();
        }
        List<String> favs = prefs(p).favorites();
        List<Window> out = new ArrayList<>();
        favs.forEach(f -> a.windows().stream().filter(w -> w.label().equals(f)).forEach(out::add));
        a.windows().stream().filter(w -> !out.contains(w)).forEach(out::add);
        return out;
    }

    /** @return the provider's windows that are not hidden: what decides its colour and its summary in the list */
    synchronized List<Window> visibleWindows(Provider p) {
        if (!(results.get(p) instanceof ProviderResult.Available a)) {
            return List.of();
        }
        return Statusline.visible(a.windows(), prefs(p).hidden());
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
