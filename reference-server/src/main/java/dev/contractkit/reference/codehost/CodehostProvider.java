package dev.contractkit.reference.codehost;

import dev.contractkit.reference.platform.ApiModule;
import dev.contractkit.reference.platform.ApiProvider;
import dev.contractkit.reference.platform.Settings;
import dev.contractkit.specs.Api;

/** The codehost API, for {@link java.util.ServiceLoader}. */
public final class CodehostProvider implements ApiProvider {
    @Override
    public Api api() {
        return Api.CODEHOST;
    }

    @Override
    public Record settings(Settings settings) {
        return CodehostSettings.from(settings);
    }

    @Override
    public ApiModule create(ModuleContext context) {
        return new CodehostModule(context.settings(), context.database());
    }
}
