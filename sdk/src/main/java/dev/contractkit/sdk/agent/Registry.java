package dev.contractkit.sdk.agent;

import dev.contractkit.sdk.Call;

import java.util.List;
import java.util.Objects;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * One kind of registered agent resource ({@code /api/v1/datasources}, {@code /knowledge-bases}, {@code /mcp-servers},
 * {@code /skills}): list, read, register, replace and delete, each a {@link Call}. Resources from
 * the server's workspace file are read-only (a change answers 409 {@link dev.contractkit.sdk.ConflictException}).
 *
 * <pre>{@code
 * Registry<Resource, Skill, SkillRegistration, SkillUpdate> skills = resources.skills();
 * Skill sql = skills.register(new SkillRegistration().id("skill-sql").name("SQL first").instructions("...")).execute();
 * skills.update("skill-sql", new SkillUpdate().name("SQL first, always")).executeAsync().join();
 * }</pre>
 *
 * @param <L> what the list holds
 * @param <T> the resource as stored (secrets never come back)
 * @param <R> a registration
 * @param <U> a replacement of its fields
 */
public class Registry<L, T, R, U> {
    private final Supplier<Call<List<L>>> list;
    private final Function<String, Call<T>> get;
    private final Function<R, Call<T>> register;
    private final BiFunction<String, U, Call<T>> update;
    private final Function<String, Call<Void>> delete;

    /** The registry on the generated client's operations (list, get, register, update, delete). */
    <W> Registry(Supplier<Call<W>> list, Function<W, List<L>> items, Function<String, Call<T>> get,
                 Function<R, Call<T>> register, BiFunction<String, U, Call<T>> update,
                 Function<String, Call<Void>> delete) {
        this.list = () -> list.get().map(items);
        this.get = get;
        this.register = register;
        this.update = update;
        this.delete = delete;
    }

    /** @return every resource of this kind (built in and registered) */
    public Call<List<L>> list() {
        return list.get();
    }

    /**
     * @param id the id
     * @return the resource as stored
     */
    public Call<T> get(String id) {
        return get.apply(id);
    }

    /**
     * @param registration the new resource (a secret in it stays on the server)
     * @return it as stored
     */
    public Call<T> register(R registration) {
        return register.apply(Objects.requireNonNull(registration, "registration"));
    }

    /**
     * @param id     a registered resource
     * @param update its new fields (a null secret keeps the stored one, an empty one removes it)
     * @return it as stored
     */
    public Call<T> update(String id, U update) {
        return this.update.apply(id, Objects.requireNonNull(update, "update"));
    }

    /**
     * @param id a registered resource (a built-in one cannot be deleted: 409)
     * @return the call; its result is {@code null}
     */
    public Call<Void> delete(String id) {
        return delete.apply(id);
    }
}
