package dev.contractkit.reference.platform;

import java.sql.SQLException;

/**
 * The database failed. Unchecked: stores and handlers let it through, and the server's error routing
 * ({@link ApiServer}) logs it once and answers in the API's error shape (503 when the contract declares it and the
 * database does not answer, else 500), never with the SQL message. Code that handles one specific failure asks
 * {@link #isUniqueViolation()} rather than reading SQL states itself. {@link Jdbc} is where a store's
 * {@code SQLException} becomes one.
 */
public final class StorageException extends RuntimeException {

    /** @param cause the database's failure */
    public StorageException(SQLException cause) {
        super(cause.getMessage(), cause);
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
