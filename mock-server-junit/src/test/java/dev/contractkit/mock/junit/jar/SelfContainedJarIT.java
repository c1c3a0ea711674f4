package dev.contractkit.mock.junit.jar;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

import javax.xml.parsers.DocumentBuilderFactory;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarFile;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

/** The published jar itself: what its POM exposes, what it contains, and {@code java -jar} from anywhere. */
class SelfContainedJarIT {
    private static final Pattern URL = Pattern.compile("forms\\s+(http://127\\.0\\.0\\.1:\\d+)");

    static Path jar() {
        return Paths.get(System.getProperty("kit.jar", "target/mock-server-junit-0.1.0-SNAPSHOT.jar")).toAbsolutePath();
    }

    @Test
    void itsPomExposesOnlyTheJUnitApiAsProvided() throws Exception {
        Document pom = DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(Paths.get(System.getProperty("kit.pom", "dependency-reduced-pom.xml")).toFile());
        NodeList dependencies = ((Element) pom.getElementsByTagName("dependencies").item(0)).getElementsByTagName("dependency");
        List<String> declared = new ArrayList<>();
        for (int i = 0; i < dependencies.getLength(); i++) {
            Element d = (Element) dependencies.item(i);
            String scope = d.getElementsByTagName("scope").getLength() == 0 ? "compile" : d.getElementsByTagName("scope").item(0).getTextContent();
            declared.add(text(d, "groupId") + ":" + text(d, "artifactId") + ":" + scope);
        }
        assertThat(declared).filteredOn(d -> !d.endsWith(":test")).containsExactly("org.junit.jupiter:junit-jupiter-api:provided");
    }

    @Test
    void everyClassOutsideTheKitsOwnPackagesIsRelocated() throws Exception {
        try (JarFile jar = new JarFile(jar().toFile())) {
            List<String> foreign = jar.stream().map(e -> e.getName()).filter(n -> n.endsWith(".class"))
                    .filter(n -> !n.startsWith("dev/contractkit/")).toList();
            assertThat(foreign).isEmpty();
            assertThat(jar.getEntry("dev/contractkit/mock/shaded/org/mockserver/netty/MockServer.class")).isNotNull();
            assertThat(jar.getEntry("dev/contractkit/specs/Api.class")).isNotNull();
            // the relocations name specs' packages one by one (an exclude would cost the shading 15 s): a new
            // package or class of specs must be added there, else it would keep its name beside an application's
            assertThat(jar.stream().map(e -> e.getName()).filter(n -> n.endsWith(".class"))
                    .filter(n -> n.startsWith("dev/contractkit/specs/")))
                    .as("of specs, only the catalogue keeps its name")
                    .allMatch(n -> n.equals("dev/contractkit/specs/Api.class") || n.startsWith("dev/contractkit/specs/Api$"));
            assertThat(jar.getEntry("dev/contractkit/mock/shaded/specs/check/ContractCheck.class")).isNotNull();
            assertThat(jar.getEntry("jsv-messages.properties")).as("networknt's bundle name is moved too").isNull();
            assertThat(jar.getEntry("META-INF/services/org.slf4j.spi.SLF4JServiceProvider")).isNull();
        }
    }

    @Test
    void theSourcesAndJavadocJarsAreAttachedNextToIt() throws Exception {
        String name = jar().getFileName().toString().replaceAll("\\.jar$", "");
        Path mockServerSources = jar().getParent().getParent().getParent()
                .resolve("mock-server/target/" + name.replace("mock-server-junit", "mock-server") + "-sources.jar");
        assumeThat(mockServerSources).as("a build with -Pdocs-jars (./kit build, test, publish): the libraries have them").exists();
        try (JarFile sources = new JarFile(jar().resolveSibling(name + "-sources.jar").toFile());
             JarFile javadoc = new JarFile(jar().resolveSibling(name + "-javadoc.jar").toFile())) {
            assertThat(sources.getEntry("dev/contractkit/mock/junit/ContractMock.java")).isNotNull();
            assertThat(sources.getEntry("dev/contractkit/mock/MockServers.java")).isNotNull();
            assertThat(javadoc.getEntry("dev/contractkit/mock/junit/ContractMock.html")).isNotNull();
        }
    }

    @Test
    void javaDashJarServesTheContractFromAnyDirectory(@TempDir Path elsewhere) throws Exception {
        Path java = Paths.get(System.getProperty("java.home"), "bin", "java");
        Process mock = new ProcessBuilder(java.toString(), "-jar", jar().toString(), "--api", "forms", "--port", "forms=0")
                .directory(elsewhere.toFile()).redirectErrorStream(true).start();
        try {
            String url = readUntilReady(mock);
            HttpResponse<String> answer = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(url + "/forms/1"))
                    .header("Authorization", "Token token=any").build(), HttpResponse.BodyHandlers.ofString());
            assertThat(answer.statusCode()).isEqualTo(200);
            assertThat(answer.body()).contains("Monthly membership");
        } finally {
            mock.destroy();
            mock.waitFor(30, TimeUnit.SECONDS);
        }
    }

    @Test
    void anOlderJavaOnThePathIsToldWhatToRunInstead() throws Exception {
        Optional<Path> old = olderJava();
        if (old.isEmpty() && "true".equals(System.getenv("CI"))) {
            throw new AssertionError("CI=true: no Java older than 21 under /usr/lib/jvm to run the check with");
        }
        assumeThat(old).as("a Java older than 21 under /usr/lib/jvm").isPresent();
        Process run = new ProcessBuilder(old.get().toString(), "-jar", jar().toString(), "--help")
                .redirectErrorStream(true).start();
        String out = new String(run.getInputStream().readAllBytes(), StandardCharsets.UTF_8);

        assertThat(run.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(run.exitValue()).isEqualTo(3);
        assertThat(out).contains("needs Java 21 or newer, found 1").contains("./kit mock").doesNotContain("UnsupportedClassVersionError");
    }

    private static Optional<Path> olderJava() throws IOException {
        Path jvms = Paths.get("/usr/lib/jvm");
        if (!Files.isDirectory(jvms)) {
            return Optional.empty();
        }
        try (Stream<Path> dirs = Files.list(jvms)) {
            return dirs.filter(d -> d.getFileName().toString().matches(".*(-|^)(1[1-9]|8)(-|\\.|$).*"))
                    .map(d -> d.resolve("bin/java")).filter(Files::isExecutable).findFirst();
        }
    }

    private static String readUntilReady(Process process) throws Exception {
        CompletableFuture<String> url = CompletableFuture.supplyAsync(() -> {
            StringBuilder seen = new StringBuilder();
            try (BufferedReader in = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                String found = null;
                for (String line; (line = in.readLine()) != null; ) {
                    seen.append(line).append('\n');
                    Matcher m = URL.matcher(line);
                    if (m.find()) {
                        found = m.group(1);
                    }
                    if (line.equals("READY") && found != null) {
                        return found;
                    }
                }
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
            throw new IllegalStateException("the mock ended before READY:\n" + seen);
        });
        return url.get(180, TimeUnit.SECONDS);
    }

    private static String text(Element e, String tag) {
        return e.getElementsByTagName(tag).item(0).getTextContent();
    }
}
