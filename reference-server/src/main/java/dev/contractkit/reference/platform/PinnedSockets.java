package dev.contractkit.reference.platform;

import javax.net.ssl.SNIHostName;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.SSLSocketFactory;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.List;

/**
 * Connections to addresses {@link AddressPolicy} checked: the name is not looked up again; TLS still verifies
 * the certificate against the name (SNI set, HTTPS endpoint identification).
 */
public final class PinnedSockets {
    private PinnedSockets() {
    }

    /**
     * @return a socket connected to the first of the addresses that answers
     * @throws IOException the last address's failure
     */
    public static Socket connect(List<InetAddress> addresses, int port, long timeoutMs) throws IOException {
        IOException last = new IOException("no address to connect to");
        for (InetAddress a : addresses) {
            Socket s = new Socket();
            try {
                s.connect(new InetSocketAddress(a, port), (int) Math.min(timeoutMs, Integer.MAX_VALUE));
                return s;
            } catch (IOException e) {
                s.close();
                last = e;
            }
        }
        throw last;
    }

    /** @return TLS over the connected socket, the certificate checked against {@code host} */
    public static SSLSocket tls(Socket plain, String host, int port) throws IOException {
        String name = host.startsWith("[") ? host.substring(1, host.length() - 1) : host;
        SSLSocket ssl = (SSLSocket) ((SSLSocketFactory) SSLSocketFactory.getDefault()).createSocket(plain, name, port, true);
        SSLParameters p = ssl.getSSLParameters();
        p.setEndpointIdentificationAlgorithm("HTTPS");
        if (!name.contains(":") && !name.matches("[0-9.]+")) {
            p.setServerNames(List.of(new SNIHostName(name)));
        }
        ssl.setSSLParameters(p);
        ssl.startHandshake();
        return ssl;
    }
}
