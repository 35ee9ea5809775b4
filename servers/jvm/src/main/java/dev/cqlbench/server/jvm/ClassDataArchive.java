package dev.cqlbench.server.jvm;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;

/**
 * Class-data sharing for the JVMs cqlbench forks (nodes, workers, nodetool): one archive per Java and classpath,
 * written by the first JVM of that classpath when it exits ({@code -XX:ArchiveClassesAtExit}) and mapped by every
 * later one ({@code -XX:SharedArchiveFile}), so a JVM starts without parsing and verifying the classes again. It holds
 * classes only: no compiled code and no profile, so every fork still warms up on its own and stays an independent
 * draw of the JIT.
 *
 * <p>An archive is keyed by the JVM (its home and version) and by every classpath entry's path, size and time: a
 * rebuilt jar or another Java has another archive, made once. A classpath with a directory that holds classes cannot
 * be archived (the JVM refuses to start); such a JVM runs without. A JVM that did not exit by itself (killed) leaves
 * no archive. The JVM says nothing about archives (its {@code cds} logging is off): a worker's standard output is its
 * channel to cqlbench.
 */
public final class ClassDataArchive {

    /** {@code CQLBENCH_CLASS_DATA_SHARING=off} in the environment forks every JVM without an archive. */
    public static final String SWITCH = "CQLBENCH_CLASS_DATA_SHARING";
    /** Archives not used for this long are deleted when a new one is written. */
    static final Duration UNUSED_FOR = Duration.ofDays(14);
    /** A JVM writing an archive for longer than this has died without saying so: another may write it. */
    static final Duration WRITING_AT_MOST = Duration.ofHours(6);

    private static final List<String> QUIET = List.of("-Xlog:cds*=off", "-Xlog:class+path*=off");

    private final Path dir;

    private ClassDataArchive(Path dir) {
        this.dir = dir;
    }

    /** Archives in {@code dir}; null: none at all. */
    public static ClassDataArchive at(Path dir) {
        return new ClassDataArchive(dir);
    }

    /**
     * The archives of this machine's user, in {@code $XDG_CACHE_HOME/cqlbench/cds} ({@code ~/.cache/cqlbench/cds}),
     * unless {@link #SWITCH} is {@code off}.
     */
    public static ClassDataArchive standard() {
        if ("off".equalsIgnoreCase(System.getenv(SWITCH))) {
            return new ClassDataArchive(null);
        }
        String cache = System.getenv("XDG_CACHE_HOME");
        Path base = cache != null && !cache.isBlank() ? Paths.get(cache)
                : Paths.get(System.getProperty("user.home"), ".cache");
        return new ClassDataArchive(base.resolve("cqlbench").resolve("cds"));
    }

    /**
     * How a JVM of {@code classpath} runs with this archive: the flags to give it, and {@link Use#exited} to call once
     * it has exited.
     */
    public Use forClasspath(String classpath) {
        return forClasspath(classpath, true);
    }

    /**
     * The same, for a JVM that may only map an archive ({@code mayWrite} false): one that loads a small part of a
     * classpath whose archive another JVM writes (nodetool beside its node).
     */
    public Use forClasspath(String classpath, boolean mayWrite) {
        if (dir == null || holdsClassDirectory(classpath)) {
            return Use.NONE;
        }
        try {
            Files.createDirectories(dir);
            String key = key(classpath);
            Path archive = dir.resolve(key + ".jsa");
            if (Files.isRegularFile(archive)) {
                Files.setLastModifiedTime(archive, FileTime.from(Instant.now()));
                List<String> flags = new ArrayList<>(QUIET);
                flags.add("-XX:SharedArchiveFile=" + archive);
                return new Use(flags, null, null, null);
            }
            Path writing = dir.resolve(key + ".writing");
            if (!mayWrite || !claim(writing)) {
                return Use.NONE; // another JVM of this classpath is writing it
            }
            // a name of its own: a JVM taking over a claim another left may still meet that one's file
            Path partial = dir.resolve(key + "." + java.util.UUID.randomUUID() + ".partial");
            List<String> flags = new ArrayList<>(QUIET);
            flags.add("-XX:ArchiveClassesAtExit=" + partial);
            return new Use(flags, partial, archive, writing);
        } catch (IOException | RuntimeException e) {
            return Use.NONE; // an archive is a saving, never a reason not to start
        }
    }

    /** The archive's name: the JVM and every classpath entry as it is now (a rebuilt jar is another archive). */
    static String key(String classpath) {
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            StringBuilder text = new StringBuilder(System.getProperty("java.home")).append('\n')
                    .append(System.getProperty("java.vm.version")).append('\n');
            for (String entry : classpath.split(File.pathSeparator)) {
                Path path = Paths.get(entry);
                text.append(entry);
                if (Files.isRegularFile(path)) {
                    text.append(' ').append(Files.size(path)).append(' ')
                            .append(Files.getLastModifiedTime(path).toMillis());
                }
                text.append('\n');
            }
            byte[] hash = digest.digest(text.toString().getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(hash, 0, 12);
        } catch (NoSuchAlgorithmException | IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Whether an entry is a directory with files in it: the JVM will not archive such a classpath. */
    static boolean holdsClassDirectory(String classpath) {
        for (String entry : classpath.split(File.pathSeparator)) {
            Path path = Paths.get(entry);
            if (entry.endsWith("*")) {
                return true; // a wildcard is expanded by the launcher, after the archive's checks
            }
            if (Files.isDirectory(path)) {
                try (Stream<Path> inside = Files.list(path)) {
                    if (inside.findAny().isPresent()) {
                        return true;
                    }
                } catch (IOException e) {
                    return true;
                }
            }
        }
        return false;
    }

    private static boolean claim(Path writing) throws IOException {
        try {
            Files.createFile(writing);
            return true;
        } catch (FileAlreadyExistsException e) {
            Instant since = Files.getLastModifiedTime(writing).toInstant();
            if (since.plus(WRITING_AT_MOST).isBefore(Instant.now())) {
                Files.setLastModifiedTime(writing, FileTime.from(Instant.now()));
                return true;
            }
            return false;
        }
    }

    /** Deletes the archives in {@code dir} nobody has used for {@link #UNUSED_FOR}, and what dead JVMs left. */
    private static void prune(Path dir) {
        Instant before = Instant.now().minus(UNUSED_FOR);
        try (Stream<Path> files = Files.list(dir)) {
            files.filter(f -> f.getFileName().toString().endsWith(".jsa")
                    || f.getFileName().toString().endsWith(".partial")).forEach(f -> {
                try {
                    if (Files.getLastModifiedTime(f).toInstant().isBefore(before)) {
                        Files.deleteIfExists(f);
                    }
                } catch (IOException e) {
                    // the next prune tries again
                }
            });
        } catch (IOException e) {
            // nothing to prune
        }
    }

    /** One JVM's part: its flags, and what becomes of the archive it wrote. */
    public static final class Use {

        /** The exit value of a JVM killed by SIGKILL: it wrote nothing whole. */
        public static final int KILLED = 128 + 9;
        /** A JVM that runs without an archive. */
        public static final Use NONE = new Use(List.of(), null, null, null);

        private final List<String> flags;
        private final Path partial;
        private final Path archive;
        private final Path writing;

        private Use(List<String> flags, Path partial, Path archive, Path writing) {
            this.flags = List.copyOf(flags);
            this.partial = partial;
            this.archive = archive;
            this.writing = writing;
        }

        public List<String> flags() {
            return flags;
        }

        /** Whether this JVM writes the archive when it exits. */
        public boolean writes() {
            return partial != null;
        }

        /**
         * The JVM has exited with {@code exitValue}: what it wrote becomes the archive unless it was killed (SIGKILL,
         * 137), and is thrown away if it was. Once is enough; again does nothing.
         */
        public synchronized void exited(int exitValue) {
            boolean exitedByItself = exitValue != KILLED;
            if (partial == null) {
                return;
            }
            try {
                if (exitedByItself && Files.isRegularFile(partial) && Files.size(partial) > 0) {
                    try {
                        Files.move(partial, archive, StandardCopyOption.ATOMIC_MOVE);
                    } catch (AtomicMoveNotSupportedException e) {
                        Files.move(partial, archive, StandardCopyOption.REPLACE_EXISTING);
                    }
                    prune(archive.getParent());
                } else {
                    Files.deleteIfExists(partial);
                }
                Files.deleteIfExists(writing);
            } catch (IOException e) {
                // left for the next JVM of this classpath to write again
            }
        }
    }
}
