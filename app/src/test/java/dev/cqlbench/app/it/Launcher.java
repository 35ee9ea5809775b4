package dev.cqlbench.app.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cqlbench.app.orchestrate.Layout;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * cqlbench as a user runs it: the {@code ./cqlbench} script of the checkout (which execs the JVM, so this process
 * is cqlbench's), with every descendant it was ever seen to have.
 */
final class Launcher {

    private static final Path HOME = Paths.get(System.getProperty(Layout.HOME_PROPERTY));

    final Process process;
    final Set<ProcessHandle> seen = new HashSet<>();
    final Path stderr;

    Launcher(Path dir, String... args) throws IOException {
        this(dir, java.util.Map.of(), args);
    }

    /** @param environment variables added to cqlbench's environment (a password, say) */
    Launcher(Path dir, java.util.Map<String, String> environment, String... args) throws IOException {
        this(dir, null, environment, launcherCommand(args)); // in the test's directory
    }

    /** @param workingDirectory where it runs (null: this test's); @param command the whole command line */
    Launcher(Path dir, java.io.File workingDirectory, java.util.Map<String, String> environment, List<String> command)
            throws IOException {
        stderr = dir.resolve("stderr.txt");
        ProcessBuilder builder = new ProcessBuilder(command).directory(workingDirectory);
        builder.environment().put("JAVA_HOME", System.getProperty("java.home")); // the JVM these tests run on
        builder.environment().putAll(environment);
        process = builder
                .redirectOutput(dir.resolve("stdout.txt").toFile())
                .redirectError(stderr.toFile())
                .start();
    }

    private static List<String> launcherCommand(String... args) throws IOException {
        // the launcher rebuilds when sources are newer than its stamp: the build running this test just did
        Files.createDirectories(HOME.resolve("app/target"));
        Files.writeString(HOME.resolve("app/target/cqlbench.built"), "");
        List<String> command = new ArrayList<>(List.of(HOME.resolve("cqlbench").toString()));
        command.addAll(List.of(args));
        return command;
    }

    /** Its standard output and error, with its exit code, as {@link dev.cqlbench.app.Cli} gives an in-process run's. */
    dev.cqlbench.app.Cli.Outcome outcome() throws IOException {
        return new dev.cqlbench.app.Cli.Outcome(process.exitValue(), Files.readString(stderr.resolveSibling(
                "stdout.txt")), Files.readString(stderr));
    }

    /**
     * Runs cqlbench to its end (up to {@code seconds}), checks its exit code and that none of its processes is left,
     * and kills whatever a failure leaves behind; returns it for its output and the processes it was seen to have.
     */
    static Launcher runToEnd(Path dir, long seconds, int expectedCode, String... args) throws Exception {
        Launcher cqlbench = new Launcher(dir, args);
        try {
            assertThat(cqlbench.awaitExit(seconds)).as(Files.readString(cqlbench.stderr)).isEqualTo(expectedCode);
            cqlbench.assertNoChildLeft();
            return cqlbench;
        } finally {
            cqlbench.destroyAll();
        }
    }

    void watchChildren() {
        process.descendants().forEach(seen::add);
    }

    boolean stderrContains(String text) throws IOException {
        return Files.exists(stderr) && Files.readString(stderr).contains(text);
    }

    /** Waits (up to 240 s) until a worker has warmed up, so the run is measuring. */
    void awaitMeasuring() throws Exception {
        awaitStderr("warmed up", "the worker got to measuring");
    }

    /** Waits (up to 240 s) until cqlbench has said {@code text} on its progress lines. */
    void awaitStderr(String text, String what) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(240);
        while (!stderrContains(text) && process.isAlive() && System.nanoTime() < deadline) {
            watchChildren();
            Thread.sleep(100);
        }
        assertThat(stderrContains(text)).as(what).isTrue();
    }

    /** {@link #awaitExit}, then whatever it left killed: its exit code. */
    int exitWithin(long seconds) throws Exception {
        try {
            return awaitExit(seconds);
        } finally {
            destroyAll();
        }
    }

    int awaitExit(long seconds) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (process.isAlive() && System.nanoTime() < deadline) {
            watchChildren();
            Thread.sleep(100);
        }
        if (process.isAlive()) {
            // what it last said, and where its threads are, is what a failure here needs (the test's directory is
            // gone with it)
            assertThat(process.isAlive()).as("cqlbench still running after %d s; its stderr ends:%n%s%n"
                    + "its threads:%n%s", seconds, tail(stderr, 40), threads(process.pid())).isFalse();
        }
        return process.exitValue();
    }

    /** The threads of JVM {@code pid} as {@code jcmd Thread.print} gives them (up to 400 lines), or why not. */
    private static String threads(long pid) {
        try {
            Process jcmd = new ProcessBuilder(Paths.get(System.getProperty("java.home"), "bin", "jcmd").toString(),
                    Long.toString(pid), "Thread.print").redirectErrorStream(true).start();
            String dump = new String(jcmd.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
            jcmd.waitFor(20, TimeUnit.SECONDS);
            return dump.lines().limit(400).collect(java.util.stream.Collectors.joining("\n"));
        } catch (IOException | InterruptedException e) {
            return "(no thread dump: " + e + ")";
        }
    }

    /** The last {@code lines} lines of a file, or a note that it is not there. */
    private static String tail(Path file, int lines) throws IOException {
        if (!Files.exists(file)) {
            return "(no " + file.getFileName() + ")";
        }
        List<String> all = Files.readAllLines(file);
        return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
    }

    /** Whatever a failed test left: the process and every descendant seen, killed. */
    /**
     * Kills cqlbench and every process it started, then removes the servers' work directories it named on stderr
     * ("work dir …"): a run that ends normally removes them itself, a killed one cannot.
     */
    void destroyAll() {
        watchChildren();
        process.destroyForcibly();
        seen.forEach(ProcessHandle::destroyForcibly);
        for (ProcessHandle p : seen) {
            try {
                p.onExit().get(10, TimeUnit.SECONDS);
            } catch (Exception e) {
                // gone or going: its directory is removed as far as it can be
            }
        }
        try {
            java.util.regex.Matcher m = java.util.regex.Pattern.compile("work dir (/[^\\s,)]+)")
                    .matcher(Files.exists(stderr) ? Files.readString(stderr) : "");
            while (m.find()) {
                Path workDir = Paths.get(m.group(1));
                if (Files.isDirectory(workDir)) {
                    try (java.util.stream.Stream<Path> files = Files.walk(workDir)) {
                        files.sorted(java.util.Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
                    }
                }
            }
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    void assertNoChildLeft() throws InterruptedException {
        assertThat(seen).as("children seen while running").isNotEmpty();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        for (ProcessHandle child : seen) {
            // children exit on their own once cqlbench is gone (their stdin closes): give them a moment
            try {
                child.onExit().get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
                // reported below
            }
        }
        Thread.sleep(500);
        assertThat(seen.stream().filter(ProcessHandle::isAlive).map(p -> p.pid() + " " + p.info().command()))
                .as("children alive after cqlbench exited").isEmpty();
    }
}
