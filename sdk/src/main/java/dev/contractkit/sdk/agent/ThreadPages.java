package dev.contractkit.sdk.agent;

import dev.contractkit.sdk.agent.model.ThreadList;
import okhttp3.HttpUrl;
import retrofit2.Call;
import retrofit2.http.GET;
import retrofit2.http.Url;

/** The pages of the thread list a {@code Link rel="next"} points to (the generated interface takes parameters). */
interface ThreadPages {
    @GET
    Call<ThreadList> threads(@Url HttpUrl url);
}
