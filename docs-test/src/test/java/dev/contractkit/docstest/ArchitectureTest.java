package dev.contractkit.docstest;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaFieldAccess;
import com.tngtech.archunit.core.domain.JavaMethodCall;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The layering rules of docs/architecture.md, over the compiled classes of every module (production code only):
 * shared code imports no API's package, the mock and the conformance suite import no per-API code (they read
 * contracts, not Java), no two packages, nor two top-level classes, depend on each other in a loop, and the
 * reference server authenticates only in its {@code Admission}.
 */
class ArchitectureTest {
    /** The kit's own APIs that have a Java package in the SDK, the server and the examples. */
    private static final List<String> API_IDS = List.of("forms", "coupons", "answers", "codehost", "exec", "runtime", "agent");

    private static final String API_EXCEPTION = "dev.contractkit.sdk.ApiException";

    private static JavaClasses classes;

    @BeforeAll
    static void importClasses() {
        classes = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("dev.contractkit");
    }

    @Test
    void everyModuleIsImported() {
        assertThat(Stream.of("dev.contractkit.specs", "dev.contractkit.sdk", "dev.contractkit.reference",
                "dev.contractkit.mock", "dev.contractkit.conformance", "dev.contractkit.quotas", "dev.contractkit.bench"))
                .allSatisfy(p -> assertThat(classes.containPackage(p)).as(p).isTrue());
    }

    @Test
    void sharedCodeImportsNoApiPackage() {
        ArchRule rule = noClasses().that().resideInAnyPackage("dev.contractkit.reference.platform..",
                        "dev.contractkit.sdk", "dev.contractkit.sdk.internal..", "dev.contractkit.mock.platform..",
                        "dev.contractkit.specs..", "dev.contractkit.agui..")
                .should().dependOnClassesThat().resideInAnyPackage(apiPackages("reference", "sdk", "examples"))
                .because("shared code serves every API; an arrow to one API's package would make it that API's code");
        rule.check(classes);
    }

    @Test
    void theMockAndTheSuiteImportNoPerApiCode() {
        ArchRule rule = noClasses().that().resideInAnyPackage("dev.contractkit.mock..", "dev.contractkit.conformance..")
                .should().dependOnClassesThat().resideInAnyPackage(apiPackages("reference", "sdk", "examples"))
                .because("the mock and the suite are driven by contracts, so they work on any contract");
        rule.check(classes);
    }

    /**
     * The conformance suite's packages depend downwards only: the entry points ({@code Main}, {@code Conformance},
     * the engine) use the scenarios and the report, both use the checks, and everything uses the cases.
     */
    @Test
    void theConformanceSuiteIsLayered() {
        layeredArchitecture().consideringOnlyDependenciesInLayers()
                .layer("entry").definedBy("dev.contractkit.conformance")
                .layer("scenarios").definedBy("dev.contractkit.conformance.scenarios..")
                .layer("report").definedBy("dev.contractkit.conformance.report..")
                .layer("checks").definedBy("dev.contractkit.conformance.checks..")
                .layer("cases").definedBy("dev.contractkit.conformance.cases..")
                .whereLayer("entry").mayNotBeAccessedByAnyLayer()
                .whereLayer("scenarios").mayOnlyBeAccessedByLayers("entry")
                .whereLayer("report").mayOnlyBeAccessedByLayers("entry")
                .whereLayer("checks").mayOnlyBeAccessedByLayers("entry", "scenarios", "report")
                .whereLayer("cases").mayOnlyBeAccessedByLayers("entry", "scenarios", "report", "checks")
                .because("docs/architecture.md: a package of the suite uses only the ones below it")
                .check(classes);
    }

    @Test
    void packagesHaveNoCycles() {
        assertThat(DependencyLoops.of(classes, JavaClass::getPackageName, (origin, target) -> false))
                .as("loops between packages").isEmpty();
    }

    /**
     * No two top-level classes depend on each other in a loop, directly or through others (a nested class counts as
     * its top-level class): classes in a loop can only be read, tested and changed together. Allowed:
     * <ul>
     *   <li>the SDK's {@code ApiException} and its subclasses: each subclass extends it, and its public factory
     *       {@code ApiException.of(...)} picks the subclass for a status (docs/decisions.md, issue 25.2);</li>
     *   <li>an annotation type and the class that reads it: a composed JUnit 5 annotation names its extension
     *       ({@code @ContractMock} is {@code @ExtendWith(ContractMockExtension.class)}), which reads the annotation;</li>
     * </ul>
     */
    @Test
    void topLevelClassesHaveNoCycles() {
        assertThat(DependencyLoops.of(classes, ArchitectureTest::topLevel, ArchitectureTest::allowedInALoop))
                .as("loops between top-level classes: move what both use to where it belongs, so arrows go one way")
                .isEmpty();
    }

    /** A nested class ({@code Outer$Inner}, {@code Outer$1}) counts as its top-level class. */
    private static String topLevel(JavaClass c) {
        int nested = c.getName().indexOf('$');
        return nested < 0 ? c.getName() : c.getName().substring(0, nested);
    }

    private static boolean allowedInALoop(JavaClass origin, JavaClass target) {
        return topLevel(origin).equals(API_EXCEPTION) && target.isAssignableTo(API_EXCEPTION)
                || origin.isAnnotation();
    }

    /** Where the reference server may read credentials and compare secrets (docs/architecture.md, "Admission"). */
    private static final Pattern ADMISSION = Pattern.compile(
            "dev\\.contractkit\\.reference\\.platform\\.(Admission|Admissions|Secrets)(\\$.*)?");
    /** Credential headers a class may name only if it authenticates (the schemes' names come from the contracts). */
    private static final List<String> CREDENTIAL_HEADERS = List.of("private-token", "x-api-key");

    /**
     * The reference server authenticates in one place (issue 38.2): no class but {@code Admission} (and its table,
     * {@code Admissions}) reads the {@code Authorization} header or names another credential header, and no class but
     * {@code Secrets} compares secrets ({@code MessageDigest.isEqual}, the one constant-time comparison). A module gives
     * only credential to caller; the stub generated from the contract runs the operation's admission first.
     */
    @Test
    void noAuthenticationOutsideAdmission() {
        assertThat(authenticationOutsideAdmission(classes.that(resideInAPackage("dev.contractkit.reference..")),
                ADMISSION)).isEmpty();
    }

    /** The rule's sensitivity: it sees Admission itself when nothing is excepted, and a class that authenticates. */
    @Test
    void theAdmissionRuleCatchesAClassThatAuthenticatesItself() {
        JavaClasses reference = classes.that(resideInAPackage("dev.contractkit.reference.."));
        assertThat(authenticationOutsideAdmission(reference, Pattern.compile("(?!)")))
                .anySatisfy(v -> assertThat(v).contains("platform.Admission").contains("AUTHORIZATION"))
                .anySatisfy(v -> assertThat(v).contains("platform.Secrets").contains("isEqual"));
        JavaClasses fixture = new ClassFileImporter().importClasses(CredentialReaderFixture.class);
        assertThat(authenticationOutsideAdmission(fixture, ADMISSION))
                .anySatisfy(v -> assertThat(v).contains("x-api-key"))
                .anySatisfy(v -> assertThat(v).contains("isEqual"));
    }

    /**
     * No hand-written client outside the add-ons (issue 38.1; docs/decisions.md, "The SDK generator makes the
     * clients"): every public {@code *Client} of the SDK comes from the generator, with its API's named add-ons. A
     * client the generator makes calls {@code internal.Generated}.
     */
    @Test
    void everyClientOfTheSdkComesFromTheGenerator() {
        List<String> handWritten = handWrittenClients(classes.that(resideInAPackage("dev.contractkit.sdk..")));
        assertThat(handWritten).as("hand-written clients of the SDK: make them with the generator and add-ons").isEmpty();
        assertThat(classes.get("dev.contractkit.sdk.forms.FormsClient").getSimpleName()).isEqualTo("FormsClient");
        assertThat(handWritten).as("the generated forms client").doesNotContain("forms.FormsClient");
    }

    private static List<String> handWrittenClients(JavaClasses scope) {
        return scope.stream()
                .filter(c -> c.getSimpleName().endsWith("Client") && c.isTopLevelClass()
                        && c.getModifiers().contains(JavaModifier.PUBLIC))
                .filter(c -> c.getDirectDependenciesFromSelf().stream()
                        .noneMatch(d -> d.getTargetClass().getName().startsWith("dev.contractkit.sdk.internal.Generated")))
                .map(c -> c.getName().substring("dev.contractkit.sdk.".length()))
                .sorted().toList();
    }

    private static List<String> authenticationOutsideAdmission(JavaClasses scope, Pattern allowed) {
        List<String> out = new ArrayList<>();
        for (JavaClass c : scope) {
            if (allowed.matcher(c.getName()).matches()) {
                continue;
            }
            for (JavaFieldAccess a : c.getFieldAccessesFromSelf()) {
                if (a.getTarget().getOwner().getName().equals("io.helidon.http.HeaderNames")
                        && a.getTarget().getName().equals("AUTHORIZATION")) {
                    out.add(c.getName() + " reads HeaderNames.AUTHORIZATION (" + a.getSourceCodeLocation() + ")");
                }
            }
            for (JavaMethodCall m : c.getMethodCallsFromSelf()) {
                if (m.getTarget().getOwner().getName().equals("java.security.MessageDigest")
                        && m.getTarget().getName().equals("isEqual")) {
                    out.add(c.getName() + " calls MessageDigest.isEqual (" + m.getSourceCodeLocation() + ")");
                }
            }
            String constants = classFile(c).toLowerCase(Locale.ROOT);
            CREDENTIAL_HEADERS.stream().filter(constants::contains)
                    .forEach(h -> out.add(c.getName() + " names the credential header " + h));
        }
        return out;
    }

    /** A class file's bytes as text: its constant pool holds the strings the class names. */
    private static String classFile(JavaClass c) {
        return c.getSource().map(source -> {
            try (InputStream in = source.getUri().toURL().openStream()) {
                return new String(in.readAllBytes(), StandardCharsets.ISO_8859_1);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }).orElse("");
    }

    private static String[] apiPackages(String... modules) {
        return Stream.of(modules).flatMap(m -> API_IDS.stream().map(id -> "dev.contractkit." + m + "." + id + ".."))
                .toArray(String[]::new);
    }
}
