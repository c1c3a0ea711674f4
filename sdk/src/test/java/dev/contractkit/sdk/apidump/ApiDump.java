package dev.contractkit.sdk.apidump;

import java.io.IOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.Executable;
import java.lang.reflect.Field;
import java.lang.reflect.Member;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The public API of compiled classes as text, one class a block, in the spirit of Kotlin's
 * binary-compatibility-validator {@code .api} files: every public class and every public or protected member a
 * caller can reach (protected ones only in classes that can be extended), with its generic signature, its modifiers
 * and a {@code @Deprecated} mark. Classes and members are sorted, so the text changes only when the API does.
 * Synthetic and bridge members, private and package-private ones are left out; a package the predicate refuses (the
 * SDK's {@code internal} packages) too.
 */
public final class ApiDump {
    private static final int SHOWN = Modifier.PUBLIC | Modifier.PROTECTED | Modifier.STATIC | Modifier.FINAL
            | Modifier.ABSTRACT;

    private ApiDump() {
    }

    /**
     * @param classesDir a directory of compiled classes (a Maven module's {@code target/classes})
     * @param loader     a class loader that loads them (and what they name)
     * @param packages   which packages to include
     * @return the API of the public classes found there, as text
     * @throws IOException when the directory cannot be read
     */
    public static String of(Path classesDir, ClassLoader loader, Predicate<String> packages) throws IOException {
        List<Class<?>> classes = new ArrayList<>();
        try (Stream<Path> files = Files.walk(classesDir)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".class")).sorted().toList()) {
                String name = classesDir.relativize(file).toString().replace(file.getFileSystem().getSeparator(), ".");
                name = name.substring(0, name.length() - ".class".length());
                if (name.endsWith("module-info") || name.endsWith("package-info")) {
                    continue;
                }
                Class<?> c = load(name, loader);
                if (packages.test(c.getPackageName()) && isApi(c)) {
                    classes.add(c);
                }
            }
        }
        return of(classes);
    }

    /**
     * @param classes the classes to describe (each must be API: see {@link #isApi(Class)})
     * @return their API as text, sorted by class name
     */
    public static String of(List<Class<?>> classes) {
        return classes.stream().sorted(Comparator.comparing(Class::getName)).map(ApiDump::block)
                .collect(Collectors.joining("\n"));
    }

    /**
     * @param c a class
     * @return true when code outside its package can name it: it is public (or protected in an extensible class),
     *         and so is every class around it; anonymous, local and synthetic classes never are
     */
    public static boolean isApi(Class<?> c) {
        if (c.isSynthetic() || c.isAnonymousClass() || c.isLocalClass()) {
            return false;
        }
        Class<?> outer = c.getDeclaringClass();
        if (outer == null) {
            return Modifier.isPublic(c.getModifiers());
        }
        return isApi(outer) && (Modifier.isPublic(c.getModifiers())
                || Modifier.isProtected(c.getModifiers()) && extensible(outer));
    }

    private static Class<?> load(String name, ClassLoader loader) {
        try {
            return Class.forName(name, false, loader);
        } catch (ClassNotFoundException | LinkageError e) {
            throw new IllegalStateException("cannot load " + name + " to read its API: " + e, e);
        }
    }

    private static String block(Class<?> c) {
        List<String> members = new ArrayList<>();
        members.addAll(constructors(c));
        members.addAll(fields(c));
        members.addAll(methods(c));
        StringBuilder out = new StringBuilder(header(c)).append(" {\n");
        members.forEach(m -> out.append("  ").append(m).append('\n'));
        return out.append("}\n").toString();
    }

    private static List<String> fields(Class<?> c) {
        return Arrays.stream(c.getDeclaredFields()).filter(f -> visible(c, f))
                .sorted(Comparator.comparing(Field::getName))
                .map(f -> deprecation(f.getAnnotation(Deprecated.class)) + modifiers(f.getModifiers()) + " "
                        + f.getGenericType().getTypeName() + " " + f.getName()).toList();
    }

    private static List<String> constructors(Class<?> c) {
        return Arrays.stream(c.getDeclaredConstructors()).filter(k -> visible(c, k))
                .map(k -> deprecation(k.getAnnotation(Deprecated.class)) + modifiers(k.getModifiers()) + " "
                        + typeParameters(k.getTypeParameters()) + c.getSimpleName() + parameters(k) + throwsClause(k))
                .sorted().toList();
    }

    private static List<String> methods(Class<?> c) {
        return Arrays.stream(c.getDeclaredMethods()).filter(m -> visible(c, m) && !m.isBridge())
                .sorted(Comparator.comparing(Method::getName).thenComparing(m -> parameters(m)))
                .map(m -> {
                    int mods = m.getModifiers() & (c.isInterface() ? ~Modifier.ABSTRACT : ~0);
                    return deprecation(m.getAnnotation(Deprecated.class)) + modifiers(mods)
                            + (m.isDefault() ? " default" : "") + " " + typeParameters(m.getTypeParameters())
                            + m.getGenericReturnType().getTypeName() + " " + m.getName() + parameters(m)
                            + throwsClause(m);
                }).toList();
    }

    private static boolean visible(Class<?> owner, Member m) {
        int mods = m.getModifiers();
        return !m.isSynthetic() && (Modifier.isPublic(mods) || Modifier.isProtected(mods) && extensible(owner));
    }

    private static boolean extensible(Class<?> c) {
        return !Modifier.isFinal(c.getModifiers()) && !c.isEnum() && !c.isRecord() && !c.isInterface()
                && Arrays.stream(c.getDeclaredConstructors()).anyMatch(k -> !Modifier.isPrivate(k.getModifiers()));
    }

    private static String header(Class<?> c) {
        int mods = c.getModifiers() & SHOWN;
        String kind;
        if (c.isAnnotation()) {
            kind = "@interface";
            mods &= ~(Modifier.ABSTRACT | Modifier.STATIC);
        } else if (c.isInterface()) {
            kind = "interface";
            mods &= ~(Modifier.ABSTRACT | Modifier.STATIC);
        } else if (c.isEnum()) {
            kind = "enum";
            mods &= ~(Modifier.FINAL | Modifier.ABSTRACT | Modifier.STATIC);
        } else if (c.isRecord()) {
            kind = "record";
            mods &= ~(Modifier.FINAL | Modifier.STATIC);
        } else {
            kind = "class";
        }
        StringBuilder h = new StringBuilder(deprecation(c.getAnnotation(Deprecated.class))).append(modifiers(mods));
        if (c.isSealed()) {
            h.append(" sealed");
        }
        h.append(' ').append(kind).append(' ').append(c.getName()).append(typeParameters(c.getTypeParameters()).stripTrailing());
        Type superclass = c.getGenericSuperclass();
        if (superclass != null && superclass != Object.class && !c.isEnum() && !c.isRecord()) {
            h.append(" extends ").append(superclass.getTypeName());
        }
        Type[] interfaces = c.isAnnotation() ? new Type[0] : c.getGenericInterfaces();
        if (interfaces.length > 0) {
            h.append(c.isInterface() ? " extends " : " implements ")
                    .append(Arrays.stream(interfaces).map(Type::getTypeName).collect(Collectors.joining(", ")));
        }
        if (c.isSealed()) {
            h.append(" permits ").append(Arrays.stream(c.getPermittedSubclasses()).map(Class::getName).sorted()
                    .collect(Collectors.joining(", ")));
        }
        return h.toString();
    }

    private static String modifiers(int mods) {
        return Modifier.toString(mods & SHOWN);
    }

    private static String deprecation(Deprecated d) {
        if (d == null) {
            return "";
        }
        return d.forRemoval() ? "@Deprecated(forRemoval=true) " : "@Deprecated ";
    }

    private static String typeParameters(TypeVariable<?>[] variables) {
        if (variables.length == 0) {
            return "";
        }
        return Arrays.stream(variables).map(v -> {
            List<Type> bounds = Arrays.stream(v.getBounds()).filter(b -> b != Object.class).toList();
            return bounds.isEmpty() ? v.getName() : v.getName() + " extends "
                    + bounds.stream().map(Type::getTypeName).collect(Collectors.joining(" & "));
        }).collect(Collectors.joining(", ", "<", "> "));
    }

    private static String parameters(Executable e) {
        Type[] types = e.getGenericParameterTypes();
        if (types.length != e.getParameterCount()) {   // an inner class's or an enum's constructor: the raw ones
            types = e.getParameterTypes();
        }
        List<String> names = new ArrayList<>();
        for (int i = 0; i < types.length; i++) {
            String name = types[i].getTypeName();
            if (e.isVarArgs() && i == types.length - 1 && name.endsWith("[]")) {
                name = name.substring(0, name.length() - 2) + "...";
            }
            names.add(name);
        }
        return names.stream().collect(Collectors.joining(", ", "(", ")"));
    }

    private static String throwsClause(Executable e) {
        Type[] thrown = e.getGenericExceptionTypes();
        return thrown.length == 0 ? "" : " throws " + Arrays.stream(thrown).map(Type::getTypeName).sorted()
                .collect(Collectors.joining(", "));
    }
}
