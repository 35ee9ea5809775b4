package dev.cqlbench.worker;

import dev.cqlbench.binding.Binding;
import dev.cqlbench.binding.Library;
import dev.cqlbench.binding.LibraryCatalog;
import dev.cqlbench.measure.IntervalLog;
import dev.cqlbench.measure.Liveness;
import dev.cqlbench.measure.ServerAudit;
import dev.cqlbench.result.WorkerJvm;
import dev.cqlbench.measure.ProcessCpu;
import dev.cqlbench.runner.Instruments;
import dev.cqlbench.runner.LiveSecond;
import dev.cqlbench.runner.RunListener;
import dev.cqlbench.runner.ScenarioRunner;
import dev.cqlbench.scenario.Json;
import dev.cqlbench.scenario.Scenarios;
import java.io.BufferedReader;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Main class of a worker JVM (as JMH's ForkedMain): one binding on its own classpath, driven over stdin by
 * the orchestrator, answering on stdout. Anything a library prints goes to stderr, so the protocol stays clean.
 * Ctrl-C is the orchestrator's to handle (it sends Stop); when stdin closes (the orchestrator is gone) the
 * worker closes its binding and exits.
 */
public final class WorkerMain {

    private static final Object END_OF_INPUT = new Object();

    private final PrintStream protocol;
    private final BlockingQueue<Object> requests = new LinkedBlockingQueue<>();
    private final Liveness liveness = new Liveness();
    private Binding binding;
    private IntervalLog intervalLog;
    private volatile ScenarioRunner runner;
    private volatile boolean stopRequested;
    private ServerAudit audit;
    /** The orchestrator's answers to the barriers the runner waits at, by step. */
    private final Map<String, CompletableFuture<Long>> proceeds = new ConcurrentHashMap<>();

    private WorkerMain(PrintStream protocol) {
        this.protocol = protocol;
    }

    public static void main(String[] args) throws InterruptedException {
        PrintStream protocol = new PrintStream(new FileOutputStream(FileDescriptor.out), true, StandardCharsets.UTF_8);
        System.setOut(System.err);
        ignoreInterrupts();
        // the classes directory the orchestrator put on this JVM's classpath goes with it, however the orchestrator
        // ended (a killed cqlbench cannot delete it; its workers still exit, their stdin closed)
        dev.cqlbench.profile.EntityCompiler.deleteClasspathDirectoryOnExit();
        WorkerMain worker = new WorkerMain(protocol);
        Thread reader = new Thread(worker::readRequests, "cqlbench-worker-stdin");
        reader.setDaemon(true);
        reader.start();
        Thread heartbeat = new Thread(worker::heartbeat, "cqlbench-worker-heartbeat");
        heartbeat.setDaemon(true);
        heartbeat.start();
        try {
            while (true) {
                Object request = worker.requests.take();
                if (request == END_OF_INPUT || !worker.handle((WorkerRequest) request)) {
                    break;
                }
            }
        } finally {
            worker.closeBinding();
        }
        System.exit(0);
    }

    /** Stop is handled at once, on the reader thread, so a running cycle sees it; the rest goes in order. */
    private void readRequests() {
        try (BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8))) {
            String line;
            while ((line = in.readLine()) != null) {
                if (line.isBlank()) {
                    continue;
                }
                WorkerRequest request = Json.lines().readValue(line, WorkerRequest.class);
                if (request instanceof WorkerRequest.Stop) {
                    stopRequested = true;
                } else if (request instanceof WorkerRequest.Proceed proceed) {
                    proceeds.computeIfAbsent(proceed.step(), k -> new CompletableFuture<>())
                            .complete(proceed.startAtMillis());
                } else {
                    requests.add(request);
                }
            }
        } catch (IOException e) {
            System.err.println("cqlbench worker: cannot read requests: " + e);
        }
        stopRequested = true;
        requests.add(END_OF_INPUT);
        // the orchestrator is gone (or done with us): a worker stuck on requests to a dead cluster must not outlive
        // it by more than a moment
        Thread halt = new Thread(() -> {
            try {
                Thread.sleep(PARENT_GONE_GRACE_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            dev.cqlbench.profile.EntityCompiler.deleteClasspathDirectory(); // halt runs no shutdown hook
            Runtime.getRuntime().halt(0);
        }, "cqlbench-worker-halt");
        halt.setDaemon(true);
        halt.start();
    }

    /** Tells the orchestrator, every second, how many operations have completed: alive and making progress. */
    private void heartbeat() {
        while (true) {
            try {
                Thread.sleep(WorkerEvent.Heartbeat.INTERVAL_MILLIS);
            } catch (InterruptedException e) {
                return;
            }
            send(new WorkerEvent.Heartbeat(liveness.completedSoFar(), ProcessCpu.processNanos(),
                    ProcessCpu.gcMillis()));
        }
    }

    /** How long a worker whose stdin closed may take to close its binding before it halts. */
    static final long PARENT_GONE_GRACE_MILLIS = 3_000;

    /** Returns false when the worker should exit. */
    private boolean handle(WorkerRequest request) {
        try {
            if (request instanceof WorkerRequest.Setup setup) {
                setup(setup);
            } else if (request instanceof WorkerRequest.RunCycle cycle) {
                if (audit != null) {
                    audit.auditing(cycle.audited());
                }
                send(new WorkerEvent.CycleDone(cycle.cycle(), runner().runCycle(cycle.cycle(), cycle.everyRow())));
            } else if (request instanceof WorkerRequest.Close) {
                closeBinding();
                send(new WorkerEvent.Closed());
                return false;
            }
        } catch (Throwable t) {
            t.printStackTrace(); // into the worker log; the orchestrator gets one line
            send(failed(t));
        }
        return true;
    }

    private void setup(WorkerRequest.Setup setup) throws Exception {
        // each fork draws its own data and writes its own files; the first keeps the variant's name
        String name = setup.variant().forkFileName(setup.fork());
        Library library = LibraryCatalog.onClasspath(WorkerMain.class.getClassLoader())
                .find(setup.variant().library().name())
                .orElseThrow(() -> new IllegalArgumentException("no binding for variant " + name
                        + " on this worker's classpath"));
        WorkerRequest.Watching watching = setup.watching();
        Path out = watching.outputDir() == null ? null : Path.of(watching.outputDir());
        if (watching.hdrLog() && out != null) {
            intervalLog = IntervalLog.open(out.resolve("hdr"), name);
        }
        binding = LibraryCatalog.open(library, setup.binding());
        Instruments instruments = new Instruments(name, new RunListener() {
            @Override
            public void repetitionDone(String variant, int cycle, String operation, int repetition,
                                       long count, long errors, long totalNanos) {
                send(new WorkerEvent.RepetitionDone(cycle, operation, repetition, count, errors, totalNanos));
            }

            @Override
            public void timedSection(int cycle, String operation, int repetition, boolean begin) {
                send(new WorkerEvent.Section(cycle, operation, repetition, begin));
            }

            @Override
            public boolean live() {
                return watching.live();
            }

            @Override
            public void second(LiveSecond second) {
                send(new WorkerEvent.Second(second));
            }
        }, liveness, () -> stopRequested, new Instruments.Recorders(intervalLog, out, audit(setup)),
                setup.plan().client().shared() ? this::awaitOthers : null, setup.warmupMillis());
        ScenarioRunner created = Scenarios.runner(setup.scenario(), setup.plan(), binding, setup.variant(),
                instruments);
        runner = created;
        long start = System.nanoTime();
        created.warmup();
        long warmupNanos = System.nanoTime() - start;
        send(new WorkerEvent.Ready(binding.version(), WorkerJvm.current(), binding.audit(), warmupNanos));
    }

    /**
     * Asks the orchestrator to wait for the other clients at {@code step} and waits for its answer, alive (a wait is
     * no hang) and stoppable (0 when stopped).
     */
    private long awaitOthers(String step) {
        CompletableFuture<Long> answer = proceeds.computeIfAbsent(step, k -> new CompletableFuture<>());
        send(new WorkerEvent.AtBarrier(step));
        try {
            while (true) {
                try {
                    return answer.get(200, TimeUnit.MILLISECONDS);
                } catch (TimeoutException e) {
                    if (stopRequested) {
                        return 0;
                    }
                    liveness.waiting();
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return 0;
        } catch (ExecutionException e) {
            throw new IllegalStateException("waiting for the other clients at " + step + ": " + e.getCause(), e);
        } finally {
            proceeds.remove(step);
        }
    }

    /** The server audit of the measured blocks, or null: none asked for, or the nodes' JMX cannot be reached. */
    private ServerAudit audit(WorkerRequest.Setup setup) {
        try {
            audit = ServerAudit.connect(setup.watching().serverJmx());
        } catch (IOException | RuntimeException e) {
            System.err.println("cqlbench worker: no server audit, the nodes' JMX cannot be read: " + e.getMessage());
            audit = null;
        }
        return audit;
    }

    private ScenarioRunner runner() {
        if (runner == null) {
            throw new IllegalStateException("cycle requested before a successful setup");
        }
        return runner;
    }

    private void closeBinding() {
        if (intervalLog != null) {
            intervalLog.close();
            intervalLog = null;
        }
        if (audit != null) {
            audit.close();
            audit = null;
        }
        if (binding != null) {
            Binding b = binding;
            binding = null;
            b.close();
        }
    }

    private synchronized void send(WorkerEvent event) {
        try {
            protocol.println(Json.lines().writeValueAsString(event));
        } catch (IOException e) {
            throw new IllegalStateException("cannot encode " + event, e);
        }
    }

    @SuppressWarnings("restriction")
    private static void ignoreInterrupts() {
        try {
            sun.misc.Signal.handle(new sun.misc.Signal("INT"), signal -> { });
        } catch (IllegalArgumentException | UnsupportedOperationException notOnThisPlatform) {
            // the orchestrator still stops us through stdin
        }
    }

    static WorkerEvent.Failed failed(Throwable t) {
        Throwable root = t;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        StringWriter trace = new StringWriter();
        t.printStackTrace(new PrintWriter(trace));
        Throwable named = t.getMessage() != null ? t : root;
        String message = named.getMessage() == null ? named.getClass().getSimpleName() : named.getMessage();
        return new WorkerEvent.Failed(named.getClass().getSimpleName(), message.lines().findFirst().orElse(""),
                trace.toString());
    }
}
