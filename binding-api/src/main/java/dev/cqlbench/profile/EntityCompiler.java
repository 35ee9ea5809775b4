package dev.cqlbench.profile;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

/**
 * Compiles the classes a mapper needs for a user's table (entities, DAOs, repositories), made from its definition
 * when the worker starts, with the JDK's compiler and the worker's classpath: a library's annotation processor on
 * that classpath runs as it would in the user's build (or not at all, for libraries that map at run time). The
 * classes load in a loader of their own over the binding's.
 */
public final class EntityCompiler {

    /**
     * The system property that names an empty directory on the worker's classpath for classes compiled at run time
     * ({@link #compileOnClasspath}); the orchestrator sets it for every worker it starts.
     */
    public static final String CLASSPATH_DIRECTORY = "cqlbench.classesOnClasspath";

    private EntityCompiler() {}

    /** The classes compiled from {@code sources} (class name → Java source), loaded. */
    public static ClassLoader compile(Map<String, String> sources, boolean annotationProcessing, ClassLoader parent) {
        return compile(sources, annotationProcessing, parent, List.of());
    }

    /**
     * The classes compiled from {@code sources}, loaded; classes of the packages named in {@code ownPackages} come from
     * the compiled ones first, then from {@code parent}: an annotation processor that writes classes of fixed names
     * (Achilles' {@code info.archinnov.achilles.generated.ManagerFactory}) writes them again for the profile's
     * entities, while the binding's own are on the parent's classpath.
     */
    public static ClassLoader compile(Map<String, String> sources, boolean annotationProcessing, ClassLoader parent,
                                      List<String> ownPackages) {
        try {
            Path classes = Files.createDirectories(Files.createTempDirectory("cqlbench-entities").resolve("classes"));
            deleteOnExit(classes.getParent());
            compileInto(classes, sources, annotationProcessing);
            return new OwnFirst(new URL[] {classes.toUri().toURL()}, parent, ownPackages);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The classes compiled from {@code sources} and the {@code resources} (path → text, such as a
     * {@code META-INF/persistence.xml}), put in the directory on the worker's own classpath
     * ({@value #CLASSPATH_DIRECTORY}, made empty by the orchestrator, which deletes it), so that they load as the
     * application's classes do: for a library that loads its entities by name with its own class loader (Kundera).
     * Once per worker.
     */
    public static ClassLoader compileOnClasspath(Map<String, String> sources, Map<String, String> resources) {
        String directory = System.getProperty(CLASSPATH_DIRECTORY);
        if (directory == null) {
            throw new IllegalStateException("this JVM has no directory on its classpath for classes made at run time "
                    + "(-D" + CLASSPATH_DIRECTORY + ", set by the orchestrator for every worker it starts)");
        }
        try {
            Path classes = Path.of(directory);
            try (java.util.stream.Stream<Path> present = Files.list(classes)) {
                if (present.findAny().isPresent()) {
                    throw new IllegalStateException("classes were compiled onto this worker's classpath already: "
                            + classes);
                }
            }
            for (Map.Entry<String, String> resource : resources.entrySet()) {
                Path file = classes.resolve(resource.getKey());
                Files.createDirectories(file.getParent());
                Files.writeString(file, resource.getValue(), StandardCharsets.UTF_8);
            }
            compileInto(classes, sources, false);
            return ClassLoader.getSystemClassLoader();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Deletes this JVM's classes directory ({@value #CLASSPATH_DIRECTORY}) as it exits, if it has one. */
    public static void deleteClasspathDirectoryOnExit() {
        String directory = System.getProperty(CLASSPATH_DIRECTORY);
        if (directory != null) {
            deleteOnExit(Path.of(directory));
        }
    }

    /** The same at once: for a JVM about to halt, which runs no shutdown hook. */
    public static void deleteClasspathDirectory() {
        String directory = System.getProperty(CLASSPATH_DIRECTORY);
        if (directory != null) {
            deleteTree(Path.of(directory));
        }
    }

    private static void compileInto(Path classes, Map<String, String> sources, boolean annotationProcessing)
            throws IOException {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        if (javac == null) {
            throw new IllegalStateException("this Java has no compiler (a JRE, not a JDK): the mappers' classes for a "
                    + "profile are compiled when the worker starts; run cqlbench with a JDK 17");
        }
        Path src = Files.createTempDirectory("cqlbench-sources");
        deleteOnExit(src);
        List<String> args = new ArrayList<>(List.of("-d", classes.toString(), "-s", src.toString(),
                "-classpath", System.getProperty("java.class.path"), "-encoding", "UTF-8", "-nowarn",
                "-parameters", "-Xlint:none"));
        if (!annotationProcessing) {
            args.add("-proc:none");
        }
        for (Map.Entry<String, String> source : sources.entrySet()) {
            Path file = src.resolve(source.getKey().replace('.', '/') + ".java");
            Files.createDirectories(file.getParent());
            Files.writeString(file, source.getValue(), StandardCharsets.UTF_8);
            args.add(file.toString());
        }
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        int code = javac.run(null, out, out, args.toArray(String[]::new));
        if (code != 0) {
            throw new IllegalStateException("the classes made from the table's definition do not compile: "
                    + firstError(out.toString(StandardCharsets.UTF_8)));
        }
    }

    private static void deleteOnExit(Path dir) {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> deleteTree(dir)));
    }

    /** The compiler's first error, with the lines that say what it is about (the symbol, the source line). */
    private static String firstError(String said) {
        List<String> lines = said.lines().toList();
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).contains("error")) {
                return String.join(" | ", lines.subList(i, Math.min(lines.size(), i + 5))).strip();
            }
        }
        return said.strip();
    }

    /** A loader that defines the classes of its own packages before it asks its parent. */
    private static final class OwnFirst extends URLClassLoader {
        private final List<String> ownPackages;

        OwnFirst(URL[] urls, ClassLoader parent, List<String> ownPackages) {
            super(urls, parent);
            this.ownPackages = List.copyOf(ownPackages);
        }

        @Override
        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            if (ownPackages.stream().noneMatch(p -> name.startsWith(p + "."))) {
                return super.loadClass(name, resolve);
            }
            synchronized (getClassLoadingLock(name)) {
                Class<?> loaded = findLoadedClass(name);
                if (loaded == null) {
                    try {
                        loaded = findClass(name);
                    } catch (ClassNotFoundException notCompiled) {
                        return super.loadClass(name, resolve);
                    }
                }
                if (resolve) {
                    resolveClass(loaded);
                }
                return loaded;
            }
        }
    }

    /** Deletes a directory tree (a worker's compiled classes, once it exits). */
    public static void deleteTree(Path dir) {
        try (java.util.stream.Stream<Path> files = Files.walk(dir)) {
            files.sorted(java.util.Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
        } catch (IOException | UncheckedIOException ignored) {
            // a temporary directory, gone already or going (its worker and its orchestrator both delete it)
        }
    }
}
