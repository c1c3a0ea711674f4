package dev.contractkit.reference.forms;

import dev.contractkit.reference.platform.ApiModule;
import dev.contractkit.reference.platform.ApiProvider;
import dev.contractkit.reference.platform.Settings;
import dev.contractkit.specs.Api;

/** The forms API, for {@link java.util.ServiceLoader}. */
public final class FormsProvider implements ApiProvider {
    @Override
    public Api api() {
        return Api.FORMS;
    }

    @Override
    public Record settings(Settings settings) {
        return FormsSettings.from(settings);
    }

    @Override
    public ApiModule create(ModuleContext context) {
        return new FormsModule(context.settings(), context.database());
    }
}
