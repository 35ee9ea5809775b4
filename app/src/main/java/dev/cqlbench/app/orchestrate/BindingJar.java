package dev.cqlbench.app.orchestrate;

import dev.cqlbench.binding.Library;
import dev.cqlbench.binding.LibraryCatalog;
import dev.cqlbench.run.BadSetting;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.JarFile;
import java.util.jar.Manifest;
import java.util.zip.ZipEntry;

/**
 * A team's own binding, given as a jar ({@code run … --binding-jar JAR}): its declaration read as data and its
 * binding class looked up as a file, in the jar or in the jars its manifest's {@code Class-Path} names (the way a
 * JVM finds a jar's dependencies); nothing of it is loaded here, only in its own worker JVMs. Every way it cannot run
 * is refused in one line ({@link BadSetting}) before anything starts.
 */
public final class BindingJar {

    private BindingJar() {}

    /** Whether {@code library} comes from a binding jar (its module is the jar's path) rather than a built module. */
    public static boolean holds(Library library) {
        return library.module() != null && library.module().endsWith(".jar");
    }

    /** The libraries {@code jar} declares, each found in it (its module the jar's absolute path). */
    public static List<Library> libraries(Path jar) {
        Path file = jar.toAbsolutePath().normalize();
        String named = "--binding-jar " + jar;
        if (!Files.isRegularFile(file)) {
            throw new BadSetting(named + ": no such file");
        }
        if (!file.getFileName().toString().endsWith(".jar")) {
            throw new BadSetting(named + ": not a .jar file");
        }
        try (JarFile opened = new JarFile(file.toFile())) {
            ZipEntry entry = opened.getEntry(LibraryCatalog.RESOURCE);
            if (entry == null) {
                throw new BadSetting(named + " has no " + LibraryCatalog.RESOURCE + ": a binding jar declares its "
                        + "binding class and libraries there (docs/your-library.md)");
            }
            List<Library> libraries;
            try (InputStream in = opened.getInputStream(entry)) {
                libraries = LibraryCatalog.read(in, file.toString(), file.getFileName() + "!/" + LibraryCatalog.RESOURCE);
            } catch (IllegalStateException e) {
                throw new BadSetting(named + ": " + e.getMessage().lines().findFirst().orElse(""));
            }
            String binding = libraries.get(0).binding();
            if (!holdsClass(file, opened, binding)) {
                throw new BadSetting(named + " declares binding class " + binding + ", which is neither in it nor in "
                        + "a jar its manifest's Class-Path names");
            }
            return libraries;
        } catch (IOException e) {
            throw new BadSetting(named + " cannot be read as a jar: " + e.getMessage());
        }
    }

    /** Whether the class file of {@code className} is in {@code jar} or in a jar of its manifest's Class-Path. */
    private static boolean holdsClass(Path file, JarFile jar, String className) throws IOException {
        String entry = className.replace('.', '/') + ".class";
        if (jar.getEntry(entry) != null) {
            return true;
        }
        for (Path dependency : manifestClassPath(file, jar.getManifest())) {
            if (Files.isRegularFile(dependency)) {
                try (JarFile other = new JarFile(dependency.toFile())) {
                    if (other.getEntry(entry) != null) {
                        return true;
                    }
                }
            } else if (Files.isRegularFile(dependency.resolve(entry))) {
                return true;
            }
        }
        return false;
    }

    /** The entries of a manifest's Class-Path (relative URLs), resolved against the jar's directory. */
    private static List<Path> manifestClassPath(Path file, Manifest manifest) {
        List<Path> out = new ArrayList<>();
        String classPath = manifest == null ? null : manifest.getMainAttributes().getValue(Attributes.Name.CLASS_PATH);
        if (classPath != null) {
            for (String relative : classPath.trim().split("\\s+")) {
                try {
                    out.add(Path.of(file.getParent().toUri().resolve(relative)).normalize());
                } catch (IllegalArgumentException | java.nio.file.FileSystemNotFoundException e) {
                    // not a file URL: the JVM would not find a class there either
                }
            }
        }
        return out;
    }
}
