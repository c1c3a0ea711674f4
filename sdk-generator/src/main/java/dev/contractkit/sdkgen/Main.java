package dev.contractkit.sdkgen;

import java.io.PrintStream;
import java.nio.file.Path;

/**
 * {@code ./kit sdk --spec FILE --package com.acme.pets --out DIR [--client-name PetsClient]}: a typed Java client on the
 * SDK's runtime for any OpenAPI document. Exit 0 when generated (unsupported features are listed, one line each, on
 * stderr), 2 for a usage error or a document that cannot be read.
 */
public final class Main {
    static final String USAGE = """
            usage: ./kit sdk --spec FILE --package PACKAGE --out DIR [--client-name NAME]
              --spec FILE          an OpenAPI 3.0/3.1 or Swagger 2.0 document (YAML or JSON; relative $refs to
                                   other files are followed)
              --package PACKAGE    the client's Java package, e.g. com.acme.pets
              --out DIR            where the Java sources go (a source root; made when missing)
              --client-name NAME   the client class (default: the package's last segment + Client, e.g. PetsClient)
            The client needs the kit's SDK (dev.contractkit:sdk) on its classpath; docs/any-contract.md lists what is
            generated and what is not.""";

    private Main() {
    }

    /** @param args see {@link #USAGE} */
    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    static int run(String[] args, PrintStream out, PrintStream err) {
        String spec = null;
        String pkg = null;
        String dir = null;
        String client = null;
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (a.equals("-h") || a.equals("--help")) {
                out.println(USAGE);
                return 0;
            }
            if (i + 1 >= args.length || !a.startsWith("--")) {
                err.println("kit sdk: " + (a.startsWith("--") ? a + " needs a value" : "unexpected argument '" + a + "'"));
                err.println(USAGE);
                return 2;
            }
            String v = args[++i];
            switch (a) {
                case "--spec" -> spec = v;
                case "--package" -> pkg = v;
                case "--out" -> dir = v;
                case "--client-name" -> client = v;
                default -> {
                    err.println("kit sdk: unknown option " + a);
                    err.println(USAGE);
                    return 2;
                }
            }
        }
        if (spec == null || pkg == null || dir == null) {
            err.println("kit sdk: --spec, --package and --out are required");
            err.println(USAGE);
            return 2;
        }
        try {
            SdkGenerator request = SdkGenerator.request(Path.of(spec), pkg, Path.of(dir));
            if (client != null) {
                request.clientName(client);
            }
            SdkGenerator.Result result = request.generate();
            result.notes().forEach(n -> err.println("kit sdk: " + n));
            String name = client != null ? client : SdkGenerator.defaultClientName(pkg);
            out.println("kit sdk: " + pkg + "." + name + " and " + (result.files().size() - 1) + " more Java files in " + dir
                    + (result.notes().isEmpty() ? "" : " (" + result.notes().size() + " unsupported features listed above)"));
            return 0;
        } catch (IllegalArgumentException e) {
            err.println("kit sdk: " + e.getMessage());
            return 2;
        }
    }

}
