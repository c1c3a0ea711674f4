package dev.contractkit.specs.source;

import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import org.yaml.snakeyaml.LoaderOptions;

import java.io.IOException;

/**
 * Parses document text into a tree, JSON or YAML, without the parsers' default size limits: SnakeYAML stops at
 * 3 MiB of code points and Jackson at 20 MB strings, both below real documents (GitHub's REST description is
 * 13 MB of JSON). JSON text (its first character {@code {} or {@code [}) goes through the JSON parser, which is
 * several times faster than YAML's on the same bytes; anything else through YAML.
 *
 * <pre>{@code
 * JsonNode root = Trees.parse("{\"openapi\":\"3.1.0\"}");
 * }</pre>
 */
public final class Trees {
    private static final StreamReadConstraints UNLIMITED = StreamReadConstraints.builder()
            .maxStringLength(Integer.MAX_VALUE).maxDocumentLength(-1).maxNestingDepth(10_000).build();
    private static final ObjectMapper JSON = jsonMapper();
    private static final ObjectMapper YAML = yamlMapper();

    private Trees() {
    }

    /**
     * @param text JSON or YAML
     * @return its tree (a missing node for empty text)
     * @throws IOException when the text is neither
     */
    public static JsonNode parse(String text) throws IOException {
        CompactNodes nodes = new CompactNodes();
        try {
            return (isJson(text) ? JSON : YAML).reader().with(nodes).readTree(text);
        } finally {
            nodes.done();
        }
    }

    /**
     * @param utf8 JSON or YAML, UTF-8
     * @return its tree (a missing node for empty text)
     * @throws IOException when the text is neither
     */
    public static JsonNode parse(byte[] utf8) throws IOException {
        CompactNodes nodes = new CompactNodes();
        try {
            return (isJson(utf8) ? JSON : YAML).reader().with(nodes).readTree(utf8);
        } finally {
            nodes.done();
        }
    }

    /**
     * @param utf8 document text, UTF-8
     * @return true when it starts (after white space and a byte-order mark) with an object or array
     */
    public static boolean isJson(byte[] utf8) {
        for (int i = 0; i < utf8.length; i++) {
            int b = utf8[i] & 0xFF;
            boolean bom = b == 0xEF && i + 2 < utf8.length && (utf8[i + 1] & 0xFF) == 0xBB && (utf8[i + 2] & 0xFF) == 0xBF;
            if (bom) {
                i += 2;
            } else if (b != ' ' && b != '\t' && b != '\n' && b != '\r' && b != '\f' && b != 0x0B) {
                return b == '{' || b == '[';
            }
        }
        return false;
    }

    /** @return a YAML mapper without SnakeYAML's code-point limit, for the kit's other readers */
    public static ObjectMapper yaml() {
        return YAML;
    }

    /** @return a JSON mapper without Jackson's string-length limit */
    public static ObjectMapper json() {
        return JSON;
    }

    /**
     * @param text document text
     * @return true when it starts (after white space and a byte-order mark) with an object or array
     */
    public static boolean isJson(CharSequence text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (!Character.isWhitespace(c) && c != '\uFEFF') {
                return c == '{' || c == '[';
            }
        }
        return false;
    }

    private static ObjectMapper jsonMapper() {
        JsonMapper mapper = JsonMapper.builder().build();
        mapper.getFactory().setStreamReadConstraints(UNLIMITED);
        return mapper;
    }

    private static ObjectMapper yamlMapper() {
        LoaderOptions loader = new LoaderOptions();
        loader.setCodePointLimit(Integer.MAX_VALUE);
        loader.setMaxAliasesForCollections(10_000);
        YAMLFactory factory = YAMLFactory.builder().loaderOptions(loader).streamReadConstraints(UNLIMITED).build();
        return new ObjectMapper(factory);
    }
}
