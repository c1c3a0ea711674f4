package dev.contractkit.reference.platform;

import dev.contractkit.specs.Api;

/**
 * One API of the reference server, as {@link java.util.ServiceLoader} finds it: each API's package has one
 * implementation, listed in {@code META-INF/services/dev.contractkit.reference.platform.ApiProvider}. The server
 * runs the APIs it is asked for whose provider it finds; the others are the mock's.
 */
public interface ApiProvider {

    /** @return the API (its id is the catalogue's) */
    Api api();

    /**
     * Reads and checks the API's own settings, in one record.
     *
     * @param settings the configuration
     * @return the API's typed settings
     * @throws IllegalArgumentException naming the key and the expected syntax of a wrong value
     */
    Record settings(Settings settings);

    /**
     * Builds the module: its routes ({@link ApiModule#routing}), error shape and background work.
     *
     * @param context what the server shares with its modules
     * @return the module, ready to be served
     */
    ApiModule create(ModuleContext context);

    /**
     * What the server gives each module.
     *
     * @param settings the configuration
     * @param database the kit's database
     * @param cluster  what the replicas share (bus, rate-limit counters)
     * @param leases   this process's replica id and lease
     */
    record ModuleContext(Settings settings, Database database, Cluster cluster, Leases leases) {
    }
}
