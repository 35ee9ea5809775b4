package dev.cqlbench.server.jvm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ClassDataArchiveTest {

    @TempDir
    Path dir;

    /** A JVM of a classpath without an archive writes it at its exit; the next one maps it. */
    @Test
    void theFirstJvmOfAClasspathWritesTheArchiveAndTheNextMapsIt() throws Exception {
        Path jar = probeJar();
        ClassDataArchive archives = ClassDataArchive.at(dir.resolve("cds"));
        ClassDataArchive.Use first = archives.forClasspath(jar.toString());
        assertTrue(first.writes(), first.flags().toString());
        // another JVM of the classpath starting meanwhile neither writes nor maps
        assertEquals(List.of(), archives.forClasspath(jar.toString()).flags());
        first.exited(run(first.flags(), jar));
        ClassDataArchive.Use second = archives.forClasspath(jar.toString());
        assertFalse(second.writes());
        assertTrue(second.flags().stream().anyMatch(f -> f.startsWith("-XX:SharedArchiveFile=")), second.flags()
                .toString());
        // -Xshare:on makes a JVM that cannot map the archive fail instead of starting without it
        List<String> strict = new ArrayList<>(second.flags());
        strict.add("-Xshare:on");
        assertEquals(0, run(strict, jar));
    }

    @Test
    void aKilledJvmLeavesNoArchiveAndTheNextWritesIt() throws Exception {
        Path jar = probeJar();
        ClassDataArchive archives = ClassDataArchive.at(dir.resolve("cds"));
        ClassDataArchive.Use killed = archives.forClasspath(jar.toString());
        Files.writeString(Path.of(killed.flags().get(killed.flags().size() - 1).split("=", 2)[1]), "half an archive");
        killed.exited(ClassDataArchive.Use.KILLED);
        try (var files = Files.list(dir.resolve("cds"))) {
            assertEquals(List.of(), files.toList());
        }
        assertTrue(archives.forClasspath(jar.toString()).writes());
    }

    @Test
    void aRebuiltJarIsAnotherArchive() throws Exception {
        Path jar = probeJar();
        String before = ClassDataArchive.key(jar.toString());
        assertEquals(before, ClassDataArchive.key(jar.toString()));
        Files.setLastModifiedTime(jar, FileTime.from(Instant.now().plusSeconds(60)));
        assertNotEquals(before, ClassDataArchive.key(jar.toString()));
    }

    @Test
    void aClasspathWithClassesInADirectoryRunsWithoutAnArchive() throws Exception {
        Path jar = probeJar();
        Path empty = Files.createDirectories(dir.resolve("empty"));
        Path classes = Files.createDirectories(dir.resolve("classes"));
        Files.writeString(classes.resolve("A.class"), "x");
        String sep = java.io.File.pathSeparator;
        assertFalse(ClassDataArchive.holdsClassDirectory(jar + sep + empty));
        assertTrue(ClassDataArchive.holdsClassDirectory(jar + sep + classes));
        assertTrue(ClassDataArchive.holdsClassDirectory(jar + sep + dir.resolve("lib") + "/*"));
        assertEquals(List.of(), ClassDataArchive.at(dir.resolve("cds")).forClasspath(jar + sep + classes).flags());
        assertEquals(List.of(), ClassDataArchive.at(null).forClasspath(jar.toString()).flags());
    }

    /** A jar with {@link ArchiveProbe} in it: a classpath of jars only, which the JVM archives. */
    private Path probeJar() throws IOException {
        Path jar = dir.resolve("probe.jar");
        if (Files.exists(jar)) {
            return jar;
        }
        String name = ArchiveProbe.class.getName().replace('.', '/') + ".class";
        try (OutputStream out = Files.newOutputStream(jar); JarOutputStream jarOut = new JarOutputStream(out);
             InputStream in = ArchiveProbe.class.getClassLoader().getResourceAsStream(name)) {
            jarOut.putNextEntry(new JarEntry(name));
            in.transferTo(jarOut);
            jarOut.closeEntry();
        }
        return jar;
    }

    private static int run(List<String> flags, Path jar) throws Exception {
        List<String> command = new ArrayList<>();
        command.add(Paths.get(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(flags);
        command.addAll(List.of("-cp", jar.toString(), ArchiveProbe.class.getName()));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes());
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals("probe ran\n", output, "the JVM says nothing but its own output");
        return p.exitValue();
    }
}
