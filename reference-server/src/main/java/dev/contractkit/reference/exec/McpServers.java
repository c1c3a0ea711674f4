package dev.contractkit.reference.exec;

import java.net.URI;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The MCP servers {@code mcp.call} may use: {@code exec.mcp-servers} ({@code KIT_EXEC_MCP_SERVERS}), a
 * comma-separated list of {@code name=http://host:port/mcp} (Streamable HTTP, JSON-RPC over POST) or
 * {@code name=stdio:program arg ...} (a process started per call, JSON-RPC on its standard input and output;
 * arguments split on spaces). Empty: {@code mcp.call} is disabled and not advertised.
 */
record McpServers(Map<String, Server> servers) {
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9._-]{1,64}");

    /**
     * One configured server.
     *
     * @param name    what {@code mcp.call}'s {@code server} names
     * @param url     the Streamable HTTP endpoint, or null
     * @param command the program and its arguments of a stdio server, or empty
     */
    record Server(String name, URI url, List<String> command) {
        boolean stdio() {
            return url == null;
        }
    }

    static McpServers parse(List<String> entries) {
        Map<String, Server> out = new LinkedHashMap<>();
        for (String entry : entries) {
            int eq = entry.indexOf('=');
            String name = eq < 0 ? "" : entry.substring(0, eq).trim();
            String target = eq < 0 ? "" : entry.substring(eq + 1).trim();
            if (!NAME.matcher(name).matches() || target.isEmpty()) {
                throw new IllegalArgumentException("setting KIT_EXEC_MCP_SERVERS: '" + entry + "' is not name=http(s)://... "
                        + "or name=stdio:program args (names: letters, digits, . _ -)");
            }
            if (out.containsKey(name)) {
                throw new IllegalArgumentException("setting KIT_EXEC_MCP_SERVERS: the name " + name + " is given twice");
            }
            if (target.startsWith("stdio:")) {
                List<String> command = Arrays.stream(target.substring(6).trim().split("\\s+")).filter(s -> !s.isEmpty()).toList();
                if (command.isEmpty()) {
                    throw new IllegalArgumentException("setting KIT_EXEC_MCP_SERVERS: " + name + "=stdio: names no program");
                }
                out.put(name, new Server(name, null, command));
            } else {
                URI uri;
                try {
                    uri = URI.create(target);
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException("setting KIT_EXEC_MCP_SERVERS: " + name + ": " + e.getMessage());
                }
                if (!"http".equals(uri.getScheme()) && !"https".equals(uri.getScheme()) || uri.getHost() == null) {
                    throw new IllegalArgumentException("setting KIT_EXEC_MCP_SERVERS: " + name + "=" + target
                            + " is neither an http(s) URL nor stdio:program");
                }
                out.put(name, new Server(name, uri, List.of()));
            }
        }
        return new McpServers(Map.copyOf(out));
    }

    boolean isEmpty() {
        return servers.isEmpty();
    }
}
