package dev.cqlbench.worker;

import dev.cqlbench.binding.Binding;
import dev.cqlbench.binding.BindingFactory;
import dev.cqlbench.binding.UserCrud;
import dev.cqlbench.result.Json;
import dev.cqlbench.result.WorkerJvm;
import dev.cqlbench.runner.CrudRunner;
import dev.cqlbench.runner.RunListener;
import dev.cqlbench.scenario.crud.CrudOperation;
import java.io.BufferedReader;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.ServiceLoader;

/**
 * Main class of a worker JVM (as JMH's ForkedMain): one binding on its own classpath, driven over stdin by
 * the orchestrator, answering on stdout. Anything a library prints goes to stderr, so the protocol stays clean.
 * When stdin closes (the orchestrator is gone) the worker closes its binding and exits.
 */
public final class WorkerMain {

    private final PrintStream protocol;
    private Binding binding;
    private CrudRunner runner;

    private WorkerMain(PrintStream protocol) {
        this.protocol = protocol;
    }

    public static void main(String[] args) throws IOException {
        PrintStream protocol = new PrintStream(new FileOutputStream(FileDescriptor.out), true, StandardCharsets.UTF_8);
        System.setOut(System.err);
        WorkerMain worker = new WorkerMain(protocol);
        try (BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8))) {
            String line;
            while ((line = in.readLine()) != null) {
                if (line.isBlank()) {
                    continue;
                }
                if (!worker.handle(Json.lines().readValue(line, WorkerRequest.class))) {
                    break;
                }
            }
        } finally {
            worker.closeBinding();
        }
        System.exit(0);
    }

    /** Returns false when the worker should exit. */
    private boolean handle(WorkerRequest request) {
        try {
            if (request instanceof WorkerRequest.Setup setup) {
                setup(setup);
            } else if (request instanceof WorkerRequest.RunCycle cycle) {
                send(new WorkerEvent.CycleDone(cycle.cycle(), runner().runCycle(cycle.cycle())));
            } else if (request instanceof WorkerRequest.Close) {
                closeBinding();
                send(new WorkerEvent.Closed());
                return false;
            }
        } catch (Throwable t) {
            send(failed(t));
        }
        return true;
    }

    private void setup(WorkerRequest.Setup setup) throws Exception {
        BindingFactory factory = ServiceLoader.load(BindingFactory.class).stream()
                .map(ServiceLoader.Provider::get)
                .filter(f -> f.variants().contains(setup.variant()))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no binding for variant " + setup.variant()
                        + " on this worker's classpath"));
        binding = factory.open(setup.variant(), setup.binding());
        UserCrud crud = binding.userCrud(setup.plan().keyspace());
        runner = new CrudRunner(crud, setup.plan(), setup.variant(), new RunListener() {
            @Override
            public void repetitionDone(String variant, int cycle, CrudOperation operation, int repetition,
                                       long count, long errors, long totalNanos) {
                send(new WorkerEvent.Progress(cycle, operation.label(), repetition, count, errors, totalNanos));
            }
        });
        long start = System.nanoTime();
        runner.warmup();
        long warmupNanos = System.nanoTime() - start;
        send(new WorkerEvent.Ready(binding.library(), WorkerJvm.current(), binding.audit(), warmupNanos));
    }

    private CrudRunner runner() {
        if (runner == null) {
            throw new IllegalStateException("cycle requested before a successful setup");
        }
        return runner;
    }

    private void closeBinding() {
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
