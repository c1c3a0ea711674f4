package dev.contractkit.docstest;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The kit's default ports (the ports the documentation shows) and the ports a block actually gets. Commands reach
 * the servers through the variables the kit reads ({@code KIT_<API>_PORT}, {@code EXEC_URL}, ...), and a URL on a
 * default port written in a block ({@code http://127.0.0.1:8081/...}) is rewritten to the actual port.
 */
record Ports(Map<String, Integer> actual) {
    /** API id -> default port, as in the README's table */
    static final Map<String, Integer> DEFAULTS = defaults();
    private static final int FIRST = 20_000;
    private static final int COUNT = 12_000;
    private static final Set<Integer> GIVEN = ConcurrentHashMap.newKeySet();
    private static final Pattern LOOPBACK_URL = Pattern.compile("(127\\.0\\.0\\.1|localhost):(\\d{4,5})\\b");

    private static Map<String, Integer> defaults() {
        Map<String, Integer> d = new LinkedHashMap<>();
        d.put("exec", 8080);
        d.put("runtime", 18080);
        d.put("forms", 8081);
        d.put("coupons", 8082);
        d.put("answers", 8083);
        d.put("codehost", 8084);
        d.put("agent", 8090);
        int port = 8101;
        for (String provider : new String[] {"claude", "codex", "cursor", "deepseek", "gemini", "github-copilot", "kimi",
                "minimax", "openrouter", "siliconflow", "zai"}) {
            d.put(provider, port++);
        }
        d.put("chat-completions", 8112);
        return Map.copyOf(d);
    }

    /** @return a free loopback port for every API */
    static Ports free() {
        Map<String, Integer> ports = new LinkedHashMap<>();
        DEFAULTS.keySet().forEach(api -> ports.put(api, freePort()));
        return new Ports(ports);
    }

    /**
     * A port below Linux's ephemeral range (32768-60999), never given twice in this run: a port the system picks for
     * port 0 comes from that range, where any outgoing connection (the kit's own clients in another block) could take
     * it before the block's server binds it (seen: "port 44247 ... is in use").
     */
    private static int freePort() {
        for (int attempt = 0; attempt < 1_000; attempt++) {
            int port = FIRST + ThreadLocalRandom.current().nextInt(COUNT);
            if (GIVEN.add(port) && bindable(port)) {
                return port;
            }
        }
        throw new IllegalStateException("no free loopback port in " + FIRST + "-" + (FIRST + COUNT - 1));
    }

    private static boolean bindable(int port) {
        try (ServerSocket s = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort() == port;
        } catch (IOException e) {
            return false;
        }
    }

    static String variable(String api) {
        return "KIT_" + api.toUpperCase().replace('-', '_') + "_PORT";
    }

    /** @return KIT_<API>_PORT for every API, and execcli's EXEC_URL and EXEC_RUNTIME_URL */
    Map<String, String> environment() {
        Map<String, String> env = new LinkedHashMap<>();
        actual.forEach((api, port) -> env.put(variable(api), Integer.toString(port)));
        env.put("EXEC_URL", "http://127.0.0.1:" + actual.get("exec"));
        env.put("EXEC_RUNTIME_URL", "http://127.0.0.1:" + actual.get("runtime"));
        return env;
    }

    /** @return the script with every loopback URL on a default port moved to the actual port */
    String rewrite(String script) {
        Map<Integer, Integer> moved = new LinkedHashMap<>();
        DEFAULTS.forEach((api, port) -> moved.put(port, actual.get(api)));
        Matcher m = LOOPBACK_URL.matcher(script);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            Integer to = moved.get(Integer.parseInt(m.group(2)));
            m.appendReplacement(out, Matcher.quoteReplacement(to == null ? m.group() : m.group(1) + ":" + to));
        }
        m.appendTail(out);
        return out.toString();
    }
}
