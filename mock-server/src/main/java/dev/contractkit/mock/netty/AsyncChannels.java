package dev.contractkit.mock.netty;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.contractkit.specs.check.ContractDocument;
import dev.contractkit.specs.check.Finding;
import dev.contractkit.specs.check.SchemaValidator;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import dev.contractkit.mock.http.Incoming;
import dev.contractkit.mock.http.PathTemplate;
import dev.contractkit.mock.http.SchemaSample;

/**
 * The channels of an API's AsyncAPI 3 documents as the mock serves them: address, messages (payload schema and
 * examples) and the handshake's security alternatives. Examples are validated by {@code AsyncApiCheck} at start;
 * a published message is validated here against each message's payload schema.
 */
final class AsyncChannels {
    private static final Set<String> JSON_SCHEMA_FORMATS = Set.of(
            "application/schema+json;version=draft-07", "application/schema+yaml;version=draft-07");

    /** One message of a channel. */
    /**
     * @param dataFields the properties of the payload's {@code data} object (of the payload itself when it has no
     *                   {@code data}): what a message built from a stateful write may carry
     */
    record Message(String name, String payloadPointer, List<JsonNode> examples, SchemaValidator validator,
                   Set<String> dataFields) {
        List<Finding> validate(JsonNode payload) {
            return payloadPointer == null ? List.of() : validator.validate(payloadPointer, payload, name);
        }
    }

    /**
     * One channel: its address (the WebSocket path, a template when it has parameters), file, messages, handshake
     * credentials, and whether a plain GET streams its messages (a channel of an http/https server).
     */
    record Channel(String address, String file, List<Message> messages, Predicate<Incoming> authorized,
                   PathTemplate template, boolean streaming) {
        Channel(String address, String file, List<Message> messages, Predicate<Incoming> authorized) {
            this(address, file, messages, authorized, PathTemplate.parse(address), false);
        }

        /** @return every example payload of every message, in document order */
        List<JsonNode> examples() {
            return messages.stream().flatMap(m -> m.examples().stream()).toList();
        }
    }

    private AsyncChannels() {
    }

    /**
     * @param docs     AsyncAPI 3 documents
     * @param accepted accepted credentials; empty = any well-formed one
     * @return the channels by address
     */
    static Map<String, Channel> of(List<ContractDocument> docs, Set<String> accepted) {
        return of(docs, accepted, false, new ArrayList<>());
    }

    /**
     * @param docs     AsyncAPI 2.x / 3.x documents
     * @param accepted accepted credentials; empty = any well-formed one
     * @param outside  documents given on the command line: channels of http/https servers are served too (WebSocket
     *                 and a streaming GET), messages without an example get one built from their payload schema
     * @param notices  receives one line per channel that is not served (MQTT, AMQP, Kafka, ...)
     * @return the channels by address
     */
    static Map<String, Channel> of(List<ContractDocument> docs, Set<String> accepted, boolean outside, List<String> notices) {
        Map<String, Channel> out = new LinkedHashMap<>();
        for (ContractDocument doc : docs) {
            SchemaValidator validator = withoutDocumentId(doc).asyncApiValidator();
            boolean v2 = doc.root().path("asyncapi").asText().startsWith("2.");
            for (Iterator<Map.Entry<String, JsonNode>> it = doc.at("/channels").fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> entry = it.next();
                String pointer = "/channels/" + escape(entry.getKey());
                JsonNode channel = doc.resolve(entry.getValue());
                boolean streaming = false;
                if (!webSocket(doc, channel)) {
                    if (!outside) {
                        continue; // e.g. an SSE stream (protocol http): answered by its REST operation, see KitPipeline
                    }
                    List<String> protocols = protocols(doc, channel);
                    if (protocols.stream().noneMatch(p -> p.startsWith("http"))) {
                        notices.add(doc.file() + " " + pointer + ": channel '" + entry.getKey() + "' is not served (protocol "
                                + String.join(", ", protocols) + "; the mock serves WebSocket and HTTP streaming channels only)");
                        continue;
                    }
                    streaming = true; // http/https: a WebSocket upgrade, or a GET streaming the messages
                }
                String address = !v2 && channel.path("address").isTextual() ? channel.get("address").asText() : entry.getKey();
                if (!address.startsWith("/")) {
                    address = "/" + address;
                }
                List<Message> messages = new ArrayList<>();
                for (String message : messagePointers(doc, pointer, channel, v2)) {
                    JsonNode node = doc.at(message);
                    List<JsonNode> examples = new ArrayList<>();
                    node.path("examples").forEach(e -> {
                        if (e.has("payload")) {
                            examples.add(e.get("payload"));
                        }
                    });
                    String payload = schemaPointer(doc, message + "/payload");
                    if (outside && examples.isEmpty() && payload != null) {
                        examples.add(SchemaSample.of(doc, doc.at(payload)));
                    }
                    messages.add(new Message(node.path("name").asText(message), payload,
                            List.copyOf(examples), validator, dataFields(doc, payload)));
                }
                out.put(address, new Channel(address, doc.file(), List.copyOf(messages), security(doc, channel, accepted),
                        PathTemplate.parse(address), streaming));
            }
        }
        return out;
    }

    /**
     * The document without its top-level {@code id} (AsyncAPI's identifier of the application, e.g. Slack's
     * {@code wss://...}): the schema validator reads the document as one schema resource, where {@code id} is a
     * schema keyword that must be a relative URI, and fails on it.
     */
    static ContractDocument withoutDocumentId(ContractDocument doc) {
        if (!doc.root().has("id")) {
            return doc;
        }
        ObjectNode copy = doc.root().deepCopy();
        copy.remove("id");
        return ContractDocument.parse(doc.file(), copy.toString());
    }

    /** 3.x: the channel's {@code messages}; 2.x: its {@code subscribe} and {@code publish} message (or their oneOf). */
    private static List<String> messagePointers(ContractDocument doc, String pointer, JsonNode channel, boolean v2) {
        List<String> out = new ArrayList<>();
        if (!v2) {
            for (Iterator<String> names = channel.path("messages").fieldNames(); names.hasNext(); ) {
                out.add(doc.resolvePointer(pointer + "/messages/" + escape(names.next())));
            }
            return out;
        }
        String base = doc.resolvePointer(pointer);
        for (String action : List.of("subscribe", "publish")) {
            String message = doc.resolvePointer(base + "/" + action + "/message");
            JsonNode node = doc.at(message);
            if (node.has("oneOf")) {
                for (int i = 0; i < node.get("oneOf").size(); i++) {
                    out.add(doc.resolvePointer(message + "/oneOf/" + i));
                }
            } else if (!node.isMissingNode()) {
                out.add(message);
            }
        }
        return out.stream().distinct().toList();
    }

    private static List<String> protocols(ContractDocument doc, JsonNode channel) {
        List<String> out = new ArrayList<>();
        if (channel.path("servers").isArray() && !channel.path("servers").isEmpty()) {
            channel.path("servers").forEach(s -> out.add(s.isTextual() ? doc.at("/servers").path(s.asText()).path("protocol").asText()
                    : doc.resolve(s).path("protocol").asText()));
        } else {
            doc.at("/servers").forEach(s -> out.add(s.path("protocol").asText()));
        }
        return out.stream().map(p -> p.toLowerCase(Locale.ROOT)).distinct().toList();
    }

    /** @return whether the channel's servers (all the document's when it names none) speak ws or wss */
    private static boolean webSocket(ContractDocument doc, JsonNode channel) {
        List<JsonNode> servers = new ArrayList<>();
        if (channel.path("servers").isArray() && !channel.path("servers").isEmpty()) {
            channel.path("servers").forEach(s -> servers.add(doc.resolve(s)));
        } else {
            doc.at("/servers").forEach(servers::add);
        }
        return servers.isEmpty() || servers.stream().anyMatch(s -> s.path("protocol").asText("ws").startsWith("ws"));
    }

    private static Set<String> dataFields(ContractDocument doc, String payloadPointer) {
        if (payloadPointer == null) {
            return Set.of();
        }
        JsonNode payload = doc.resolve(doc.at(payloadPointer));
        JsonNode data = payload.path("properties").path("data");
        JsonNode object = data.isMissingNode() ? payload : doc.resolve(data);
        Set<String> out = new LinkedHashSet<>();
        object.path("properties").fieldNames().forEachRemaining(out::add);
        return out;
    }

    /** The schema a message's payload holds: the field, or the {@code schema} of a JSON-Schema multi-format object. */
    private static String schemaPointer(ContractDocument doc, String pointer) {
        if (doc.at(pointer).isMissingNode() || doc.at(pointer).isNull()) {
            return null;
        }
        String resolved = doc.resolvePointer(pointer);
        JsonNode target = doc.at(resolved);
        if (target.has("schemaFormat") && target.has("schema")) {
            String format = target.get("schemaFormat").asText().replace(" ", "");
            return format.startsWith("application/vnd.aai.asyncapi") || JSON_SCHEMA_FORMATS.contains(format)
                    ? resolved + "/schema" : null;
        }
        return pointer;
    }

    /**
     * The channel's servers' security requirements (alternatives: any one will do); no server with security
     * means a public channel. Same rule as the REST credentials: presence and form, and the value among the
     * accepted ones when some are configured.
     */
    private static Predicate<Incoming> security(ContractDocument doc, JsonNode channel, Set<String> accepted) {
        List<Predicate<Incoming>> alternatives = new ArrayList<>();
        JsonNode servers = channel.has("servers") ? channel.get("servers") : allServers(doc);
        for (JsonNode server : servers) {
            for (JsonNode scheme : doc.resolve(server).path("security")) {
                alternatives.add(scheme(doc.resolve(scheme), accepted));
            }
        }
        if (alternatives.isEmpty()) {
            return h -> true;
        }
        return h -> alternatives.stream().anyMatch(p -> p.test(h));
    }

    private static JsonNode allServers(ContractDocument doc) {
        List<JsonNode> refs = new ArrayList<>();
        doc.at("/servers").forEach(refs::add);
        return JsonNodeFactory.instance.arrayNode().addAll(refs);
    }

    private static Predicate<Incoming> scheme(JsonNode scheme, Set<String> accepted) {
        Predicate<String> ok = v -> v != null && !v.isBlank() && (accepted.isEmpty() || accepted.contains(v.trim()));
        String name = scheme.path("name").asText();
        return switch (scheme.path("type").asText()) {
            case "http" -> bearer(scheme.path("scheme").asText("bearer"), ok);
            case "oauth2", "openIdConnect" -> bearer("bearer", ok);
            case "httpApiKey" -> "query".equals(scheme.path("in").asText())
                    ? h -> h.query(name).stream().anyMatch(ok)
                    : h -> h.headers(name).stream().anyMatch(ok);
            default -> h -> true; // userPassword, X509, ... : nothing the mock checks
        };
    }

    private static Predicate<Incoming> bearer(String httpScheme, Predicate<String> ok) {
        String prefix = httpScheme.toLowerCase(Locale.ROOT) + " ";
        return h -> h.headers("Authorization").stream().anyMatch(v -> v.toLowerCase(Locale.ROOT).startsWith(prefix)
                && ok.test(v.substring(prefix.length())));
    }

    private static String escape(String name) {
        return name.replace("~", "~0").replace("/", "~1");
    }
}
