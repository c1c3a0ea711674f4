package dev.contractkit.reference.platform;

import javax.sql.DataSource;
import java.io.PrintWriter;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.Statement;
import java.util.logging.Logger;

/**
 * A data source whose commits are in the file before they return, on an embedded H2 file that otherwise writes in
 * the background ({@code WRITE_DELAY} above 0, see {@link Database}): after a connection's {@code commit()}, or a
 * statement that may write run in auto-commit, it stores H2's changes ({@link Store#force}) before handing back. A
 * connection that only queried ({@code executeQuery}) never stores. Writes that are made durable another way (a
 * {@link Journal}) use the data source underneath instead.
 */
final class StoredCommits implements DataSource {
    /** Writes what H2 holds in memory to its file and waits until it is there. */
    @FunctionalInterface
    interface Store {
        /**
         * @param c the connection that wrote (a second process reaches the file through its owner's server)
         * @throws SQLException when the store fails (the caller's write is then not known to be durable)
         */
        void force(Connection c) throws SQLException;
    }

    private final DataSource delegate;
    private final Store store;

    StoredCommits(DataSource delegate, Store store) {
        this.delegate = delegate;
        this.store = store;
    }

    @Override
    public Connection getConnection() throws SQLException {
        return wrap(delegate.getConnection());
    }

    @Override
    public Connection getConnection(String username, String password) throws SQLException {
        return wrap(delegate.getConnection(username, password));
    }

    private Connection wrap(Connection c) {
        return (Connection) Proxy.newProxyInstance(StoredCommits.class.getClassLoader(),
                new Class<?>[] {Connection.class}, new Tracked(c));
    }

    /** One connection: whether it wrote since its last store, and the stores after its commits. */
    private final class Tracked implements InvocationHandler {
        private final Connection c;
        private boolean wrote;

        Tracked(Connection c) {
            this.c = c;
        }

        @Override
        public Object invoke(Object proxy, Method m, Object[] args) throws Throwable {
            String name = m.getName();
            boolean wasManual = name.equals("setAutoCommit") && wrote && !c.getAutoCommit();
            Object result = call(c, m, args);
            switch (name) {
                case "commit" -> stored();
                case "rollback" -> wrote = wrote && args != null && args.length == 1; // to a savepoint: still wrote
                case "setAutoCommit" -> {
                    if (wasManual && Boolean.TRUE.equals(args[0])) {
                        stored(); // JDBC commits the transaction when auto-commit is switched back on
                    }
                }
                case "createStatement", "prepareStatement", "prepareCall" -> {
                    return statement((Statement) result, m.getReturnType(), proxy);
                }
                default -> { }
            }
            return result;
        }

        private Object statement(Statement s, Class<?> type, Object connection) {
            return Proxy.newProxyInstance(StoredCommits.class.getClassLoader(), new Class<?>[] {type}, (p, m, args) -> {
                if (m.getName().equals("getConnection")) {
                    return connection;
                }
                Object result = call(s, m, args);
                if (m.getName().startsWith("execute") && !m.getName().equals("executeQuery")) {
                    wrote = true;
                    if (c.getAutoCommit()) {
                        stored();
                    }
                }
                return result;
            });
        }

        private void stored() throws SQLException {
            if (wrote) {
                store.force(c);
                wrote = false;
            }
        }
    }

    private static Object call(Object target, Method m, Object[] args) throws Throwable {
        try {
            return m.invoke(target, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }

    @Override
    public PrintWriter getLogWriter() throws SQLException {
        return delegate.getLogWriter();
    }

    @Override
    public void setLogWriter(PrintWriter out) throws SQLException {
        delegate.setLogWriter(out);
    }

    @Override
    public void setLoginTimeout(int seconds) throws SQLException {
        delegate.setLoginTimeout(seconds);
    }

    @Override
    public int getLoginTimeout() throws SQLException {
        return delegate.getLoginTimeout();
    }

    @Override
    public Logger getParentLogger() throws SQLFeatureNotSupportedException {
        return delegate.getParentLogger();
    }

    @Override
    public <T> T unwrap(Class<T> iface) throws SQLException {
        return iface.isInstance(this) ? iface.cast(this) : delegate.unwrap(iface);
    }

    @Override
    public boolean isWrapperFor(Class<?> iface) throws SQLException {
        return iface.isInstance(this) || delegate.isWrapperFor(iface);
    }
}
