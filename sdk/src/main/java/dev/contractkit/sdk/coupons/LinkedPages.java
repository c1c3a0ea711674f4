package dev.contractkit.sdk.coupons;

import dev.contractkit.sdk.coupons.model.CouponList;
import dev.contractkit.sdk.coupons.model.UserCouponList;
import okhttp3.HttpUrl;
import retrofit2.Call;
import retrofit2.http.GET;
import retrofit2.http.Url;

/** The pages a {@code Link rel="next"} points to (the generated interfaces take parameters, not URLs). */
interface LinkedPages {
    @GET
    Call<CouponList> coupons(@Url HttpUrl url);

    @GET
    Call<UserCouponList> userCoupons(@Url HttpUrl url);
}
