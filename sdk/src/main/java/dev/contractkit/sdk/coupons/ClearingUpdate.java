package dev.contractkit.sdk.coupons;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.contractkit.sdk.coupons.model.AdminCoupon;
import retrofit2.Call;
import retrofit2.http.Body;
import retrofit2.http.Headers;
import retrofit2.http.PUT;
import retrofit2.http.Path;

/**
 * The coupon update with explicit {@code null}s (JSON Merge Patch): the generated model drops null fields, so a
 * field to clear cannot be said through it.
 */
interface ClearingUpdate {
    @Headers({"Content-Type:application/json"})
    @PUT("write/v1/coupons/{id}")
    Call<AdminCoupon> update(@Path("id") String id, @Body ObjectNode body);
}
