package dev.contractkit.reference.agent;

import dev.contractkit.reference.platform.AddressPolicy;
import dev.contractkit.reference.platform.Settings;

import javax.net.SocketFactory;
import java.io.IOException;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketAddress;
import java.net.UnknownHostException;
import java.util.Arrays;
import java.util.List;
import java.util.Properties;

/**
 * The sockets pgjdbc opens for a data source (its {@code socketFactory}, set by the agent's data source connections; a
 * data source's URL may not name one): every connection, to every host of a multi-host URL and for query
 * cancels too, is checked against the platform's {@link AddressPolicy} with the operator's
 * {@code agent.db-net-allow} ({@code KIT_AGENT_DB_NET_ALLOW}) and goes to the address that was checked. Public
 * because pgjdbc instantiates it by name; the allow-list arrives as {@code socketFactoryArg}.
 */
public final class DataSourceSockets extends SocketFactory {
    /** The address is refused: its message names the address and the setting. */
    static final class Refused extends ConnectException {
        Refused(String message) {
            super(message);
        }
    }

    /** The operator's allow-list of internal addresses data sources may reach ({@code KIT_AGENT_DB_NET_ALLOW}). */
    static final String SETTING = "agent.db-net-allow";

    private final AddressPolicy policy;

    /** @param info pgjdbc's connection properties; {@code socketFactoryArg} is the allow-list */
    public DataSourceSockets(Properties info) {
        this.policy = policy(info.getProperty("socketFactoryArg", ""));
    }

    static AddressPolicy policy(String allow) {
        return new AddressPolicy(Settings.envName(SETTING), Arrays.stream(allow.split(",")).map(String::trim)
                .filter(e -> !e.isEmpty()).toList());
    }

    @Override
    public Socket createSocket() {
        return new Checked(policy);
    }

    @Override
    public Socket createSocket(String host, int port) throws IOException {
        Socket s = createSocket();
        s.connect(InetSocketAddress.createUnresolved(host, port));
        return s;
    }

    @Override
    public Socket createSocket(String host, int port, InetAddress localHost, int localPort) throws IOException {
        return createSocket(host, port);
    }

    @Override
    public Socket createSocket(InetAddress host, int port) throws IOException {
        return createSocket(host.getHostAddress(), port);
    }

    @Override
    public Socket createSocket(InetAddress address, int port, InetAddress localAddress, int localPort) throws IOException {
        return createSocket(address.getHostAddress(), port);
    }

    /** A socket that connects only to an address the policy let through, looked up once, here. */
    private static final class Checked extends Socket {
        private final AddressPolicy policy;

        Checked(AddressPolicy policy) {
            this.policy = policy;
        }

        @Override
        public void connect(SocketAddress endpoint, int timeout) throws IOException {
            if (!(endpoint instanceof InetSocketAddress target)) {
                throw new Refused("the data source's address is not an internet address");
            }
            List<InetAddress> allowed;
            try {
                allowed = policy.resolve(target.getHostString());
            } catch (AddressPolicy.Refused e) {
                throw new Refused(e.getMessage());
            } catch (AddressPolicy.Unresolved e) {
                throw new UnknownHostException(e.getMessage());
            }
            InetAddress chosen = allowed.contains(target.getAddress()) ? target.getAddress() : allowed.getFirst();
            super.connect(new InetSocketAddress(chosen, target.getPort()), timeout);
        }
    }
}
