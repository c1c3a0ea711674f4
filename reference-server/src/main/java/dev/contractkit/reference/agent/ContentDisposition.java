package dev.contractkit.reference.agent;

import java.nio.charset.StandardCharsets;

/**
 * {@code Content-Disposition: attachment} for a download whose name a user chose (RFC 6266): a plain-ASCII
 * {@code filename="..."} for old clients, with every character outside printable ASCII and every {@code "},
 * {@code \}, {@code %}, {@code ;} replaced by {@code _}, and the real name as {@code filename*=UTF-8''...},
 * percent-encoded (RFC 8187). No CR, LF or other control character can reach the header, so a file name cannot
 * add headers or end them.
 */
final class ContentDisposition {
    private static final String ATTR_CHARS = "!#$&+-.^_`|~";
    private static final char[] HEX = "0123456789ABCDEF".toCharArray();

    private ContentDisposition() {
    }

    /** @return the header value for downloading a file named {@code name} */
    static String attachment(String name) {
        StringBuilder fallback = new StringBuilder();
        name.codePoints().forEach(c -> fallback.append(c >= 0x20 && c < 0x7F && "\"\\%;".indexOf(c) < 0 ? (char) c : '_'));
        StringBuilder encoded = new StringBuilder();
        for (byte b : name.getBytes(StandardCharsets.UTF_8)) {
            int c = b & 0xFF;
            if (c < 0x80 && (Character.isLetterOrDigit(c) || ATTR_CHARS.indexOf(c) >= 0)) {
                encoded.append((char) c);
            } else {
                encoded.append('%').append(HEX[c >> 4]).append(HEX[c & 0xF]);
            }
        }
        return "attachment; filename=\"" + fallback + "\"; filename*=UTF-8''" + encoded;
    }
}
