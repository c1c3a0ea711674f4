package dev.contractkit.sdk.apidump;

import dev.contractkit.sdk.ApiException;
import org.junit.jupiter.api.Test;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/**
 * Issue 38, item 1: the SDK's public API (every public class of the jar, generated models and clients included,
 * and its public and protected members, outside the {@code internal} packages) is the committed text
 * {@code sdk/api/sdk.api}. A change to it fails this test with what was removed, added and changed, until the
 * baseline is rewritten on purpose ({@code -Dsdk.api.update=true}) and committed with the change, where a reviewer
 * sees it.
 */
class PublicApiBaselineTest {
    static final Path BASELINE = Path.of("api/sdk.api");
    private static final Pattern INTERNAL = Pattern.compile("(^|.*\\.)internal(\\..*|$)");
    static final String UPDATE = "./mvnw -o -B -q -pl sdk -am test -Dtest=PublicApiBaselineTest"
            + " -Dsurefire.failIfNoSpecifiedTests=false -Dsdk.api.update=true";
    private static final String HEADER = """
            # The public API of dev.contractkit:sdk: every public class in the jar outside the internal packages
            # (hand-written and generated), with its public and protected members. Written from the compiled classes by
            # PublicApiBaselineTest, which fails when they differ from this file. Do not edit: after an intended change,
            #   %s
            # and commit this file with the change (sdk/README.md, "The public API and its baseline").
            """.formatted(UPDATE);

    @Test
    void theCompiledPublicApiIsTheCommittedBaseline() throws Exception {
        String current = HEADER + "\n" + ApiDump.of(classesDir(), getClass().getClassLoader(),
                p -> p.startsWith("dev.contractkit.sdk") && !INTERNAL.matcher(p).matches());
        if (Boolean.getBoolean("sdk.api.update")) {
            Files.createDirectories(BASELINE.getParent());
            Files.writeString(BASELINE, current);
            System.out.println("sdk API baseline written: " + BASELINE.toAbsolutePath());
        }
        assertThat(BASELINE).as("the API baseline; write it with " + UPDATE).exists();
        List<String> changes = ApiDiff.between(Files.readString(BASELINE), current);

        assertThat(current).contains("class dev.contractkit.sdk.ApiException", "class dev.contractkit.sdk.forms.model.Form")
                .doesNotContain("dev.contractkit.sdk.internal.");
        if (!changes.isEmpty()) {
            fail(report(changes));
        }
    }

    static String report(List<String> changes) {
        long count = changes.stream().filter(c -> !c.startsWith(" ")).count();
        return "the SDK's public API differs from the baseline " + BASELINE + " in " + count + " place(s):\n  "
                + String.join("\n  ", changes) + "\nA removed or changed signature breaks the applications that use it:"
                + " keep the old one as a @Deprecated delegate for one release (docs/decisions.md). When the change is"
                + " intended, accept it:\n  " + UPDATE + "\nand commit sdk/api/sdk.api with it (./kit api-diff REF shows"
                + " the binary and source incompatibilities against a git ref).\n";
    }

    private static Path classesDir() throws URISyntaxException {
        return Path.of(ApiException.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    }
}
