package dev.cqlbench.app.orchestrate;

import dev.cqlbench.app.CqlbenchException;
import dev.cqlbench.app.ExitCode;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;

/**
 * Where the built modules are: {@code cqlbench.home} is the project checkout (set by ./cqlbench and by the
 * build for integration tests). A binding's worker classpath is its classes plus the file its build wrote.
 */
public record Layout(Path home) {

    public static final String HOME_PROPERTY = "cqlbench.home";

    public static Layout fromSystemProperty() {
        String home = System.getProperty(HOME_PROPERTY);
        if (home == null || home.isBlank()) {
            throw new CqlbenchException(ExitCode.INTERNAL,
                    "system property " + HOME_PROPERTY + " is not set: start cqlbench with the ./cqlbench script");
        }
        return new Layout(Paths.get(home).toAbsolutePath().normalize());
    }

    public String workerClasspath(BindingModule binding) {
        Path target = home.resolve("bindings").resolve(binding.module()).resolve("target");
        Path classpathFile = target.resolve("worker.classpath");
        try {
            String dependencies = Files.readString(classpathFile).strip();
            return target.resolve("classes") + File.pathSeparator + dependencies;
        } catch (IOException e) {
            throw new CqlbenchException(ExitCode.INTERNAL, "binding " + binding.variant() + " is not built ("
                    + classpathFile + " missing): run ./mvnw -DskipTests package");
        }
    }
}
