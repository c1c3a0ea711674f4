package dev.contractkit.mock;

import dev.contractkit.specs.Api;
import dev.contractkit.specs.source.DocumentReader;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The {@code --spec} arguments as APIs: one per argument, each on its own port (consecutive from the first, or
 * each on a free one when the first is 0); an argument naming two files separated by a comma is an OpenAPI
 * document and its AsyncAPI document served together. The kind of a file is its top-level {@code openapi}
 * ({@code swagger} for Swagger 2.0, which is converted) or {@code asyncapi} key, as {@link DocumentReader} reads it.
 */
final class SpecFiles {
    /** The first port of the --spec listeners unless --port says otherwise. */
    static final int DEFAULT_PORT = 4010;

    private SpecFiles() {
    }

    /**
     * @param specs     the --spec values
     * @param taken     APIs already served (their ids are not reused)
     * @param firstPort the first listener's port (0: free ports)
     * @return one API per value
     * @throws IllegalArgumentException naming a file that is missing or is neither OpenAPI nor AsyncAPI
     */
    static List<Api> apis(List<String> specs, List<Api> taken, int firstPort) {
        Set<String> ids = new HashSet<>();
        taken.forEach(a -> ids.add(a.id()));
        List<Api> out = new ArrayList<>();
        for (String spec : specs) {
            List<Path> openapi = new ArrayList<>();
            List<Path> asyncapi = new ArrayList<>();
            for (String name : spec.split(",")) {
                if (name.isBlank()) {
                    continue;
                }
                Path file = Path.of(name.trim());
                (isAsyncApi(file) ? asyncapi : openapi).add(file);
            }
            if (openapi.size() > 1 || asyncapi.size() > 1) {
                throw new IllegalArgumentException("--spec " + spec + ": one listener serves at most one OpenAPI and one"
                        + " AsyncAPI document; give the others their own --spec");
            }
            Path first = openapi.isEmpty() ? asyncapi.get(0) : openapi.get(0);
            String id = Api.idOf(first);
            for (int n = 2; !ids.add(id); n++) {
                id = Api.idOf(first) + "-" + n;
            }
            int port = firstPort == 0 ? 0 : firstPort + out.size();
            if (port > 65_535) {
                throw new IllegalArgumentException("--spec " + spec + ": no port left after " + firstPort);
            }
            out.add(Api.fromFiles(id, openapi, asyncapi, port));
        }
        return out;
    }

    private static boolean isAsyncApi(Path file) {
        try {
            return DocumentReader.read(file).kind() == DocumentReader.Kind.ASYNCAPI;
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--spec " + e.getMessage(), e);
        }
    }
}
