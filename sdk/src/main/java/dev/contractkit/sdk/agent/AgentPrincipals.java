package dev.contractkit.sdk.agent;

import dev.contractkit.sdk.Call;
import dev.contractkit.sdk.KitTokenBuilder;
import dev.contractkit.sdk.agent.api.PrincipalsApi;
import dev.contractkit.sdk.agent.model.CreatedPrincipal;
import dev.contractkit.sdk.agent.model.Grant;
import dev.contractkit.sdk.agent.model.GrantList;
import dev.contractkit.sdk.agent.model.Principal;
import dev.contractkit.sdk.agent.model.PrincipalCreation;
import dev.contractkit.sdk.agent.model.PrincipalList;
import dev.contractkit.sdk.internal.HttpCall;

import java.util.List;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The agent's named principals ({@code /api/v1/principals} of {@code specs/openapi/agent.yaml}), the operator's
 * only (build it with the kit token): make a named token (shown once, in {@link CreatedPrincipal#getToken()}), list
 * and read principals, set what each one's runs may use, revoke a token. A named principal sees only its own threads,
 * files and artifacts; its runs may use only what it was granted.
 *
 * <pre>{@code
 * AgentClient agent = AgentClient.builder().baseUrl("http://127.0.0.1:8090").token(System.getenv("KIT_TOKEN")).build();
 * AgentPrincipals principals = agent.principals();              // the agent client's own connection and token
 * CreatedPrincipal alice = principals.create("alice", List.of(new Grant().kind(Grant.KindEnum.DB).id("sample"))).execute();
 * AgentClient asAlice = AgentClient.builder().baseUrl("http://127.0.0.1:8090").token(alice.getToken()).build();
 * }</pre>
 *
 * A named principal's call answers {@code ForbiddenException}; a name that exists {@code ConflictException}. An
 * {@code AgentClient} built with a named token ({@code token(...)}) acts as that principal. It is a view of the one
 * agent client ({@link AgentClientAddOns#principals()}); its own builder is deprecated.
 */
public final class AgentPrincipals implements AutoCloseable {
    private final Function<PrincipalCreation, Call<CreatedPrincipal>> create;
    private final Supplier<Call<PrincipalList>> list;
    private final Function<String, Call<Principal>> get;
    private final BiFunction<String, GrantList, Call<Principal>> grant;
    private final Function<String, Call<Void>> revoke;
    private final AgentConnection owner;

    /**
     * The view on the generated client's operations ({@link AgentClientAddOns#principals()}), or on the connection a
     * deprecated builder opened: it names neither client nor add-on, which name it (no class loop).
     *
     * @param owner the connection a deprecated builder opened, closed with this view, or null for
     *              {@link AgentClientAddOns#principals()}
     */
    AgentPrincipals(Function<PrincipalCreation, Call<CreatedPrincipal>> create, Supplier<Call<PrincipalList>> list,
                    Function<String, Call<Principal>> get, BiFunction<String, GrantList, Call<Principal>> grant,
                    Function<String, Call<Void>> revoke, AgentConnection owner) {
        this.create = create;
        this.list = list;
        this.get = get;
        this.grant = grant;
        this.revoke = revoke;
        this.owner = owner;
    }

    /**
     * A builder; {@code baseUrl} is required.
     *
     * @return the builder
     * @deprecated the agent has one client: build an {@link AgentClient} and use {@link AgentClientAddOns#principals()}
     */
    @Deprecated(since = "0.1.0", forRemoval = true)
    public static Builder builder() {
        return new Builder();
    }

    /**
     * Closes the connection a deprecated {@link #builder()} opened; a view of an {@link AgentClient} leaves it open.
     */
    @Override
    public void close() {
        if (owner != null) {
            owner.close();
        }
    }

    /**
     * @param name   the principal's name (lower-case letters, digits, {@code .}, {@code _}, {@code -}; not {@code operator})
     * @param grants what its runs may use (may be empty)
     * @return the principal with its token, shown this once
     */
    public Call<CreatedPrincipal> create(String name, List<Grant> grants) {
        return create.apply(new PrincipalCreation().name(name).grants(grants));
    }

    /** @return the named principals, by name (never their tokens) */
    public Call<List<Principal>> list() {
        return list.get().map(PrincipalList::getItems);
    }

    /**
     * @param name the principal's name
     * @return the principal (never its token)
     */
    public Call<Principal> get(String name) {
        return get.apply(name);
    }

    /**
     * @param name   the principal's name
     * @param grants what the principal's runs may use from now on (replaces the grants it had)
     * @return the principal with its new grants
     */
    public Call<Principal> grant(String name, List<Grant> grants) {
        return grant.apply(name, new GrantList().grants(grants));
    }

    /**
     * Revokes the principal's token: its next request answers 401.
     *
     * @param name the principal's name
     * @return the call (no body)
     */
    public Call<Void> revoke(String name) {
        return revoke.apply(name);
    }

    /**
     * Builder: it opens the connection an {@link AgentClient} is built on (same token, settings and errors) and
     * returns a principals view that closes it.
     *
     * @deprecated use {@code AgentClient.builder()...build().principals()}
     */
    @Deprecated(since = "0.1.0", forRemoval = true)
    public static final class Builder extends KitTokenBuilder<Builder> {
        private Builder() {
        }

        @Override
        protected Builder self() {
            return this;
        }

        /**
         * @return the client
         * @throws IllegalStateException when the base URL is missing
         */
        public AgentPrincipals build() {
            AgentConnection connection = AgentConnection.open(configBuilder().build(), kitToken());
            PrincipalsApi api = connection.retrofit().create(PrincipalsApi.class);
            return new AgentPrincipals(c -> HttpCall.of(api.createPrincipal(c)), () -> HttpCall.of(api.listPrincipals()),
                    name -> HttpCall.of(api.getPrincipal(name)), (name, g) -> HttpCall.of(api.setPrincipalGrants(name, g)),
                    name -> HttpCall.of(api.revokePrincipal(name)), connection);
        }
    }
}
