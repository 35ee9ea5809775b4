package dev.cqlbench.app.orchestrate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cqlbench.binding.Library;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A worker's classpath: the build's list of jars in a checkout, the copied jars in a container image. */
class LayoutTest {

    private static final Library LIB = new Library("lib", "d", true, List.of(), null, List.of(), "cassandra", "mod",
            "x.Binding");

    @Test
    void aCheckoutUsesTheJarsItsBuildListed(@TempDir Path home) throws Exception {
        Path target = Files.createDirectories(home.resolve("bindings/mod/target"));
        Path jar = Files.createFile(home.resolve("a.jar"));
        Files.writeString(target.resolve("worker.classpath"), jar.toString());
        Files.createDirectories(target.resolve("worker-lib"));

        assertThat(new Layout(home).workerClasspath(LIB)).isEqualTo(target.resolve("classes") + File.pathSeparator + jar);
    }

    @Test
    void anImageWithoutThoseJarsUsesItsCopies(@TempDir Path home) throws Exception {
        Path target = Files.createDirectories(home.resolve("bindings/mod/target"));
        Files.writeString(target.resolve("worker.classpath"), "/root/.m2/repository/nowhere/a.jar");
        Files.createDirectories(target.resolve("worker-lib"));

        assertThat(new Layout(home).workerClasspath(LIB))
                .isEqualTo(target.resolve("classes") + File.pathSeparator + target.resolve("worker-lib").resolve("*"));
        Files.delete(target.resolve("worker.classpath"));
        assertThat(new Layout(home).workerClasspath(LIB)).endsWith("worker-lib" + File.separator + "*");
    }

    /** The module's jar where the build made it since its classes changed (a JVM can archive jars, not directories). */
    @Test
    void aModuleRunsFromItsJarUnlessItsClassesAreNewer(@TempDir Path home) throws Exception {
        Path target = Files.createDirectories(home.resolve("bindings/mod/target"));
        Path classes = Files.createDirectories(target.resolve("classes/x"));
        Files.writeString(classes.resolve("Binding.class"), "old");
        Path dependency = Files.createFile(home.resolve("a.jar"));
        Files.writeString(target.resolve("worker.classpath"), dependency.toString());
        assertThat(new Layout(home).workerClasspath(LIB)).startsWith(target.resolve("classes") + File.pathSeparator);

        Path jar = Files.createFile(target.resolve("cqlbench-binding-mod-1.jar"));
        Files.createFile(target.resolve("cqlbench-binding-mod-1-sources.jar"));
        java.nio.file.attribute.FileTime built = java.nio.file.attribute.FileTime.from(
                Files.getLastModifiedTime(classes.resolve("Binding.class")).toInstant().plusSeconds(5));
        Files.setLastModifiedTime(jar, built);
        assertThat(new Layout(home).workerClasspath(LIB)).isEqualTo(jar + File.pathSeparator + dependency);

        // a class compiled after the jar was made: the jar is stale
        Files.setLastModifiedTime(classes.resolve("Binding.class"), java.nio.file.attribute.FileTime.from(
                built.toInstant().plusSeconds(5)));
        assertThat(new Layout(home).workerClasspath(LIB)).startsWith(target.resolve("classes") + File.pathSeparator);
    }
}
