package dev.cqlbench.app.orchestrate;

import dev.cqlbench.app.host.StoppedWorkers;
import dev.cqlbench.profile.EntityCompiler;
import dev.cqlbench.result.CycleMeasurements;
import dev.cqlbench.run.Variant;
import dev.cqlbench.runner.Barrier;
import dev.cqlbench.server.jvm.ClassDataArchive;
import dev.cqlbench.scenario.Json;
import dev.cqlbench.worker.WorkerEvent;
import dev.cqlbench.worker.WorkerMain;
import dev.cqlbench.worker.WorkerRequest;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/**
 * One forked worker JVM (JMH style): its own classpath with one binding, driven by JSON lines on its stdin,
 * answering on its stdout; its stderr goes to a log file. Silence longer than the inactivity timeout is a hang.
 */
public final class WorkerProcess implements AutoCloseable {

    /** Sentinel for "the worker's stdout closed". */
    private static final Object EXITED = new Object();

    private final String variant;
    private final Process process;
    private final Writer stdin;
    private final Path log;
    private final BlockingQueue<Object> events = new LinkedBlockingQueue<>();
    /** Operations the worker's last heartbeat reported completed. */
    private long lastCompleted = -1;
    /** Where its runner meets the other clients sharing the workload; null for a client alone. */
    private Barrier barrier;
    /** Who watches the run live: every event the worker sends, as it arrives (on the reader thread). */
    private volatile Consumer<WorkerEvent> watcher = event -> { };
    /** The directory on its classpath for classes compiled at run time; deleted once it has exited. */
    private final Path classes;

    /** Its class-data archive, mapped or written at its exit ({@link ClassDataArchive}). */
    private final ClassDataArchive.Use archive;

    private WorkerProcess(String variant, Process process, Path log, Path classes, ClassDataArchive.Use archive) {
        this.variant = variant;
        this.process = process;
        this.log = log;
        this.classes = classes;
        this.archive = archive;
        this.stdin = new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8);
        Thread reader = new Thread(this::readEvents, "cqlbench-worker-" + variant);
        reader.setDaemon(true);
        reader.start();
    }

    /** Forks the worker JVM of {@code variant}: its library's classpath and JVM arguments on top of {@code jvmArgs}. */
    public static WorkerProcess start(Layout layout, Variant variant, List<String> jvmArgs, Path log)
            throws WorkerException {
        List<String> command = new ArrayList<>();
        command.add(Paths.get(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(jvmArgs);
        command.addAll(variant.library().jvmArgs());
        Path classes = null;
        ClassDataArchive.Use archive = ClassDataArchive.Use.NONE;
        try {
            Files.createDirectories(log.getParent());
            // an empty directory on the worker's classpath (made before it starts: a path that is no directory then
            // is read as a jar) for classes a binding compiles at run time to load as the application's
            // (EntityCompiler.compileOnClasspath); deleted once the worker has exited
            // the classpath first: a library that is not built is refused before anything is made for its worker
            String built = variant.release() != null && variant.release().resolved()
                    ? String.join(java.io.File.pathSeparator, variant.release().classpath())
                    : layout.workerClasspath(variant.library());
            classes = Files.createTempDirectory("cqlbench-classes");
            command.add("-D" + EntityCompiler.CLASSPATH_DIRECTORY + "=" + classes);
            // the archive is the built classpath's: the directory of run-time classes comes last and is new each
            // time, and a JVM maps an archive whose classpath its own begins with
            archive = ClassDataArchive.standard().forClasspath(built);
            command.addAll(archive.flags());
            command.add("-cp");
            command.add(built + java.io.File.pathSeparator + classes);
            command.add(WorkerMain.class.getName());
            Process process = new ProcessBuilder(command)
                    .redirectError(ProcessBuilder.Redirect.appendTo(log.toFile())).start();
            Path made = classes;
            process.onExit().thenRun(() -> EntityCompiler.deleteTree(made)); // a worker that ends on its own
            return new WorkerProcess(variant.name(), process, log, classes, archive);
        } catch (IOException e) {
            if (classes != null) {
                EntityCompiler.deleteTree(classes);
            }
            archive.exited(ClassDataArchive.Use.KILLED);
            throw new WorkerException("cannot start the worker JVM of " + variant.name() + ": " + e.getMessage(),
                    log, null);
        }
    }

    /** Its runner's barriers are met at {@code clients} (null: alone, every barrier passes at once). */
    void meetAt(Barrier clients) {
        barrier = clients;
    }

    /** Every event it sends goes to {@code watch} too, as it arrives (the live metrics). */
    void watchedBy(Consumer<WorkerEvent> watch) {
        watcher = watch;
    }

    public long pid() {
        return process.pid();
    }

    /** Stops the JVM (nothing in flight: it answered its round) until {@link #resume}: see {@link StoppedWorkers}. */
    void pause() {
        StoppedWorkers.stop(process.pid());
    }

    /** Continues the JVM if it is stopped, before it is asked anything. */
    void resume() {
        StoppedWorkers.resume(process.pid());
    }

    public Path log() {
        return log;
    }

    public WorkerEvent.Ready setup(WorkerRequest.Setup setup, Duration timeout, BooleanSupplier stop)
            throws WorkerException {
        send(setup);
        return await(WorkerEvent.Ready.class, timeout, stop, p -> {});
    }

    /**
     * Runs one cycle, its blocks audited on the servers or not, its read-backs checking every row or a sample; on a
     * stop request the worker ends the current repetition early and reports it.
     */
    public CycleMeasurements runCycle(int cycle, boolean audited, boolean everyRow, Duration inactivity,
                                      BooleanSupplier stop, Consumer<WorkerEvent> progress) throws WorkerException {
        send(new WorkerRequest.RunCycle(cycle, audited, everyRow));
        return await(WorkerEvent.CycleDone.class, inactivity, stop, progress).measured();
    }

    /**
     * Waits for {@code expected}. A worker is hung when {@code inactivity} passes with no event but heartbeats
     * that report no operation completed since the last: alive and working however long its phase, or silent
     * (stopped, wedged) or stuck (heartbeats, no progress).
     */
    private <T extends WorkerEvent> T await(Class<T> expected, Duration inactivity, BooleanSupplier stop,
                                            Consumer<WorkerEvent> progress) throws WorkerException {
        long silentSince = System.nanoTime();
        boolean stopSent = false;
        while (true) {
            Object event;
            try {
                event = events.poll(200, TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new WorkerException(variant + " worker: interrupted", log, null);
            }
            if (!stopSent && stop.getAsBoolean()) {
                send(new WorkerRequest.Stop());
                stopSent = true;
                inactivity = Duration.ofSeconds(30); // drain deadline
                silentSince = System.nanoTime();
            }
            if (event == null) {
                if (System.nanoTime() - silentSince > inactivity.toNanos()) {
                    boolean dumped = threadDump();
                    process.destroyForcibly();
                    throw new WorkerException(variant + " worker completed no operation for "
                            + inactivity.toSeconds() + " s and was killed" + (dumped ? "; its threads are dumped in "
                            + "its log" : lastLogLine()), log, null);
                }
                continue;
            }
            if (event instanceof WorkerEvent.Second) {
                continue; // a second closes whether or not anything completed in it: no sign of progress
            }
            if (event instanceof WorkerEvent.Heartbeat beat) {
                if (beat.completed() != lastCompleted) {
                    lastCompleted = beat.completed();
                    silentSince = System.nanoTime();
                }
                continue;
            }
            silentSince = System.nanoTime();
            if (event == EXITED) {
                throw new WorkerException(variant + " worker exited unexpectedly"
                        + exitDescription() + lastLogLine(), log, null);
            }
            if (event instanceof WorkerEvent.RepetitionDone || event instanceof WorkerEvent.Section) {
                progress.accept((WorkerEvent) event);
            } else if (event instanceof WorkerEvent.Failed failed) {
                throw new WorkerException(variant + ": " + failed.kind() + ": " + failed.message(), log,
                        failed.detail(), failed.kind());
            } else if (event instanceof WorkerEvent.AtBarrier meet) {
                long start;
                try {
                    // one barrier per variant: every client runs the variants in the same order
                    start = barrier == null ? System.currentTimeMillis() : barrier.await(variant + "/" + meet.step());
                } catch (RuntimeException e) {
                    throw new WorkerException(variant + ": " + e.getMessage(), log, null);
                }
                send(new WorkerRequest.Proceed(meet.step(), start));
                silentSince = System.nanoTime();
            } else if (expected.isInstance(event)) {
                return expected.cast(event);
            }
        }
    }

    private void send(WorkerRequest request) throws WorkerException {
        try {
            stdin.write(Json.lines().writeValueAsString(request));
            stdin.write('\n');
            stdin.flush();
        } catch (IOException e) {
            throw new WorkerException(variant + " worker is gone" + exitDescription() + lastLogLine(),
                    log, null);
        }
    }

    private void readEvents() {
        try (BufferedReader out = new BufferedReader(
                new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = out.readLine()) != null) {
                try {
                    WorkerEvent event = Json.lines().readValue(line, WorkerEvent.class);
                    watch(event);
                    events.add(event);
                } catch (IOException notProtocol) {
                    Files.writeString(log, "[stdout] " + line + "\n", StandardCharsets.UTF_8,
                            java.nio.file.StandardOpenOption.APPEND, java.nio.file.StandardOpenOption.CREATE);
                }
            }
        } catch (IOException ignored) {
            // the stream closed: the worker is gone
        }
        events.add(EXITED);
    }

    /**
     * The live metrics hear every event as it arrives, whether or not the orchestrator waits on this worker now (an
     * idle JVM's heartbeats too); what they cannot read is noted in the log, and the run goes on.
     */
    private void watch(WorkerEvent event) {
        try {
            watcher.accept(event);
        } catch (RuntimeException e) {
            try {
                Files.writeString(log, "[metrics] cannot count " + event.getClass().getSimpleName() + ": " + e + "\n",
                        StandardCharsets.UTF_8, java.nio.file.StandardOpenOption.APPEND,
                        java.nio.file.StandardOpenOption.CREATE);
            } catch (IOException ignored) {
                // no log: the metrics miss one event
            }
        }
    }

    /**
     * Asks a silent worker for a thread dump (SIGQUIT: the JVM prints it on its stdout, which goes to the log) so
     * the log shows where it hung; true if it came within 2 s.
     */
    private boolean threadDump() {
        if (!process.isAlive() || !Files.isDirectory(Paths.get("/proc"))) {
            return false;
        }
        resume();
        try {
            long before = Files.size(log);
            new ProcessBuilder("kill", "-QUIT", Long.toString(process.pid())).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start().waitFor(2, TimeUnit.SECONDS);
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(2);
            while (System.nanoTime() < deadline) {
                Thread.sleep(100);
                if (Files.size(log) > before) {
                    Thread.sleep(300); // let the rest of the dump arrive
                    return true;
                }
            }
        } catch (IOException e) {
            // no dump: the kill below still happens
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return false;
    }

    private String exitDescription() {
        try {
            if (process.waitFor(2, TimeUnit.SECONDS)) {
                return " (exit code " + process.exitValue() + ")";
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return "";
    }

    private String lastLogLine() {
        try {
            List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
            for (int i = lines.size() - 1; i >= 0; i--) {
                if (!lines.get(i).isBlank()) {
                    return ": " + lines.get(i).strip();
                }
            }
        } catch (IOException ignored) {
            // no log to quote
        }
        return "";
    }

    /** Asks the worker to close its binding, then makes sure the JVM is gone. Idempotent. */
    @Override
    public void close() {
        resume(); // a stopped JVM would neither close nor end
        if (process.isAlive()) {
            try {
                send(new WorkerRequest.Close());
                stdin.close();
            } catch (WorkerException | IOException ignored) {
                // already gone
            }
            try {
                if (!process.waitFor(15, TimeUnit.SECONDS)) {
                    process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
                }
            } catch (InterruptedException e) {
                process.destroyForcibly();
                Thread.currentThread().interrupt();
            }
        }
        if (!process.isAlive()) {
            EntityCompiler.deleteTree(classes); // here too: the orchestrator may exit before onExit's thread runs
            archive.exited(process.exitValue());
        }
    }
}
