package dev.contractkit.sdk.agent;

import dev.contractkit.sdk.platform.Http;
import retrofit2.Call;

import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * One kind of registered agent resource ({@code /api/v1/datasources}, {@code /knowledge-bases}, {@code /mcp-servers},
 * {@code /skills}): list, read, register, replace and delete, each with an {@code …Async} twin. Resources from
 * the server's workspace file are read-only (a change answers 409 {@link dev.contractkit.sdk.ConflictException}).
 *
 * <pre>{@code
 * Registry<Resource, Skill, SkillRegistration, SkillUpdate> skills = resources.skills();
 * Skill sql = skills.register(new SkillRegistration().id("skill-sql").name("SQL first").instructions("..."));
 * skills.updateAsync("skill-sql", new SkillUpdate().name("SQL first, always")).join();
 * }</pre>
 *
 * @param <L> what the list holds
 * @param <T> the resource as stored (secrets never come back)
 * @param <R> a registration
 * @param <U> a replacement of its fields
 */
public class Registry<L, T, R, U> {
    private final Supplier<List<L>> list;
    private final Supplier<CompletableFuture<List<L>>> listAsync;
    private final Function<String, Call<T>> get;
    private final Function<R, Call<T>> register;
    private final BiFunction<String, U, Call<T>> update;
    private final Function<String, Call<Void>> delete;

    <W> Registry(Supplier<Call<W>> list, Function<W, List<L>> items, Function<String, Call<T>> get,
                 Function<R, Call<T>> register, BiFunction<String, U, Call<T>> update,
                 Function<String, Call<Void>> delete) {
        this.list = () -> items.apply(Http.execute(list.get()));
        this.listAsync = () -> Http.executeAsync(list.get()).thenApply(items);
        this.get = get;
        this.register = register;
        this.update = update;
        this.delete = delete;
    }

    /** @return every resource of this kind (built in and registered) */
    public List<L> list() {
        return list.get();
    }

    /** @return a future of {@link #list()}; it fails with the same {@link dev.contractkit.sdk.ApiException} */
    public CompletableFuture<List<L>> listAsync() {
        return listAsync.get();
    }

    /**
     * @param id the id
     * @return the resource as stored
     */
    public T get(String id) {
        return Http.execute(get.apply(id));
    }

    /**
     * @param id the id
     * @return a future of {@link #get(String)}; it fails with the same {@link dev.contractkit.sdk.ApiException}
     */
    public CompletableFuture<T> getAsync(String id) {
        return Http.executeAsync(get.apply(id));
    }

    /**
     * @param registration the new resource (a secret in it stays on the server)
     * @return it as stored
     */
    public T register(R registration) {
        return Http.execute(register.apply(Objects.requireNonNull(registration, "registration")));
    }

    /**
     * @param registration the new resource
     * @return a future of {@link #register}; it fails with the same {@link dev.contractkit.sdk.ApiException}
     */
    public CompletableFuture<T> registerAsync(R registration) {
        return Http.executeAsync(register.apply(Objects.requireNonNull(registration, "registration")));
    }

    /**
     * @param id     a registered resource
     * @param update its new fields (a null secret keeps the stored one, an empty one removes it)
     * @return it as stored
     */
    public T update(String id, U update) {
        return Http.execute(this.update.apply(id, Objects.requireNonNull(update, "update")));
    }

    /**
     * @param id     a registered resource
     * @param update its new fields
     * @return a future of {@link #update}; it fails with the same {@link dev.contractkit.sdk.ApiException}
     */
    public CompletableFuture<T> updateAsync(String id, U update) {
        return Http.executeAsync(this.update.apply(id, Objects.requireNonNull(update, "update")));
    }

    /** @param id a registered resource (a built-in one cannot be deleted: 409) */
    public void delete(String id) {
        Http.execute(delete.apply(id));
    }

    /**
     * @param id a registered resource
     * @return completes when it is deleted, or fails with the same {@link dev.contractkit.sdk.ApiException}
     */
    public CompletableFuture<Void> deleteAsync(String id) {
        return Http.executeAsync(delete.apply(id)).thenApply(r -> null);
    }
}
