package dev.contractkit.reference.agent;

import dev.contractkit.reference.platform.ApiModule;
import dev.contractkit.reference.platform.ApiProvider;
import dev.contractkit.reference.platform.Settings;
import dev.contractkit.specs.Api;

/** The agent API, for {@link java.util.ServiceLoader}. */
public final class AgentProvider implements ApiProvider {
    @Override
    public Api api() {
        return Api.AGENT;
    }

    @Override
    public Record settings(Settings settings) {
        return AgentSettings.from(settings);
    }

    @Override
    public ApiModule create(ModuleContext context) {
        return new AgentModule(context.settings(), context.database(), context.cluster(), context.leases());
    }
}
