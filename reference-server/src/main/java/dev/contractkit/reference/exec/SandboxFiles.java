package dev.contractkit.reference.exec;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Paths of {@code os.file} (and the {@code cwd} of local commands) inside the sandbox directory. A path is first
 * checked as text ({@code ..} may not leave the sandbox), then on disk: an existing path's real path (symbolic
 * links resolved) must be inside the sandbox's real path, and a written file's missing parent directories are
 * made one at a time, never through a symbolic link, and the file is opened without following a link
 * ({@code NOFOLLOW_LINKS}), so a link in the sandbox cannot lead a read, a listing or a write out of it.
 */
final class SandboxFiles {
    private final Path base;

    /** @param base the sandbox directory, absolute and normalised */
    SandboxFiles(Path base) {
        this.base = base;
    }

    Path base() {
        return base;
    }

    /** @return the path as text, inside the sandbox (not yet looked at on disk) */
    Path lexical(String relative, String field) throws WorkFailed {
        Path resolved = base.resolve(relative).normalize();
        if (!resolved.startsWith(base)) {
            throw WorkFailed.refused(field + " " + relative + " is outside the sandbox directory " + base);
        }
        return resolved;
    }

    /** @return the real path of an existing file or directory, inside the sandbox's real path */
    Path existing(String relative, String field) throws WorkFailed, IOException {
        Path real = lexical(relative, field).toRealPath();
        if (!real.startsWith(base.toRealPath())) {
            throw WorkFailed.refused(field + " " + relative + " leads out of the sandbox directory through a symbolic link");
        }
        return real;
    }

    /** @return the file's text (at most {@code maxBytes}), read without following a link */
    String read(String relative, long maxBytes) throws WorkFailed, IOException {
        Path real = existing(relative, "path");
        if (Files.size(real) > maxBytes) {
            throw new WorkFailed("too_large", relative + " is larger than " + maxBytes + " bytes", null, false);
        }
        try (InputStream in = Files.newInputStream(real, LinkOption.NOFOLLOW_LINKS)) {
            return new String(in.readNBytes((int) maxBytes), StandardCharsets.UTF_8);
        }
    }

    /** Writes the file, making its missing parent directories; no step goes through a symbolic link. */
    void write(String relative, byte[] bytes) throws WorkFailed, IOException {
        Path rel = base.relativize(lexical(relative, "path"));
        if (rel.toString().isEmpty()) {
            throw WorkFailed.refused("path " + relative + " names the sandbox directory, not a file");
        }
        Path dir = base.toRealPath();
        for (int i = 0; i < rel.getNameCount() - 1; i++) {
            dir = dir.resolve(rel.getName(i));
            if (Files.isSymbolicLink(dir)) {
                throw WorkFailed.refused("path " + relative + " goes through the symbolic link " + base.relativize(
                        base.resolve(rel.subpath(0, i + 1))) + "; os.file does not follow links");
            }
            if (!Files.exists(dir, LinkOption.NOFOLLOW_LINKS)) {
                Files.createDirectory(dir);
            }
        }
        Path file = dir.resolve(rel.getFileName());
        if (Files.isSymbolicLink(file)) {
            throw WorkFailed.refused("path " + relative + " is a symbolic link; os.file does not follow links");
        }
        try (OutputStream out = Files.newOutputStream(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING, LinkOption.NOFOLLOW_LINKS)) {
            out.write(bytes);
        }
    }
}
