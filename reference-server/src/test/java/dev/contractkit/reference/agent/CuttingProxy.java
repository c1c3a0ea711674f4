package dev.contractkit.reference.agent;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A TCP proxy in front of a server that can cut every open connection at once (a network drop, a load balancer
 * restarting) and be pointed at another server afterwards. Each connection is two byte pumps on virtual threads.
 */
final class CuttingProxy implements AutoCloseable {
    private final ServerSocket listener;
    private final List<Socket> open = new CopyOnWriteArrayList<>();
    private volatile InetSocketAddress target;

    /** @param target the server's base URL, e.g. {@code http://127.0.0.1:8090} */
    CuttingProxy(String target) throws IOException {
        this.target = address(target);
        listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread.ofVirtual().name("cutting-proxy").start(this::accept);
    }

    private static InetSocketAddress address(String url) {
        URI uri = URI.create(url);
        return new InetSocketAddress(uri.getHost(), uri.getPort());
    }

    /** @return the proxy's base URL */
    String url() {
        return "http://127.0.0.1:" + listener.getLocalPort();
    }

    /** @param url the server new connections go to from now on */
    void pointAt(String url) {
        target = address(url);
    }

    /** Closes every open connection (both sides) mid-stream. */
    void cut() {
        for (Socket s : open) {
            closeQuietly(s);
        }
        open.clear();
    }

    private void accept() {
        while (!listener.isClosed()) {
            try {
                Socket client = listener.accept();
                Socket server = new Socket();
                server.connect(target);
                open.add(client);
                open.add(server);
                Thread.ofVirtual().start(() -> pump(client, server));
                Thread.ofVirtual().start(() -> pump(server, client));
            } catch (IOException e) {
                // closed, or the target refused: the client sees its connection end
            }
        }
    }

    private static void pump(Socket from, Socket to) {
        try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
            byte[] buffer = new byte[8192];
            int n;
            while ((n = in.read(buffer)) >= 0) {
                out.write(buffer, 0, n);
                out.flush();
            }
        } catch (IOException e) {
            // cut
        } finally {
            closeQuietly(from);
            closeQuietly(to);
        }
    }

    private static void closeQuietly(Socket s) {
        try {
            s.close();
        } catch (IOException e) {
            // already closed
        }
    }

    @Override
    public void close() throws IOException {
        listener.close();
        cut();
    }
}
