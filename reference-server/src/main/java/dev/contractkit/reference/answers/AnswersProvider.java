package dev.contractkit.reference.answers;

import dev.contractkit.reference.platform.ApiModule;
import dev.contractkit.reference.platform.ApiProvider;
import dev.contractkit.reference.platform.Settings;
import dev.contractkit.specs.Api;

/** The answers API, for {@link java.util.ServiceLoader}. */
public final class AnswersProvider implements ApiProvider {
    @Override
    public Api api() {
        return Api.ANSWERS;
    }

    @Override
    public Record settings(Settings settings) {
        return AnswersSettings.from(settings);
    }

    @Override
    public ApiModule create(ModuleContext context) {
        return new AnswersModule(context.settings(), context.database(), context.cluster());
    }
}
