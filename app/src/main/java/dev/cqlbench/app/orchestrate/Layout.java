package dev.cqlbench.app.orchestrate;

import dev.cqlbench.app.CqlbenchException;
import dev.cqlbench.app.ExitCode;
import dev.cqlbench.binding.Library;
import dev.cqlbench.binding.LibraryCatalog;
import dev.cqlbench.run.BadSetting;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Where the built modules are: {@code cqlbench.home} is the project checkout (set by ./cqlbench and by the build for
 * tests). The binding modules are the {@code bindings/} modules of the root pom, in its order; a binding's worker
 * classpath is its classes plus the file its build wrote.
 *
 * @param extraModules directories laid out as a binding module's {@code target} (classes, worker.classpath) that tests
 *                     add to the catalog
 */
public record Layout(Path home, List<Path> extraModules) {

    public static final String HOME_PROPERTY = "cqlbench.home";
    private static final Pattern BINDING_MODULE = Pattern.compile("<module>(bindings/[^<]+)</module>");

    public Layout(Path home) {
        this(home, List.of());
    }

    public static Layout fromSystemProperty() {
        String home = System.getProperty(HOME_PROPERTY);
        if (home == null || home.isBlank()) {
            throw new CqlbenchException(ExitCode.INTERNAL,
                    "system property " + HOME_PROPERTY + " is not set: start cqlbench with the ./cqlbench script");
        }
        return new Layout(Paths.get(home).toAbsolutePath().normalize());
    }

    /** The same layout with one more module directory (a test's binding). */
    public Layout with(Path moduleDir) {
        List<Path> more = new ArrayList<>(extraModules);
        more.add(moduleDir);
        return new Layout(home, more);
    }

    /** Every library the built binding modules declare, in the root pom's module order. */
    public LibraryCatalog catalog() {
        return LibraryCatalog.scan(modules());
    }

    /**
     * The built libraries, then those the binding jars declare ({@link BindingJar}), in the order given; refused in
     * one line when a jar cannot run or declares a name that is taken.
     */
    public LibraryCatalog catalog(List<Path> bindingJars) {
        List<Library> all = new ArrayList<>(catalog().all());
        for (Path jar : bindingJars) {
            for (Library library : BindingJar.libraries(jar)) {
                all.stream().filter(known -> known.name().equals(library.name())).findFirst().ifPresent(known -> {
                    throw new BadSetting("--binding-jar " + jar + " declares library " + library.name() + ", which "
                            + (BindingJar.holds(known) ? known.module() + " declares too" : "is cqlbench's own")
                            + ": give it another name");
                });
                all.add(library);
            }
        }
        return new LibraryCatalog(all);
    }

    private List<Path> modules() {
        List<Path> modules = new ArrayList<>();
        Path pom = home.resolve("pom.xml");
        if (Files.isRegularFile(pom)) {
            try {
                Matcher m = BINDING_MODULE.matcher(Files.readString(pom));
                while (m.find()) {
                    modules.add(home.resolve(m.group(1)));
                }
            } catch (IOException e) {
                throw new CqlbenchException(ExitCode.INTERNAL, "cannot read " + pom + ": " + e.getMessage(), e);
            }
        }
        modules.addAll(extraModules);
        return modules;
    }

    /**
     * A binding's worker classpath: its classes and the jars its build listed in {@code worker.classpath}; where
     * those jars are not on this machine (a container image, built without a Maven repository), the copies in
     * {@code worker-lib}. A binding jar's: core's, built the same way, then the jar.
     */
    public String workerClasspath(Library library) {
        if (BindingJar.holds(library)) {
            // core and its dependencies, then the jar: the JVM follows the jar's manifest Class-Path from there
            return builtClasspath(home.resolve("core").resolve("target"), "cqlbench's core") + File.pathSeparator
                    + library.module();
        }
        return builtClasspath(moduleTarget(library.module()), "library " + library.name());
    }

    /**
     * A module's classes and the jars its build listed in {@code worker.classpath} ({@code target} is its build
     * directory); the copies in {@code worker-lib} where those jars are not on this machine.
     */
    private static String builtClasspath(Path target, String what) {
        Path classpathFile = target.resolve("worker.classpath");
        Path lib = target.resolve("worker-lib");
        try {
            if (Files.isDirectory(lib) && (!Files.isRegularFile(classpathFile) || !allExist(Files.readString(
                    classpathFile).strip()))) {
                return target.resolve("classes") + File.pathSeparator + lib.resolve("*");
            }
            String dependencies = Files.readString(classpathFile).strip();
            return ownClasses(target) + File.pathSeparator + dependencies;
        } catch (IOException e) {
            throw new CqlbenchException(ExitCode.INTERNAL, what + " is not built (" + classpathFile
                    + " missing): run ./mvnw -DskipTests package");
        }
    }

    /**
     * The same classpath as entries, for a variant that runs another release of the library: its jars must be files
     * of a local Maven repository, which a container image's {@code worker-lib} copies are not.
     */
    public List<String> workerClasspathEntries(Library library) {
        List<String> entries = List.of(workerClasspath(library).split(File.pathSeparator));
        if (entries.stream().anyMatch(e -> e.endsWith("*"))) {
            throw new CqlbenchException(ExitCode.USAGE, library.name() + "@version needs the jars of a build with a "
                    + "local Maven repository; this one runs copies in worker-lib (a container image)");
        }
        return entries;
    }

    /** The entries of a classpath that are cqlbench's own code (under its home): the classes a release must link. */
    public List<java.nio.file.Path> ownCode(List<String> classpath) {
        return classpath.stream().map(Paths::get).map(p -> p.toAbsolutePath().normalize())
                .filter(p -> p.startsWith(home) || extraModules.stream().anyMatch(m -> p.startsWith(
                        m.toAbsolutePath().normalize()))).toList();
    }

    /**
     * A module's own classes: its jar where the build made one since its classes last changed (a JVM whose classpath
     * holds only jars can map a class-data archive, {@code ClassDataArchive}), its {@code classes} directory
     * otherwise.
     */
    static Path ownClasses(Path target) {
        Path classes = target.resolve("classes");
        try (java.util.stream.Stream<Path> jars = Files.list(target)) {
            Path jar = jars.filter(f -> f.getFileName().toString().endsWith(".jar")
                    && !f.getFileName().toString().endsWith("-sources.jar")
                    && !f.getFileName().toString().endsWith("-tests.jar")).findFirst().orElse(null);
            if (jar == null) {
                return classes;
            }
            long built = Files.getLastModifiedTime(jar).toMillis();
            try (java.util.stream.Stream<Path> files = Files.walk(classes)) {
                boolean newer = files.anyMatch(f -> {
                    try {
                        return Files.getLastModifiedTime(f).toMillis() > built;
                    } catch (IOException e) {
                        return true;
                    }
                });
                return newer ? classes : jar;
            }
        } catch (IOException | java.io.UncheckedIOException e) {
            return classes;
        }
    }

    private static boolean allExist(String classpath) {
        for (String entry : classpath.split(File.pathSeparator)) {
            if (!entry.isBlank() && !Files.exists(Paths.get(entry))) {
                return false;
            }
        }
        return true;
    }

    /** A module's {@code target} directory: under {@code bindings/}, or one of the extra modules. */
    private Path moduleTarget(String module) {
        for (Path extra : extraModules) {
            if (extra.getFileName().toString().equals(module)) {
                return extra.resolve("target");
            }
        }
        return home.resolve("bindings").resolve(module).resolve("target");
    }
}
