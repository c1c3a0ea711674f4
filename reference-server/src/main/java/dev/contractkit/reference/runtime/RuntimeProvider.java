package dev.contractkit.reference.runtime;

import dev.contractkit.reference.platform.ApiModule;
import dev.contractkit.reference.platform.ApiProvider;
import dev.contractkit.reference.platform.Settings;
import dev.contractkit.specs.Api;

/** The runtime API, for {@link java.util.ServiceLoader}. */
public final class RuntimeProvider implements ApiProvider {
    @Override
    public Api api() {
        return Api.RUNTIME;
    }

    @Override
    public Record settings(Settings settings) {
        return RuntimeSettings.from(settings);
    }

    @Override
    public ApiModule create(ModuleContext context) {
        return new RuntimeModule(context.settings(), context.database());
    }
}
