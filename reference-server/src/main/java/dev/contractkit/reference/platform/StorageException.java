package dev.contractkit.reference.platform;

import java.sql.SQLException;

/**
 * The database failed. Unchecked: stores and handlers let it through, and the server's error routing
 * ({@link ApiServer}) logs it once and answers in the API's error shape (503 when the contract declares it and the
 * database does not answer, else 500), never with the SQL message. Code that handles one specific failure asks
 * {@link #isUniqueViolation()} rather than reading SQL states itself.
 */
public final class StorageException extends RuntimeException {

    /** A JDBC call that returns a value. */
    @FunctionalInterface
    public interface SqlCall<T> {
        /**
         * @return the call's result
         * @throws SQLException when the database fails
         */
        T call() throws SQLException;
    }

    /** A JDBC call without a result. */
    @FunctionalInterface
    public interface SqlRun {
        /** @throws SQLException when the database fails */
        void run() throws SQLException;
    }

    /** @param cause the database's failure */
    public StorageException(SQLException cause) {
        super(cause.getMessage(), cause);
    }

    /**
     * Runs a JDBC call, turning its {@link SQLException} into a {@code StorageException}.
     *
     * @param call the call
     * @param <T>  its result
     * @return its result
     */
    public static <T> T call(SqlCall<T> call) {
        try {
            return call.call();
        } catch (SQLException e) {
            throw new StorageException(e);
        }
    }

    /**
     * Runs a JDBC call, turning its {@link SQLException} into a {@code StorageException}.
     *
     * @param run the call
     */
    public static void run(SqlRun run) {
        try {
            run.run();
        } catch (SQLException e) {
            throw new StorageException(e);
        }
    }

    /** @return the database's failure */
    @Override
    public synchronized SQLException getCause() {
        return (SQLException) super.getCause();
    }

    /** @return true when a unique constraint refused the write (SQL state 23505 on PostgreSQL and H2 alike) */
    public boolean isUniqueViolation() {
        return isUniqueViolation(getCause());
    }

    /**
     * @param e a database failure (its chained exceptions are read too: PostgreSQL's batch reports the cause there)
     * @return true when a unique constraint refused the write (SQL state 23505 on PostgreSQL and H2 alike)
     */
    public static boolean isUniqueViolation(SQLException e) {
        for (SQLException s = e; s != null; s = s.getNextException()) {
            if (UNIQUE_VIOLATION.equals(s.getSQLState())) {
                return true;
            }
        }
        return false;
    }

    /**
     * @param e a database failure
     * @return true when any integrity constraint refused the write (SQL state class 23: unique, foreign key, not null)
     */
    public static boolean isIntegrityViolation(SQLException e) {
        return e.getSQLState() != null && e.getSQLState().startsWith("23");
    }

    private static final String UNIQUE_VIOLATION = "23505";
}
