package dev.contractkit.mock.rules;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.contractkit.specs.check.ContractDocument;
import dev.contractkit.specs.check.Pointers;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.StringJoiner;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import dev.contractkit.mock.http.Incoming;
import dev.contractkit.mock.http.Json;

/**
 * A write's fields as one JSON object, whatever media type carried them: a JSON object as it is, a form-encoded
 * body ({@link FormBody}) and a {@code multipart/form-data} body (one text part per field, as GitLab's clients
 * send it) typed by the operation's schema for that media type, so {@code paused=true} is the boolean
 * {@code true} as the JSON body's is. Anything else is no fields.
 */
public final class RequestFields {
    private static final Pattern BOUNDARY = Pattern.compile("(?i)boundary=\"?([^\";]+)\"?");
    private static final Pattern NAME = Pattern.compile("(?i)content-disposition:[^\\r\\n]*\\bname=\"([^\"]*)\"");

    private RequestFields() {
    }

    /**
     * @param document    the operation's document
     * @param bodyPointer the operation's {@code requestBody} pointer, if it has one
     * @return the request's fields; an empty object when the body has none (or cannot be read)
     */
    public static ObjectNode of(Incoming request, ContractDocument document, Optional<String> bodyPointer) {
        String contentType = request.header("Content-Type");
        String base = Json.baseType(contentType);
        if (base.equals("application/x-www-form-urlencoded")) {
            return FormBody.decode(request.bodyText(), document, schema(document, bodyPointer, base));
        }
        if (base.equals("multipart/form-data")) {
            Matcher boundary = BOUNDARY.matcher(contentType);
            return boundary.find()
                    ? FormBody.decode(asForm(request.bodyText(), boundary.group(1)), document, schema(document, bodyPointer, base))
                    : Json.MAPPER.createObjectNode();
        }
        try {
            JsonNode parsed = Json.MAPPER.readTree(request.body());
            return parsed instanceof ObjectNode o ? o : Json.MAPPER.createObjectNode();
        } catch (Exception e) {
            return Json.MAPPER.createObjectNode();
        }
    }

    /** The schema of the declared media type, else of the form media type the operation declares ("" when none). */
    private static String schema(ContractDocument document, Optional<String> bodyPointer, String mediaType) {
        if (bodyPointer.isEmpty()) {
            return "";
        }
        String content = bodyPointer.get() + "/content";
        String own = Pointers.append(content, mediaType) + "/schema";
        if (!document.at(own).isMissingNode()) {
            return own;
        }
        for (var names = document.at(content).fieldNames(); names.hasNext(); ) {
            String declared = names.next();
            if (Json.baseType(declared).equals(mediaType)) {
                return Pointers.append(content, declared) + "/schema";
            }
        }
        return "";
    }

    /** The text parts of a multipart body as form-encoded text (file parts count as their text). */
    private static String asForm(String body, String boundary) {
        StringJoiner form = new StringJoiner("&");
        for (String part : body.split("--" + Pattern.quote(boundary))) {
            int split = part.indexOf("\r\n\r\n");
            Matcher name = NAME.matcher(split < 0 ? "" : part.substring(0, split));
            if (!name.find()) {
                continue;
            }
            String value = part.substring(split + 4);
            value = value.endsWith("\r\n") ? value.substring(0, value.length() - 2) : value;
            form.add(URLEncoder.encode(name.group(1), StandardCharsets.UTF_8) + "="
                    + URLEncoder.encode(value, StandardCharsets.UTF_8));
        }
        return form.toString();
    }
}
