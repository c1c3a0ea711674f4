package com.example.shop;

import dev.contractkit.sdk.NotFoundException;
import dev.contractkit.sdk.coupons.CouponsClient;
import dev.contractkit.sdk.coupons.model.Coupon;
import dev.contractkit.sdk.forms.FormsClient;
import dev.contractkit.sdk.forms.model.Form;

import java.util.List;
import java.util.stream.Collectors;

/**
 * The application: a Java 17 program that reads payment forms and coupons through the SDK. Its test runs it on a
 * JDK 17 against the kit's mock server.
 */
public final class ShopReport {
    private ShopReport() {
    }

    /**
     * @param args forms URL, forms API key, coupons URL, coupons bearer token
     */
    public static void main(String[] args) {
        try (FormsClient forms = FormsClient.builder().baseUrl(args[0]).apiKey(args[1]).build();
             CouponsClient coupons = CouponsClient.builder().baseUrl(args[2]).bearerToken(args[3]).build()) {
            List<Form> all = forms.all().collect(Collectors.toList());       // auto-paging
            Form first = forms.get(all.get(0).getId()).execute();
            String missing;
            try {
                forms.get(999).header("X-Request-Id", "shop-report-404").execute();
                missing = "found";
            } catch (NotFoundException e) {
                missing = "404";
            }
            Coupon coupon = coupons.all().findFirst().orElseThrow();
            String profile = coupons.profile().executeAsync().join().getId();
            System.out.println("java=" + Runtime.version().feature() + " forms=" + all.size() + " first=" + first.getId()
                    + " missing=" + missing + " coupon=" + coupon.getId() + " profile=" + profile);
        }
    }
}
