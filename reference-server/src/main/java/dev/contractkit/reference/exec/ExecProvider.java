package dev.contractkit.reference.exec;

import dev.contractkit.reference.platform.ApiModule;
import dev.contractkit.reference.platform.ApiProvider;
import dev.contractkit.reference.platform.Settings;
import dev.contractkit.specs.Api;

/** The exec API, for {@link java.util.ServiceLoader}. */
public final class ExecProvider implements ApiProvider {
    @Override
    public Api api() {
        return Api.EXEC;
    }

    @Override
    public Record settings(Settings settings) {
        return ExecSettings.from(settings);
    }

    @Override
    public ApiModule create(ModuleContext context) {
        return new ExecModule(context.settings(), context.database(), context.cluster(), context.leases());
    }
}
