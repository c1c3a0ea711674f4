package dev.contractkit.conformance.checks;

import com.fasterxml.jackson.databind.JsonNode;
import dev.contractkit.conformance.diff.BreakingChange;
import dev.contractkit.conformance.diff.BreakingChanges;
import dev.contractkit.specs.Api;
import dev.contractkit.specs.check.ContractDocument;
import dev.contractkit.specs.check.ContractDocument.Operation;
import dev.contractkit.specs.dialect.PreviousVersion;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code version_removals}: a contract that names its predecessor ({@code info.x-kit-previous-version}, a file
 * next to it) promises that what the new version removed is gone. The removals are the incompatible changes
 * {@code ./kit diff} computes between the two (openapi-diff): removed endpoints must answer 404, 405 or 410;
 * removed response properties must be absent from 2xx bodies; removed query enum values and removed properties
 * of closed request bodies must be refused with 4xx. This class finds the removals and judges single responses
 * (the per-exchange part, referenced from {@link Check}); {@code VersionRemovalsScenario} sends the requests.
 */
public final class VersionRemovals {
    private static final Pattern PREFIX = Pattern.compile("^/api/v\\d+(?=/)");
    private static final Pattern RESPONSE_PROPERTY = Pattern.compile("^response (\\d{3}) body(\\[\\])? \\.(.+)$");
    private static final Pattern QUERY = Pattern.compile("^query parameter (\\S+)$");
    private static final Pattern VALUES_REMOVED = Pattern.compile("values removed \\[([^]]*)]");
    private static final Pattern REQUEST_PROPERTY = Pattern.compile("^request body \\.([^.\\[\\]]+)$");
    private static final Map<String, Removals> CACHE = new ConcurrentHashMap<>();

    private VersionRemovals() {
    }

    /**
     * What the new version removed.
     *
     * @param previous         the predecessor
     * @param endpoints        removed endpoints, {@code GET /geo_nodes} (no version prefix)
     * @param properties       per endpoint and status: removed response properties as paths, {@code [] .active}
     * @param queryValues      per endpoint: query parameter to its removed enum values
     * @param requestProperties per endpoint: removed properties of a closed request body
     */
    public record Removals(ContractDocument previous, List<String> endpoints, Map<String, List<String>> properties,
                    Map<String, Map<String, List<String>>> queryValues, Map<String, List<String>> requestProperties) {
    }

    /** @return the removals, when the document names a predecessor */
    public static Optional<Removals> of(ContractDocument doc) {
        return PreviousVersion.of(doc.root()).map(previous -> CACHE.computeIfAbsent(
                doc.file() + "#" + doc.text().hashCode(), k -> compute(doc, previous)));
    }

    private static Removals compute(ContractDocument doc, String previousFile) {
        String sibling = doc.file().contains("/")
                ? doc.file().substring(0, doc.file().lastIndexOf('/') + 1) + previousFile : previousFile;
        String text;
        Path onDisk = Path.of(sibling);
        try {
            text = Files.isRegularFile(onDisk) ? Files.readString(onDisk) : Api.readContract(sibling);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        ContractDocument old = ContractDocument.parse(sibling, text);
        List<String> endpoints = new ArrayList<>();
        Map<String, List<String>> properties = new LinkedHashMap<>();
        Map<String, Map<String, List<String>>> queryValues = new LinkedHashMap<>();
        Map<String, List<String>> requestProperties = new LinkedHashMap<>();
        for (BreakingChange c : BreakingChanges.between(text, doc.text())) {
            if (c.what().equals("endpoint removed")) {
                endpoints.add(c.endpoint());
                continue;
            }
            Matcher property = RESPONSE_PROPERTY.matcher(c.where());
            if (property.matches() && c.what().equals("property removed")) {
                properties.computeIfAbsent(c.endpoint() + " " + property.group(1), k -> new ArrayList<>())
                        .add((property.group(2) == null ? "" : "[]") + " ." + property.group(3));
                continue;
            }
            Matcher query = QUERY.matcher(c.where());
            Matcher values = VALUES_REMOVED.matcher(c.what());
            if (query.matches() && values.find()) {
                queryValues.computeIfAbsent(c.endpoint(), k -> new LinkedHashMap<>())
                        .put(query.group(1), List.of(values.group(1).split(",\\s*")));
                continue;
            }
            Matcher request = REQUEST_PROPERTY.matcher(c.where());
            if (request.matches() && c.what().startsWith("property removed")) {
                requestProperties.computeIfAbsent(c.endpoint(), k -> new ArrayList<>()).add(request.group(1));
            }
        }
        return new Removals(old, List.copyOf(endpoints), properties, queryValues, requestProperties);
    }

    /** @return the version prefix of the document's paths, e.g. {@code /api/v5} (the first found); empty when none */
    public static String versionPrefix(ContractDocument doc) {
        return doc.operations().stream().map(o -> PREFIX.matcher(o.path()))
                .filter(Matcher::find).map(Matcher::group).findFirst().orElse("");
    }

    /** @return the operation as the removals name it, {@code GET /geo_nodes} (no version prefix) */
    public static String endpoint(Operation op) {
        return op.method() + " " + PREFIX.matcher(op.path()).replaceFirst("");
    }


}
