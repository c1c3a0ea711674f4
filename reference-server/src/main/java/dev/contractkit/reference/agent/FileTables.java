package dev.contractkit.reference.agent;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.h2.tools.Csv;

import java.io.IOException;
import java.io.StringReader;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/**
 * The run's files as tables: each CSV or JSON file (uploaded and named in {@code fileIds}, or pinned) is loaded into
 * its own table of a private in-memory H2 database that lives as long as the run (closed with it). CSV: the first
 * row names the columns (H2's {@link Csv} parser); JSON: an array of objects (or an object whose first array field
 * is one), keys are columns, nested values are kept as JSON text. A column whose every value is a number is
 * {@code DECIMAL}, else {@code VARCHAR}. Tables and columns are named after the file and header, lower-cased,
 * other characters {@code _}.
 */
final class FileTables implements AutoCloseable {
    static final int MAX_ROWS = 100_000;
    static final int MAX_COLUMNS = 200;

    /** A loaded file. */
    record Loaded(String fileId, String table, List<String> columns, int rows) {
    }

    /** The file cannot be read as a table; the message says why. */
    static final class Unreadable extends Exception {
        Unreadable(String message) {
            super(message);
        }
    }

    private final String url = "jdbc:h2:mem:agent_files_" + UUID.randomUUID().toString().replace("-", "");
    private final Connection holder;
    private final Set<String> names = new HashSet<>();
    private final List<Tables.Table> tables = new ArrayList<>();
    private final ObjectMapper mapper;

    FileTables(ObjectMapper mapper) throws SQLException {
        this.mapper = mapper;
        this.holder = DriverManager.getConnection(url); // keeps the in-memory database until close()
    }

    /** @return a new connection to the run's file tables */
    Connection connect() throws SQLException {
        return DriverManager.getConnection(url);
    }

    List<Tables.Table> tables() {
        return tables;
    }

    /**
     * @param id      the file or artifact id
     * @param name    its name (gives the table's name)
     * @param content its bytes
     */
    Loaded load(String id, String name, byte[] content) throws Unreadable, SQLException {
        String lower = name.toLowerCase(Locale.ROOT);
        String text = new String(content, StandardCharsets.UTF_8);
        if (!text.isEmpty() && text.charAt(0) == '\uFEFF') {
            text = text.substring(1);
        }
        List<String> header;
        List<List<Object>> rows = new ArrayList<>();
        if (lower.endsWith(".csv")) {
            header = csv(text, rows);
        } else if (lower.endsWith(".json")) {
            header = json(text, rows);
        } else {
            throw new Unreadable("only CSV and JSON files can be read as tables");
        }
        if (header.isEmpty()) {
            throw new Unreadable("the file has no columns");
        }
        String table = unique(identifier(name.replaceAll("\\.[^.]*$", "")));
        List<String> columns = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (String h : header) {
            String c = identifier(h);
            String u = c;
            for (int i = 2; !seen.add(u); i++) {
                u = c + "_" + i;
            }
            columns.add(u);
        }
        List<Boolean> numeric = new ArrayList<>();
        for (int i = 0; i < columns.size(); i++) {
            final int col = i;
            numeric.add(rows.stream().map(r -> col < r.size() ? r.get(col) : null).filter(v -> v != null && !v.toString().isBlank())
                    .allMatch(v -> number(v.toString()) != null)
                    && rows.stream().anyMatch(r -> col < r.size() && r.get(col) != null && !r.get(col).toString().isBlank()));
        }
        // stored in upper case, so that plain names need no quotes in the SQL the agent shows
        StringBuilder ddl = new StringBuilder("CREATE TABLE \"" + upper(table) + "\" (");
        for (int i = 0; i < columns.size(); i++) {
            ddl.append(i == 0 ? "" : ", ").append('"').append(upper(columns.get(i))).append("\" ")
                    .append(numeric.get(i) ? "DECIMAL(38, 10)" : "VARCHAR");
        }
        try (Statement s = holder.createStatement()) {
            s.execute(ddl.append(')').toString());
        }
        String insert = "INSERT INTO \"" + upper(table) + "\" VALUES (" + "?, ".repeat(columns.size() - 1) + "?)";
        try (PreparedStatement s = holder.prepareStatement(insert)) {
            for (List<Object> row : rows) {
                for (int i = 0; i < columns.size(); i++) {
                    Object v = i < row.size() ? row.get(i) : null;
                    String t = v == null ? null : v.toString();
                    if (t == null || numeric.get(i) && t.isBlank()) {
                        s.setObject(i + 1, null);
                    } else {
                        s.setObject(i + 1, numeric.get(i) ? number(t) : t);
                    }
                }
                s.addBatch();
            }
            s.executeBatch();
        }
        List<Tables.Column> cols = new ArrayList<>();
        for (int i = 0; i < columns.size(); i++) {
            String c = columns.get(i);
            cols.add(new Tables.Column(c, upper(c), numeric.get(i), Tables.needsQuotes(upper(c), false)));
        }
        tables.add(new Tables.Table("files", table, Tables.sqlName(upper(table), false), cols));
        return new Loaded(id, table, columns, rows.size());
    }

    private static List<String> csv(String text, List<List<Object>> rows) throws Unreadable {
        try (ResultSet r = new Csv().read(new StringReader(text), null)) {
            int n = r.getMetaData().getColumnCount();
            List<String> header = new ArrayList<>();
            for (int i = 1; i <= n; i++) {
                header.add(r.getMetaData().getColumnLabel(i));
            }
            checkWidth(n);
            while (r.next()) {
                List<Object> row = new ArrayList<>();
                for (int i = 1; i <= n; i++) {
                    row.add(r.getString(i));
                }
                rows.add(row);
                checkLength(rows);
            }
            return header;
        } catch (SQLException | IOException e) {
            throw new Unreadable("the CSV cannot be parsed: " + String.valueOf(e.getMessage()).lines().findFirst().orElse(""));
        }
    }

    private List<String> json(String text, List<List<Object>> rows) throws Unreadable {
        JsonNode root;
        try {
            root = mapper.readTree(text);
        } catch (JsonProcessingException e) {
            throw new Unreadable("the JSON cannot be parsed: " + e.getOriginalMessage());
        } catch (IOException e) {
            throw new Unreadable("the JSON cannot be read: " + e.getMessage());
        }
        JsonNode array = root;
        if (root != null && root.isObject()) {
            array = null;
            for (JsonNode v : root) {
                if (v.isArray()) {
                    array = v;
                    break;
                }
            }
        }
        if (array == null || !array.isArray()) {
            throw new Unreadable("the JSON is not an array of objects (nor an object holding one)");
        }
        Map<String, Integer> index = new LinkedHashMap<>();
        for (JsonNode item : array) {
            if (!item.isObject()) {
                throw new Unreadable("the JSON array holds something other than objects");
            }
            item.fieldNames().forEachRemaining(f -> index.putIfAbsent(f, index.size()));
            checkWidth(index.size());
        }
        for (JsonNode item : array) {
            List<Object> row = new ArrayList<>();
            for (String f : index.keySet()) {
                JsonNode v = item.get(f);
                row.add(v == null || v.isNull() ? null : v.isValueNode() ? v.asText() : v.toString());
            }
            rows.add(row);
            checkLength(rows);
        }
        return new ArrayList<>(index.keySet());
    }

    private static void checkWidth(int n) throws Unreadable {
        if (n > MAX_COLUMNS) {
            throw new Unreadable("more than " + MAX_COLUMNS + " columns");
        }
    }

    private static void checkLength(List<?> rows) throws Unreadable {
        if (rows.size() > MAX_ROWS) {
            throw new Unreadable("more than " + MAX_ROWS + " rows");
        }
    }

    private static BigDecimal number(String s) {
        String t = s.trim();
        if (!t.matches("[-+]?[0-9]{1,27}(\\.[0-9]{1,10})?")) {
            return null;
        }
        return new BigDecimal(t);
    }

    /** @return a lower-case SQL name: letters, digits and {@code _}, starting with a letter */
    static String identifier(String s) {
        String t = s.trim().toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9_]+", "_").replaceAll("^_+|_+$", "");
        if (t.isEmpty() || !Character.isLetter(t.charAt(0))) {
            t = "c_" + t;
        }
        return t.length() > 60 ? t.substring(0, 60) : t;
    }

    private static String upper(String s) {
        return s.toUpperCase(Locale.ROOT);
    }

    private String unique(String base) {
        String t = base;
        for (int i = 2; !names.add(t); i++) {
            t = base + "_" + i;
        }
        return t;
    }

    @Override
    public void close() {
        try (Statement s = holder.createStatement()) {
            s.execute("SHUTDOWN");
        } catch (SQLException ignored) {
            // closing anyway
        }
        try {
            holder.close();
        } catch (SQLException ignored) {
            // gone
        }
    }
}
