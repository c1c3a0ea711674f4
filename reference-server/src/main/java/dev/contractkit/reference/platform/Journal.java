package dev.contractkit.reference.platform;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/**
 * An append-only file of lines beside the embedded database: what a group commit appends after its transaction's
 * {@code commit()} and before its answers, so that a write H2 has not yet stored in its file (it stores in the
 * background, see {@link Database}) survives a {@code kill -9} of the process. Each append is one {@code write} to
 * the file (no {@code fsync}: the same promise as H2's own store, which survives a killed process but not a power
 * loss). Once H2 has stored everything committed, the journal is emptied ({@link #reset}).
 *
 * <p>At start the owner reads {@link #lines} and applies those the database lacks. A line is complete when it ends
 * in a newline: a last line without one was being written when the process died, so its write was never answered,
 * and it is skipped. Not thread-safe: one committer appends.
 */
public final class Journal implements AutoCloseable {
    private final Path file;
    private final FileChannel channel;
    private long size;

    private Journal(Path file, FileChannel channel, long size) {
        this.file = file;
        this.channel = channel;
        this.size = size;
    }

    /**
     * @param file the journal (created when missing, owner-only like the database beside it)
     * @return the journal, positioned at its end
     * @throws UncheckedIOException naming the file when it cannot be opened
     * @throws IllegalStateException when another server (or this process) holds it
     */
    public static Journal open(Path file) {
        try {
            FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ,
                    StandardOpenOption.WRITE);
            if (!locked(ch)) {
                ch.close();
                throw new IllegalStateException("the journal " + file + " is in use by another server on this data "
                        + "directory; stop it first, or give this one a data directory of its own (KIT_DATA_DIR)");
            }
            SecretFile.ownerOnly(file);
            long size = ch.size();
            ch.position(size);
            return new Journal(file, ch, size);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open the journal " + file + ": " + e.getMessage(), e);
        }
    }

    private static boolean locked(FileChannel ch) throws IOException {
        try {
            return ch.tryLock() != null; // released when the channel closes, or by the OS when the process dies
        } catch (OverlappingFileLockException e) { // held by this process already
            return false;
        }
    }

    /**
     * Closes and deletes the journal: call only once the database has stored everything its lines hold.
     *
     * @throws IOException when the file cannot be deleted
     */
    public void delete() throws IOException {
        channel.close();
        Files.deleteIfExists(file);
    }

    /** @return the journal's file */
    public Path file() {
        return file;
    }

    /** @return its size in bytes (0 after {@link #reset}) */
    public long size() {
        return size;
    }

    /**
     * @return the complete lines in the file, in the order they were appended (a torn last line left out)
     * @throws IOException when the file cannot be read
     */
    public List<String> lines() throws IOException {
        byte[] all = Files.readAllBytes(file);
        List<String> lines = new ArrayList<>();
        int start = 0;
        for (int i = 0; i < all.length; i++) {
            if (all[i] == '\n') {
                if (i > start) {
                    lines.add(new String(all, start, i - start, StandardCharsets.UTF_8));
                }
                start = i + 1;
            }
        }
        return lines;
    }

    /**
     * Appends lines in one write.
     *
     * @param lines the lines, each without a newline of its own
     * @throws IOException when the write fails (what was appended of it is a torn line, skipped at start)
     */
    public void append(List<String> lines) throws IOException {
        StringBuilder text = new StringBuilder(lines.size() * 200);
        for (String line : lines) {
            if (line.indexOf('\n') >= 0) {
                throw new IllegalArgumentException("a journal line holds no newline");
            }
            text.append(line).append('\n');
        }
        ByteBuffer buffer = ByteBuffer.wrap(text.toString().getBytes(StandardCharsets.UTF_8));
        while (buffer.hasRemaining()) {
            size += channel.write(buffer);
        }
    }

    /**
     * Empties the journal: call only once the database has stored everything its lines hold.
     *
     * @throws IOException when the file cannot be truncated
     */
    public void reset() throws IOException {
        channel.truncate(0);
        channel.position(0);
        size = 0;
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }
}
