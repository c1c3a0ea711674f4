package dev.contractkit.reference.agent;

import dev.contractkit.reference.platform.ApiError;
import dev.contractkit.reference.platform.Principal;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code run_config.pinnedPaths}: files and artifacts pinned in the session, each {@code files/<fileId>} or
 * {@code artifacts/<artifactId>} (the download paths {@code /api/v1/files/<id>/content} and
 * {@code /api/v1/artifacts/<id>/content} are accepted too). Every one must name an uploaded file or an artifact of
 * the run's own thread; anything else is refused with 400 {@code INVALID_REQUEST} before the run starts. The agent
 * reads each pinned CSV or JSON as a table, like {@code fileIds}.
 */
final class PinnedPaths {
    static final int MAX = 20;
    private static final Pattern PATH = Pattern.compile(
            "^(?:/api/v1/)?(files|artifacts)/([A-Za-z0-9][A-Za-z0-9._-]{0,199})(?:/content)?$");

    /** A pinned file ({@code kind} {@code file}) or artifact. */
    record Ref(String path, String kind, String id) {
    }

    private PinnedPaths() {
    }

    /**
     * @param where  the field's name in the request, for messages
     * @param paths  the pinned paths
     * @param store  where files and artifacts are
     * @param thread the run's thread
     * @throws ApiError 400 naming the first bad path and why
     */
    static List<Ref> check(String where, List<String> paths, AgentStore store, String thread) {
        return check(where, paths, store, thread, Principal.OPERATOR);
    }

    /**
     * As {@link #check(String, List, AgentStore, String)}, for a principal: another principal's file is as unknown as
     * a file that does not exist (the thread's artifacts are the thread owner's, checked when the run starts).
     */
    static List<Ref> check(String where, List<String> paths, AgentStore store, String thread, Principal principal) {
        if (paths.size() > MAX) {
            throw ApiError.invalid(where + ": at most " + MAX + " pinned paths, got " + paths.size());
        }
        List<Ref> out = new ArrayList<>();
        for (int i = 0; i < paths.size(); i++) {
            String p = paths.get(i);
            String field = where + "[" + i + "]";
            Matcher m = PATH.matcher(p == null ? "" : p);
            if (!m.matches()) {
                throw ApiError.invalid(field + ": '" + clip(p) + "' is not a pinned path; use files/<fileId> or "
                        + "artifacts/<artifactId> (as listed by /api/v1/files and /api/v1/artifacts)");
            }
            String id = m.group(2);
            if (m.group(1).equals("files")) {
                if (store.file(id, principal).isEmpty()) {
                    throw ApiError.invalid(field + ": no uploaded file '" + id + "'");
                }
                out.add(new Ref(p, "file", id));
            } else {
                AgentStore.Artifact a = store.artifact(id).orElseThrow(() -> ApiError.invalid(field + ": no artifact '" + id + "'"));
                if (!a.threadId().equals(thread)) {
                    throw ApiError.invalid(field + ": artifact '" + id + "' belongs to another thread");
                }
                out.add(new Ref(p, "artifact", id));
            }
        }
        return out;
    }

    private static String clip(String s) {
        return s == null ? "null" : s.length() > 80 ? s.substring(0, 80) + "..." : s;
    }
}
