package dev.contractkit.launch;

import java.io.File;
import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.net.URL;
import java.util.jar.JarFile;
import java.util.jar.Manifest;

/**
 * The {@code Main-Class} of the kit's runnable jars: compiled for Java 8 (so any {@code java} on the PATH runs it),
 * it checks the running Java is 21 or newer and then calls the class named by the jar's {@code Kit-Main-Class}
 * manifest entry; on an older Java it says what to do instead of an {@code UnsupportedClassVersionError}:
 * <pre>
 * mock-server-junit-0.1.0-SNAPSHOT.jar needs Java 21 or newer, found 17 (/usr/lib/jvm/java-17-openjdk-amd64).
 * Run it with a JDK 21+: ./kit mock, or JAVA_HOME=/path/to/jdk-21 "$JAVA_HOME/bin/java" -jar ...
 * </pre>
 * Exit status 3 then.
 */
public final class Launcher {
    /** The lowest Java feature release the kit's classes are compiled for. */
    static final int NEEDED = 21;

    private Launcher() {
    }

    /**
     * @param args handed on unchanged
     * @throws Throwable whatever the kit's main method throws
     */
    public static void main(String[] args) throws Throwable {
        int found = feature(System.getProperty("java.specification.version"));
        Manifest manifest = manifest();
        String main = manifest == null ? null : manifest.getMainAttributes().getValue("Kit-Main-Class");
        String command = manifest == null ? null : manifest.getMainAttributes().getValue("Kit-Command");
        if (found < NEEDED) {
            System.err.println(jarName() + " needs Java " + NEEDED + " or newer, found " + found
                    + " (" + System.getProperty("java.home") + ").");
            System.err.println("Run it with a JDK " + NEEDED + "+: " + (command == null ? "" : command + ", or ")
                    + "JAVA_HOME=/path/to/jdk-" + NEEDED + " \"$JAVA_HOME/bin/java\" -jar ...");
            System.exit(3);
        }
        if (main == null) {
            System.err.println(jarName() + ": no Kit-Main-Class in its manifest");
            System.exit(3);
        }
        try {
            Class.forName(main).getMethod("main", String[].class).invoke(null, (Object) args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }

    /** @return the feature release of a {@code java.specification.version} ("1.8" is 8, "17" is 17) */
    static int feature(String specification) {
        String v = specification == null ? "0" : specification;
        if (v.startsWith("1.")) {
            v = v.substring(2);
        }
        int dot = v.indexOf('.');
        try {
            return Integer.parseInt(dot < 0 ? v : v.substring(0, dot));
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    private static String jarName() {
        URL where = Launcher.class.getProtectionDomain().getCodeSource().getLocation();
        String path = where == null ? "" : where.getPath().replaceAll("/+$", "");
        String name = path.substring(path.lastIndexOf('/') + 1);
        return name.isEmpty() ? "This program" : name;
    }

    /** @return the manifest of the jar that was run ({@code java -jar}): the one holding the launcher, or the first */
    private static Manifest manifest() throws IOException {
        String jar = System.getProperty("java.class.path", "").split(File.pathSeparator)[0];
        if (!jar.endsWith(".jar")) {
            return null;
        }
        try (JarFile file = new JarFile(jar)) {
            return file.getManifest();
        }
    }
}
