package dev.contractkit.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/**
 * A realistic coupon catalogue for the {@code list} scenario, created through the reference server's admin API
 * before anything is measured: {@value #COUPONS} coupons with a description, a category, an end date, terms and,
 * for some, a usage limit, so {@code GET /api/v1/coupons?limit=10} answers a full page (and a total), not an empty
 * one.
 */
final class CouponCatalogue {
    static final int COUPONS = 24;

    /** title, description, discount %, category, valid until, usage limit (0 = none), terms. */
    private record Template(String title, String description, int discount, String category, String validUntil,
                            int usageLimit, String terms) {
    }

    private static final List<Template> TEMPLATES = List.of(
            new Template("Spring garden sale", "20% off garden furniture, planters and outdoor lighting.", 20, "home",
                    "2027-05-31T21:59:59Z", 0, "Online orders only. Not valid on gift cards or sale items."),
            new Template("Back to school: laptops", "Save on laptops and tablets for students, with free sleeves.", 10,
                    "electronics", "2027-09-15T21:59:59Z", 500, "One per customer. Student ID required at checkout."),
            new Template("Weekend groceries", "15% off your weekly shop of 60 EUR or more, fresh produce included.", 15,
                    "groceries", "2027-12-31T22:59:59Z", 0, "Minimum basket 60 EUR after other discounts."),
            new Template("Winter coats clearance", "Up to a third off last season's coats and parkas.", 30, "fashion",
                    "2027-02-28T22:59:59Z", 1000, "While stocks last. Returns within 14 days."),
            new Template("City break hotels", "Two nights for the price of one-and-a-half in 40 European cities.", 25,
                    "travel", "2027-11-30T22:59:59Z", 200, "Stays Sunday to Thursday. Subject to availability."),
            new Template("Book club bundle", "Any three paperbacks, the cheapest at half price.", 12, "books",
                    "2027-08-31T21:59:59Z", 0, "Applies to paperbacks marked 'book club'."),
            new Template("Coffee machine upgrade", "Trade in your old machine and save on a bean-to-cup model.", 18,
                    "electronics", "2027-06-30T21:59:59Z", 300, "Trade-in must be complete and working."),
            new Template("Kids' shoes", "Every pair of children's shoes, sizes 20 to 38.", 15, "fashion",
                    "2027-10-31T22:59:59Z", 0, "Not combinable with the loyalty card discount."),
            new Template("Pet food subscription", "First three deliveries of any pet food subscription.", 35, "pets",
                    "2027-12-31T22:59:59Z", 2000, "Subscription can be cancelled any time after the third delivery."),
            new Template("Kitchen knives", "Professional chef's knives and whetstones.", 22, "home",
                    "2027-04-30T21:59:59Z", 150, "Customers must be 18 or over."),
            new Template("Cinema Tuesdays", "Half-price tickets every Tuesday at partner cinemas.", 50, "leisure",
                    "2027-07-31T21:59:59Z", 0, "Standard seats only; 3D surcharge applies."),
            new Template("Running gear", "Running shoes, shorts and watches for the marathon season.", 20, "sports",
                    "2027-03-31T21:59:59Z", 400, "Excludes limited editions."));

    private CouponCatalogue() {
    }

    /** Creates the catalogue through {@code POST /write/v1/coupons} as the admin. */
    static void seed(Harness h, String coupons) throws IOException, InterruptedException {
        String admin = Harness.token(h.http, coupons, "admin", "admin-password");
        ObjectMapper mapper = new ObjectMapper();
        for (int i = 0; i < COUPONS; i++) {
            Template t = TEMPLATES.get(i % TEMPLATES.size());
            ObjectNode body = mapper.createObjectNode()
                    .put("title", i < TEMPLATES.size() ? t.title() : t.title() + " (members)")
                    .put("description", t.description())
                    .put("discount_percent", t.discount())
                    .put("category", t.category())
                    .put("valid_until", t.validUntil())
                    .put("terms_conditions", t.terms());
            if (t.usageLimit() > 0) {
                body.put("usage_limit", t.usageLimit());
            }
            HttpResponse<byte[]> r = h.send(coupons, new ScenarioRequest("POST", "/write/v1/coupons", Map.of("Authorization",
                    "Bearer " + admin, "Content-Type", "application/json"), body.toString()));
            if (r.statusCode() != 201) {
                throw new IllegalStateException("list: creating the catalogue's coupon " + i + " answered "
                        + r.statusCode() + ": " + new String(r.body(), StandardCharsets.UTF_8));
            }
        }
    }
}
