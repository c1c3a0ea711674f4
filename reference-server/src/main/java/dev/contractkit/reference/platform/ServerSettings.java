package dev.contractkit.reference.platform;

import dev.contractkit.specs.Api;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The server-wide settings of the APIs a server runs: the bind address, each listener's port and body limit.
 * (The database, bus, lease, host checks and public URLs read theirs where they are opened: {@link Database},
 * {@link Cluster}, {@link Leases}, {@link AllowedHosts}, {@link PublicUrl}.)
 *
 * @param host         {@code host}: the address every listener binds
 * @param ports        {@code <api>.port} of each API, else its port in the catalogue
 * @param maxBodyBytes {@code <api>.max-body-bytes}, else {@code max-body-bytes}, else 1 MiB (agent: 11 MiB)
 */
public record ServerSettings(String host, Map<Api, Integer> ports, Map<Api, Long> maxBodyBytes) {
    /** The agent takes uploads of up to 10 MiB, in a multipart body. */
    public static final int AGENT_UPLOAD_BYTES = 11 * 1024 * 1024;
    private static final int DEFAULT_BODY_BYTES = 1 << 20;

    /** Copies the maps. */
    public ServerSettings {
        ports = Map.copyOf(ports);
        maxBodyBytes = Map.copyOf(maxBodyBytes);
    }

    /**
     * @param s    the configuration
     * @param apis the APIs served
     * @return their settings, checked
     * @throws IllegalArgumentException naming the key of a wrong value
     */
    public static ServerSettings from(Settings s, List<Api> apis) {
        Map<Api, Integer> ports = new LinkedHashMap<>();
        Map<Api, Long> bodies = new LinkedHashMap<>();
        for (Api api : apis) {
            int port = s.getInt(api.id() + ".port", api.defaultPort());
            if (port < 0 || port > 65_535) {
                throw new IllegalArgumentException("setting " + Settings.envName(api.id() + ".port")
                        + " must be a port number from 0 (any free port) to 65535, was " + port);
            }
            ports.put(api, port);
            long body = s.getInt(api.id() + ".max-body-bytes",
                    s.getInt("max-body-bytes", api == Api.AGENT ? AGENT_UPLOAD_BYTES : DEFAULT_BODY_BYTES));
            if (body < 1) {
                throw new IllegalArgumentException("setting " + Settings.envName(api.id() + ".max-body-bytes")
                        + " (or KIT_MAX_BODY_BYTES) must be 1 or more, was " + body);
            }
            bodies.put(api, body);
        }
        return new ServerSettings(s.text("host"), ports, bodies);
    }
}
