package dev.cqlbench.app.it;

import dev.cqlbench.app.orchestrate.Layout;
import dev.cqlbench.binding.LibraryCatalog;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * A binding module a test brings, laid out as a build of it would leave it ({@code target/classes} and
 * {@code target/worker.classpath}), so the catalog finds it and the real orchestrator runs it in its own worker JVM.
 */
final class TestModules {

    private TestModules() {}

    /**
     * Lays out module {@code name} in {@code dir}: the test classes under {@code classesPackage} (a path such as
     * {@code dev/cqlbench/app/recipes}), its declaration from resource {@code declaration}, and for classpath what
     * the driver4 module's workers have (core and its dependencies, the driver), with the driver4 module's own classes
     * when {@code onDriver4}; each {@code resources} pair is a resource and where it goes under the classes.
     */
    static Path lay(Path dir, String name, Class<?> inPackage, String declaration, boolean onDriver4,
                    String... resources) throws IOException {
        Path module = dir.resolve(name);
        Path classes = module.resolve("target/classes");
        Path testClasses = Path.of(inPackage.getProtectionDomain().getCodeSource().getLocation().getPath());
        Path packageDir = testClasses.resolve(inPackage.getPackageName().replace('.', '/'));
        try (Stream<Path> files = Files.walk(packageDir)) {
            for (Path file : files.filter(Files::isRegularFile).toList()) {
                Path to = classes.resolve(testClasses.relativize(file).toString());
                Files.createDirectories(to.getParent());
                Files.copy(file, to);
            }
        }
        copy(declaration, classes.resolve(LibraryCatalog.RESOURCE));
        for (int i = 0; i + 1 < resources.length; i += 2) {
            copy(resources[i], classes.resolve(resources[i + 1]));
        }
        Path driver4 = Layout.fromSystemProperty().home().resolve("bindings/driver4/target");
        String classpath = Files.readString(driver4.resolve("worker.classpath")).strip();
        Files.writeString(module.resolve("target/worker.classpath"),
                onDriver4 ? driver4.resolve("classes") + File.pathSeparator + classpath : classpath);
        return module;
    }

    private static void copy(String resource, Path to) throws IOException {
        Files.createDirectories(to.getParent());
        try (InputStream in = TestModules.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IOException("no test resource " + resource);
            }
            Files.copy(in, to);
        }
    }
}
