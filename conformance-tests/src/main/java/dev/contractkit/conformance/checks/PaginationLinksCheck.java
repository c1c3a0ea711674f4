package dev.contractkit.conformance.checks;

import dev.contractkit.conformance.cases.Excerpts;
import dev.contractkit.conformance.cases.Exchange;
import dev.contractkit.conformance.cases.Verdict;
import dev.contractkit.conformance.checks.PageLinks.Page;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code pagination_links} on one response: a successful page of an operation that declares a {@code Link}
 * header, whose body holds {@code total}, {@code offset} and one array, carries {@code rel="next"} exactly
 * when more items follow and {@code rel="last"} when there is at least one item. Following the links is the scenario
 * {@code PagingScenario}'s part, which hands over what it saw ({@link Observation.PageLink},
 * {@link Observation.NextPage}, {@link Observation.PageWalk}, {@link Observation.LastPage}): {@link PageFollowing}.
 */
final class PaginationLinksCheck implements Judge {
    @Override
    public Verdict judge(Observation observation) {
        return PageFollowing.judge(observation);
    }

    @Override
    public Verdict judge(Exchange e) {
        Optional<Page> page = Page.of(e);
        if (page.isEmpty()) {
            return Verdict.SKIP;
        }
        Page p = page.get();
        Map<String, String> links = PageLinks.links(e.header("Link").orElse(""));
        List<Verdict.Problem> problems = new ArrayList<>();
        boolean more = p.offset() + p.count() < p.total();
        String value = Excerpts.quote(e.header("Link").orElse(""));
        if (more && !links.containsKey("next")) {
            problems.add(new Verdict.Problem(PageLinks.LINK, value, "no Link rel=\"next\" although more items follow (offset "
                    + p.offset() + ", " + p.count() + " on this page, total " + p.total() + ")"));
        } else if (!more && links.containsKey("next")) {
            problems.add(new Verdict.Problem(PageLinks.LINK, value, "Link rel=\"next\" although no more items follow (offset "
                    + p.offset() + ", " + p.count() + " on this page, total " + p.total() + ")"));
        }
        if (p.total() > 0 && !links.containsKey("last")) {
            problems.add(new Verdict.Problem(PageLinks.LINK, value, "no Link rel=\"last\" although there are " + p.total()
                    + " items"));
        }
        return Verdict.of(problems);
    }
}
