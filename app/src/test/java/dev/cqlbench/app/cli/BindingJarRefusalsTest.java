package dev.cqlbench.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cqlbench.app.Cli;
import dev.cqlbench.app.ExitCode;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A binding jar ({@code run … --binding-jar}) that cannot run is refused in one line with exit 2, before any node or
 * worker starts (no node is reachable here: a run that went further would fail otherwise): the jar's declaration and
 * its binding class are read as files, never loaded.
 */
class BindingJarRefusalsTest {

    @TempDir
    Path dir;

    private static final String CLASS = "com/example/TeamBinding.class";

    private static String declaration(String binding, String name, String capabilities) {
        return "{\"binding\": \"" + binding + "\", \"libraries\": [{\"name\": \"" + name + "\", \"description\": "
                + "\"a team's code\", \"async\": false, \"capabilities\": [" + capabilities + "]}]}";
    }

    /** A jar of these entries (name → content), its manifest naming {@code classPath} when not null. */
    private Path jar(String name, Map<String, String> entries, String classPath) throws IOException {
        Path jar = dir.resolve(name);
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        if (classPath != null) {
            manifest.getMainAttributes().put(Attributes.Name.CLASS_PATH, classPath);
        }
        try (OutputStream file = Files.newOutputStream(jar); JarOutputStream out = new JarOutputStream(file, manifest)) {
            for (Map.Entry<String, String> e : new TreeMap<>(entries).entrySet()) {
                out.putNextEntry(new JarEntry(e.getKey()));
                out.write(e.getValue().getBytes(StandardCharsets.UTF_8));
                out.closeEntry();
            }
        }
        return jar;
    }

    private static void refusedInOneLine(Cli.Outcome outcome, String expected) {
        assertThat(outcome.code()).as(outcome.err()).isEqualTo(ExitCode.USAGE);
        assertThat(outcome.err()).startsWith("cqlbench: ").contains(expected);
        assertThat(outcome.err().strip().lines()).hasSize(1);
        assertThat(outcome.err()).doesNotContain("\tat ").doesNotContain("starting embedded");
    }

    private Cli.Outcome run(String scenario, Path jar, String libraries) {
        return Cli.run("run", scenario, "--binding-jar", jar.toString(), "--library", libraries,
                "--contact-points", "127.0.0.1:1", "--out", dir.resolve("out").toString());
    }

    @Test
    void aJarWithoutADeclaration() throws IOException {
        Path jar = jar("plain.jar", Map.of(CLASS, "not loaded"), null);
        refusedInOneLine(run("crud", jar, "driver4"), "--binding-jar " + jar
                + " has no META-INF/cqlbench/binding.json: a binding jar declares its binding class and libraries there");
    }

    @Test
    void aDeclaredBindingClassTheJarDoesNotHold() throws IOException {
        Path jar = jar("missing.jar", Map.of("META-INF/cqlbench/binding.json",
                declaration("com.example.NoSuchBinding", "team", "\"UserCrud\"")), null);
        refusedInOneLine(run("crud", jar, "team,driver4"), "declares binding class com.example.NoSuchBinding, which is "
                + "neither in it nor in a jar its manifest's Class-Path names");
    }

    @Test
    void theBindingClassInAJarTheManifestNamesIsFound() throws IOException {
        // found: the run goes on to the declaration's next check, a capability crud needs that it lacks
        jar("lib-classes.jar", Map.of(CLASS, "not loaded"), null);
        Path jar = jar("thin.jar", Map.of("META-INF/cqlbench/binding.json",
                declaration("com.example.TeamBinding", "team", "\"ProfileTable\"")), "lib-classes.jar");
        refusedInOneLine(run("crud", jar, "team,driver4"), "team does not implement the crud scenario");
    }

    @Test
    void aCapabilityTheScenarioNeedsThatTheLibraryLacks() throws IOException {
        Path jar = jar("crud-only.jar", Map.of("META-INF/cqlbench/binding.json",
                declaration("com.example.TeamBinding", "team", "\"UserCrud\""), CLASS, "not loaded"), null);
        refusedInOneLine(run("decode", jar, "team,driver4"), "team does not implement the decode scenario");
    }

    @Test
    void aNameCqlbenchHasAlready() throws IOException {
        Path jar = jar("clash.jar", Map.of("META-INF/cqlbench/binding.json",
                declaration("com.example.TeamBinding", "driver4", "\"UserCrud\""), CLASS, "not loaded"), null);
        refusedInOneLine(run("crud", jar, "driver4"), "declares library driver4, which is cqlbench's own");
    }

    @Test
    void aDeclarationThatIsNotOne() throws IOException {
        Path jar = jar("broken.jar", Map.of("META-INF/cqlbench/binding.json", "{\"libraries\": []}"), null);
        refusedInOneLine(run("crud", jar, "driver4"), "a declaration names its binding class and its libraries");
    }

    @Test
    void noSuchJar() {
        refusedInOneLine(run("crud", dir.resolve("nowhere.jar"), "driver4"), "nowhere.jar: no such file");
    }
}
