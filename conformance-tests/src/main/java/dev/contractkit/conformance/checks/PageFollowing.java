package dev.contractkit.conformance.checks;

import dev.contractkit.conformance.cases.Excerpts;
import dev.contractkit.conformance.cases.Verdict;
import okhttp3.HttpUrl;

import java.util.Optional;

/**
 * The link-following part of {@code pagination_links}: what the scenario {@code PagingScenario} saw when it followed
 * a list's {@code rel="next"} links to the end and its {@code rel="last"} link once. Each verdict has at most one
 * problem, at the {@code Link} header.
 */
final class PageFollowing {
    private PageFollowing() {
    }

    static Verdict judge(Observation observation) {
        return switch (observation) {
            case Observation.PageLink l -> elsewhere(l);
            case Observation.NextPage n -> next(n);
            case Observation.PageWalk w -> w.seen() == w.total() ? Verdict.PASS : fail(w.firstNext(),
                    "following rel=\"next\" to the last page gave " + w.seen() + " items, not the total " + w.total());
            case Observation.LastPage l -> last(l);
            default -> Verdict.SKIP;
        };
    }

    /**
     * A link that leaves the list fails: another origin than the server under test (the scenario does not follow it:
     * the suite's credentials stay with the server), or another path than the list's own.
     */
    private static Verdict elsewhere(Observation.PageLink l) {
        HttpUrl listUrl = l.listUrl();
        HttpUrl url = listUrl.resolve(l.link());
        if (url == null) {
            return fail(l.link(), "rel=\"" + l.rel() + "\" is not a URL");
        }
        if (!url.scheme().equals(listUrl.scheme()) || !url.host().equals(listUrl.host()) || url.port() != listUrl.port()) {
            return fail(l.link(), "rel=\"" + l.rel() + "\" points to another origin (" + url.scheme() + "://" + url.host()
                    + ":" + url.port() + ") than the server under test (" + listUrl.scheme() + "://" + listUrl.host() + ":"
                    + listUrl.port() + "); not followed (a server behind a proxy takes its public URL from"
                    + " configuration or the proxy's X-Forwarded-* headers)");
        }
        if (!url.encodedPath().equals(listUrl.encodedPath())) {
            return fail(l.link(), "rel=\"" + l.rel() + "\" points at " + url.encodedPath() + ", not at the list's own path "
                    + listUrl.encodedPath());
        }
        return Verdict.PASS;
    }

    private static Verdict next(Observation.NextPage n) {
        Optional<PageLinks.Page> p = PageLinks.Page.of(n.answer());
        if (n.answer().status() != 200 || p.isEmpty()) {
            return fail(n.link(), "rel=\"next\" followed answered " + n.answer().status() + ", not a page");
        }
        PageLinks.Page previous = n.previous();
        if (p.get().offset() != previous.offset() + previous.count() || p.get().count() == 0
                || p.get().items().path(0).equals(previous.items().path(0))) {
            return fail(n.link(), "rel=\"next\" followed does not give the next page (offset " + p.get().offset()
                    + " after " + previous.offset() + " with " + previous.count() + " items, " + p.get().count() + " items)");
        }
        return Verdict.PASS;
    }

    private static Verdict last(Observation.LastPage l) {
        Optional<PageLinks.Page> p = PageLinks.Page.of(l.answer());
        if (l.answer().status() != 200 || p.isEmpty()) {
            return fail(l.link(), "rel=\"last\" followed answered " + l.answer().status() + ", not a page");
        }
        if (p.get().count() == 0 || p.get().offset() + p.get().count() != p.get().total()) {
            return fail(l.link(), "rel=\"last\" followed does not give the last page (offset " + p.get().offset()
                    + ", " + p.get().count() + " items, total " + p.get().total() + ")");
        }
        return Verdict.PASS;
    }

    private static Verdict fail(String link, String message) {
        return Verdict.fail(PageLinks.LINK, Excerpts.quote(link), message);
    }
}
