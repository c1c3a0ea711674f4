package dev.contractkit.quotas.providers;

import com.fasterxml.jackson.databind.JsonNode;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * VS Code's own GitHub login, the one GitHub Copilot uses in VS Code: the sessions of the built-in
 * {@code vscode.github-authentication} extension, kept in VS Code's secret storage, which is the application
 * state database {@code User/globalStorage/state.vscdb} (table {@code ItemTable}, key
 * {@code secret://{"extensionId":"vscode.github-authentication","key":"github.auth"}}) with the value sealed by
 * Electron's {@code safeStorage} ({@link SafeStorage}) and stored as a Node {@code Buffer}'s JSON
 * ({@code {"type":"Buffer","data":[...]}}). The plain value is a JSON array of sessions: {@code id},
 * {@code accessToken}, {@code account} ({@code label}, older {@code displayName}; {@code id}) and {@code scopes}.
 * Read for VS Code, VS Code Insiders and VSCodium, on Linux ({@code $XDG_CONFIG_HOME}, else {@code ~/.config}) and macOS
 * ({@code ~/Library/Application Support}); the database with the {@code sqlite3} program, as Cursor's.
 */
final class VsCodeLogins {
    static final String KEY = "secret://{\"extensionId\":\"vscode.github-authentication\",\"key\":\"github.auth\"}";
    /** The Electron app names: each is the configuration directory and names the app's key in the keyring. */
    static final List<String> APPS = List.of("Code", "Code - Insiders", "VSCodium");
    /** Copilot asks VS Code for a session with {@code user:email} (older versions: {@code read:user}); {@code user} holds both. */
    private static final Set<String> COPILOT_SCOPES = Set.of("user:email", "read:user", "user");

    private VsCodeLogins() {
    }

    static Sources.Source source() {
        return Sources.Source.several("VS Code's GitHub login (Code, Code - Insiders, VSCodium: User/globalStorage/state.vscdb,"
                + " secret github.auth; needs sqlite3)", VsCodeLogins::all);
    }

    private static List<Credential> all(Environment env) {
        if (!env.macOS() && !env.os().startsWith("Linux")) {
            return List.of(); // Windows seals with DPAPI and AES-GCM: not read
        }
        Path base = env.macOS() ? env.home("Library/Application Support")
                : env.get("XDG_CONFIG_HOME").map(Path::of).orElse(env.home(".config"));
        List<Credential> out = new ArrayList<>();
        for (String app : APPS) {
            Path db = base.resolve(app).resolve("User/globalStorage/state.vscdb");
            if (Files.isRegularFile(db) && env.program("sqlite3").isEmpty()) {
                out.addAll(unusable(db.toString(), app + "'s state database " + db + " may hold its GitHub login; reading it needs"
                        + " the sqlite3 program (Debian, Ubuntu: apt-get install sqlite3)"));
            } else if (Files.isRegularFile(db)) {
                Sources.sqliteValue(env, db, KEY).ifPresent(stored -> out.addAll(sessions(stored, app, db, env)));
            }
        }
        return out;
    }

    /** The usable sessions of one stored value; else one credential that only says why there is none. */
    static List<Credential> sessions(String stored, String app, Path db, Environment env) {
        String where = app + "'s GitHub login in " + db;
        byte[] sealed;
        try {
            sealed = buffer(stored);
        } catch (IOException | IllegalArgumentException e) {
            return unusable(where, where + " is not the sealed value VS Code writes ({\"type\":\"Buffer\",\"data\":[...]})");
        }
        if (sealed.length == 0) {
            return List.of(); // safeStorage seals the empty text as nothing: no sessions
        }
        JsonNode list;
        try {
            list = ResultJson.mapper().readTree(SafeStorage.open(sealed, app, env));
        } catch (SafeStorage.Failed e) {
            return unusable(where, where + " " + e.getMessage());
        } catch (IOException e) {
            list = null;
        }
        if (list == null || !list.isArray()) {
            // a wrong key that happened to leave valid padding: the text is noise
            return unusable(where, where + " could not be decrypted: the stored value is damaged or was sealed with another key");
        }
        List<Credential> out = new ArrayList<>();
        Set<String> otherScopes = new TreeSet<>();
        for (JsonNode s : list) {
            String token = s.path("accessToken").asText("").trim();
            List<String> scopes = new ArrayList<>();
            s.path("scopes").forEach(n -> scopes.add(n.asText()));
            if (token.isEmpty()) {
                continue;
            }
            if (scopes.stream().noneMatch(COPILOT_SCOPES::contains)) {
                otherScopes.add(String.join(" ", scopes));
                continue;
            }
            JsonNode account = s.path("account");
            String user = account.path("label").asText(account.path("displayName").asText(""));
            out.add(new Credential(token, where, user.isBlank() ? Map.of() : Map.of("user", user)));
        }
        if (out.isEmpty() && !otherScopes.isEmpty()) {
            return unusable(where, where + " has no session Copilot can use (scopes: " + String.join("; ", otherScopes)
                    + "; Copilot signs in with user:email or read:user): sign in to GitHub Copilot in " + app);
        }
        return out;
    }

    /** Node's {@code Buffer.toJSON()}: {@code {"type":"Buffer","data":[bytes]}}. */
    private static byte[] buffer(String stored) throws IOException {
        JsonNode data = ResultJson.mapper().readTree(stored).path("data");
        if (!data.isArray()) {
            throw new IllegalArgumentException("not a Buffer");
        }
        byte[] out = new byte[data.size()];
        for (int i = 0; i < out.length; i++) {
            int b = data.get(i).asInt(-1);
            if (b < 0 || b > 255) {
                throw new IllegalArgumentException("not a byte");
            }
            out[i] = (byte) b;
        }
        return out;
    }

    private static List<Credential> unusable(String where, String why) {
        return List.of(new Credential(where, where, Map.of(Sources.UNUSABLE, why)));
    }
}
