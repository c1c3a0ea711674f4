package dev.contractkit.reference.agent;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A loopback listener that plays the first steps of a PostgreSQL server (or any service a data source could be
 * pointed at): it records every connection's start-up packet, asks for a clear-text password and records the
 * password message, then closes. What a data source's connection sends is what an attacker's server would see.
 */
final class FakePostgres implements AutoCloseable {
    final List<String> startups = new CopyOnWriteArrayList<>();
    final List<String> passwords = new CopyOnWriteArrayList<>();
    private final ServerSocket socket;

    FakePostgres() throws IOException {
        socket = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread.ofVirtual().start(this::accept);
    }

    int port() {
        return socket.getLocalPort();
    }

    int connections() {
        return startups.size();
    }

    private void accept() {
        while (!socket.isClosed()) {
            try (Socket s = socket.accept()) {
                DataInputStream in = new DataInputStream(s.getInputStream());
                DataOutputStream out = new DataOutputStream(s.getOutputStream());
                byte[] startup = new byte[in.readInt() - 4];
                in.readFully(startup);
                startups.add(new String(startup, StandardCharsets.ISO_8859_1));
                if (startup.length >= 4 && startup[0] == 0x04 && startup[1] == (byte) 0xd2) { // SSLRequest, GSSENCRequest
                    out.writeByte('N');
                    out.flush();
                    startup = new byte[in.readInt() - 4];
                    in.readFully(startup);
                    startups.add(new String(startup, StandardCharsets.ISO_8859_1));
                }
                out.writeByte('R');
                out.writeInt(8);
                out.writeInt(3); // AuthenticationCleartextPassword
                out.flush();
                if (in.readByte() == 'p') {
                    byte[] password = new byte[in.readInt() - 4];
                    in.readFully(password);
                    passwords.add(new String(password, StandardCharsets.UTF_8).replace("\0", ""));
                }
            } catch (IOException e) {
                // the client went away, or the listener closed
            }
        }
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
