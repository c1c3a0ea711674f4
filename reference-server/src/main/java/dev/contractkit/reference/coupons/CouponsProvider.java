package dev.contractkit.reference.coupons;

import dev.contractkit.reference.platform.ApiModule;
import dev.contractkit.reference.platform.ApiProvider;
import dev.contractkit.reference.platform.Settings;
import dev.contractkit.specs.Api;

/** The coupons API, for {@link java.util.ServiceLoader}. */
public final class CouponsProvider implements ApiProvider {
    @Override
    public Api api() {
        return Api.COUPONS;
    }

    @Override
    public Record settings(Settings settings) {
        return CouponsSettings.from(settings);
    }

    @Override
    public ApiModule create(ModuleContext context) {
        return new CouponsModule(context.settings(), context.database(), context.cluster());
    }
}
