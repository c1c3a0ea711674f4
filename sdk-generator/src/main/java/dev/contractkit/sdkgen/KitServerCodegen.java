package dev.contractkit.sdkgen;

import org.openapitools.codegen.languages.JavaHelidonServerCodegen;
import org.openapitools.codegen.model.ModelMap;
import org.openapitools.codegen.model.OperationsMap;

import java.util.List;

/**
 * openapi-generator's Helidon SE server generator without Helidon's multipart media
 * ({@code io.helidon.http.media.multipart}, an artifact the kit does not depend on). The kit's templates give a
 * multipart operation an operation method the service overrides (it reads the parts itself), but the stock generator
 * still imports {@code MultiPart} and {@code ReadablePart} into every service with a form or multipart operation
 * (its {@code processOpts} maps them after the user's import mappings, so no mapping can replace them) and adds
 * {@code PartsUtils}, which needs them. Here both are dropped, so such services compile on the kit's dependencies.
 */
public class KitServerCodegen extends JavaHelidonServerCodegen {
    /** The package of Helidon's multipart media. */
    static final String MULTIPART_MEDIA = "io.helidon.http.media.multipart.";

    @Override
    public String getName() {
        return "kit-java-helidon-server";
    }

    @Override
    public void processOpts() {
        super.processOpts();
        supportingFiles.removeIf(f -> "PartsUtils.java".equals(f.getDestinationFilename()));
    }

    @Override
    public OperationsMap postProcessOperationsWithModels(OperationsMap objs, List<ModelMap> allModels) {
        OperationsMap result = super.postProcessOperationsWithModels(objs, allModels);
        // the operations' imports, resolved through importMapping, are in the map by now
        result.getImports().removeIf(i -> i.getOrDefault("import", "").startsWith(MULTIPART_MEDIA));
        return result;
    }
}
