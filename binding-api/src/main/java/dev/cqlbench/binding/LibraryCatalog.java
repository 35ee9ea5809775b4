package dev.cqlbench.binding;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.reflect.InvocationTargetException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.Optional;

/**
 * The libraries cqlbench knows: every binding module's declaration ({@value #RESOURCE}), read as data. The
 * orchestrator scans the built modules ({@link #scan}); a worker reads the one on its own classpath
 * ({@link #onClasspath}) and opens the binding it names.
 */
public final class LibraryCatalog {

    /** Where a binding module declares itself: the {@link Binding} class and the libraries it opens. */
    public static final String RESOURCE = "META-INF/cqlbench/binding.json";

    /** The declaration file's shape. */
    record Declaration(String binding, List<Library> libraries) {}

    private static final ObjectMapper JSON = new ObjectMapper()
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    private final List<Library> libraries;

    public LibraryCatalog(List<Library> libraries) {
        this.libraries = List.copyOf(libraries);
        long distinct = libraries.stream().map(Library::name).distinct().count();
        if (distinct != libraries.size()) {
            throw new IllegalStateException("two binding modules declare the same library name: " + libraries.stream()
                    .map(l -> l.name() + " (" + l.module() + ")").toList());
        }
    }

    /**
     * The declarations of these binding modules, in this order: those built ({@code <module>/target/classes} holds its
     * declaration); a module that is not is left out.
     */
    public static LibraryCatalog scan(List<Path> modules) {
        List<Library> found = new ArrayList<>();
        for (Path module : modules) {
            Path file = module.resolve("target").resolve("classes").resolve(RESOURCE);
            if (Files.isRegularFile(file)) {
                try (InputStream in = Files.newInputStream(file)) {
                    found.addAll(read(in, module.getFileName().toString(), file.toString()));
                } catch (IOException e) {
                    throw new UncheckedIOException("cannot read the binding declaration " + file, e);
                }
            }
        }
        return new LibraryCatalog(found);
    }

    /** The declarations on {@code loader}'s classpath: a worker's own module. */
    public static LibraryCatalog onClasspath(ClassLoader loader) {
        List<Library> found = new ArrayList<>();
        try {
            Enumeration<URL> urls = loader.getResources(RESOURCE);
            while (urls.hasMoreElements()) {
                URL url = urls.nextElement();
                try (InputStream in = url.openStream()) {
                    found.addAll(read(in, null, url.toString()));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the binding declarations on the classpath", e);
        }
        return new LibraryCatalog(found);
    }

    /**
     * One declaration ({@value #RESOURCE}) read from {@code in}: its libraries, found in {@code module}.
     *
     * @param where the declaration's file or URL, for the message when it is not one
     * @throws IllegalStateException when it is not a declaration
     */
    public static List<Library> read(InputStream in, String module, String where) {
        try {
            Declaration declaration = JSON.readValue(in, Declaration.class);
            if (declaration.binding() == null || declaration.libraries() == null || declaration.libraries().isEmpty()) {
                throw new IllegalStateException(where + ": a declaration names its binding class and its libraries");
            }
            return declaration.libraries().stream().map(l -> l.in(module, declaration.binding())).toList();
        } catch (IOException e) {
            throw new IllegalStateException(where + " is not a binding declaration: " + e.getMessage(), e);
        }
    }

    public List<Library> all() {
        return libraries;
    }

    public Optional<Library> find(String name) {
        return libraries.stream().filter(l -> l.name().equals(name)).findFirst();
    }

    /** The libraries that implement {@code capability}, in catalog order. */
    public List<Library> implementing(Class<?> capability) {
        return libraries.stream().filter(l -> l.implementsCapability(capability)).toList();
    }

    /** Opens the library named {@code name} of this catalog (in a worker, or a binding's own test). */
    public Binding open(String name, BindingConfig config) throws Exception {
        return open(find(name).orElseThrow(() -> new IllegalArgumentException(name + " is not declared here")), config);
    }

    /** Opens {@code library}'s binding (in a worker, whose classpath holds its module). */
    public static Binding open(Library library, BindingConfig config) throws Exception {
        Class<? extends Binding> type;
        try {
            type = Class.forName(library.binding()).asSubclass(Binding.class);
        } catch (ClassNotFoundException | ClassCastException e) {
            throw new IllegalStateException(library.name() + " declares binding class " + library.binding()
                    + ", which is not a Binding on this classpath", e);
        }
        try {
            return type.getConstructor(Library.class, BindingConfig.class).newInstance(library, config);
        } catch (NoSuchMethodException e) {
            throw new IllegalStateException(library.binding() + " needs a public constructor (Library, BindingConfig)",
                    e);
        } catch (InvocationTargetException e) {
            throw e.getCause() instanceof Exception cause ? cause : e;
        }
    }
}
