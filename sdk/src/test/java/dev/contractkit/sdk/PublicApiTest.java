package dev.contractkit.sdk;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaCodeUnit;
import com.tngtech.archunit.core.domain.JavaField;
import com.tngtech.archunit.core.domain.JavaMember;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 25, req. 2 and 4: what a user of the SDK can name. No public signature or public supertype of a type outside
 * the {@code internal} packages (the hand-written {@code dev.contractkit.sdk.internal}, the generated
 * {@code dev.contractkit.sdk.<api>.internal}) names an internal type; every client has a {@link ClientProvider} in
 * {@code META-INF/services}, which is how the mock's JUnit extension injects it.
 */
class PublicApiTest {
    private static final Pattern INTERNAL = Pattern.compile("(^|.*\\.)internal(\\..*|$)");

    private static JavaClasses classes;

    @BeforeAll
    static void importTheSdk() {
        classes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("dev.contractkit.sdk");
    }

    @Test
    void noPublicSignatureOrSupertypeOutsideInternalNamesAnInternalType() {
        List<JavaClass> api = classes.stream().filter(PublicApiTest::isApi).toList();
        List<String> leaks = new ArrayList<>();
        for (JavaClass c : api) {
            Stream.concat(c.getSuperclass().stream(), c.getInterfaces().stream())
                    .forEach(t -> leaks.addAll(internal(c.getName() + " extends/implements", t.getAllInvolvedRawTypes())));
            c.getTypeParameters().forEach(p -> leaks.addAll(internal(c.getName() + " <" + p.getName() + ">",
                    p.getAllInvolvedRawTypes())));
            for (JavaMember m : visibleMembers(c)) {
                leaks.addAll(internal(m.getFullName(), m instanceof JavaCodeUnit u
                        ? Stream.concat(u.getAllInvolvedRawTypes().stream(), u.getThrowsClause().getTypes().stream())
                                .collect(Collectors.toSet())
                        : ((JavaField) m).getAllInvolvedRawTypes()));
            }
        }
        assertThat(api).as("public SDK types found").hasSizeGreaterThan(50)
                .extracting(JavaClass::getName).contains("dev.contractkit.sdk.exec.ExecClient$Builder");
        assertThat(leaks).as("public API that names an internal type").isEmpty();
    }

    @Test
    void everyClientHasAProviderRegisteredForItsApi() throws Exception {
        Set<String> clients = classes.stream().filter(PublicApiTest::isApi).filter(JavaClass::isTopLevelClass)
                .filter(c -> c.getSimpleName().endsWith("Client") && c.isAssignableTo(AutoCloseable.class))
                .map(JavaClass::getName).collect(Collectors.toSet());
        List<ClientProvider> providers = ServiceLoader.load(ClientProvider.class).stream()
                .map(ServiceLoader.Provider::get).toList();

        assertThat(clients).as("clients found").contains("dev.contractkit.sdk.forms.FormsClient",
                "dev.contractkit.sdk.codehost.CodehostV5Client", "dev.contractkit.sdk.agent.AgentClient");
        assertThat(providers).extracting(p -> p.clientType().getName()).as("clients with a provider in"
                        + " META-INF/services/dev.contractkit.sdk.ClientProvider")
                .doesNotHaveDuplicates().containsExactlyInAnyOrderElementsOf(clients);
        for (ClientProvider p : providers) {
            assertThat(p.clientType().getPackageName()).as("the API id of " + p.getClass().getName())
                    .isEqualTo("dev.contractkit.sdk." + p.apiId());
            try (AutoCloseable client = p.create("http://127.0.0.1:1", "a-credential")) {
                assertThat(client).isInstanceOf(p.clientType());
            }
        }
    }

    /** A type a user can name: public, outside the internal packages, and nested only in such types. */
    private static boolean isApi(JavaClass c) {
        return !INTERNAL.matcher(c.getPackageName()).matches() && !c.isAnonymousClass() && !c.isLocalClass()
                && c.getModifiers().contains(JavaModifier.PUBLIC) && c.getEnclosingClass().map(PublicApiTest::isApi).orElse(true);
    }

    /** Public members, and protected ones of a class others can extend. */
    private static List<JavaMember> visibleMembers(JavaClass c) {
        boolean extensible = !c.getModifiers().contains(JavaModifier.FINAL);
        return Stream.of(c.getFields(), c.getConstructors(), c.getMethods()).flatMap(Collection::stream)
                .map(JavaMember.class::cast)
                .filter(m -> !m.getModifiers().contains(JavaModifier.SYNTHETIC))
                .filter(m -> m.getModifiers().contains(JavaModifier.PUBLIC)
                        || (extensible && m.getModifiers().contains(JavaModifier.PROTECTED)))
                .toList();
    }

    private static List<String> internal(String where, Set<JavaClass> types) {
        return types.stream().filter(t -> INTERNAL.matcher(t.getPackageName()).matches())
                .map(t -> where + " names " + t.getName()).toList();
    }
}
