package dev.cqlbench.app.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import dev.cqlbench.app.orchestrate.Layout;
import dev.cqlbench.app.orchestrate.WorkerProcess;
import dev.cqlbench.binding.BindingConfig;
import dev.cqlbench.session.Driver4Sessions;
import dev.cqlbench.result.OperationDistribution;
import dev.cqlbench.run.Variant;
import dev.cqlbench.scenario.Variants;
import dev.cqlbench.binding.UserCrud;
import dev.cqlbench.scenario.crud.CrudOptions;
import dev.cqlbench.worker.WorkerRequest;
import dev.cqlbench.scenario.crud.CrudOperation;
import dev.cqlbench.scenario.crud.CrudPlan;
import dev.cqlbench.scenario.crud.CrudSchema;
import dev.cqlbench.server.cassandra.EmbeddedCassandra;
import dev.cqlbench.testkit.EmbeddedCassandraExtension;
import dev.cqlbench.testkit.TestNode;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every variant writes users in its own worker JVM, and the next variant in the catalog reads them back equal
 * (and deletes them) in its own: what one library writes, another reads the same. The ring closes, so every
 * variant is both a writer and a reader.
 */
@ExtendWith(EmbeddedCassandraExtension.class)
class CrossVariantIT {

    private static final String KEYSPACE = "cross_variant";
    private static final int USERS = 50;

    @Test
    void whatOneVariantWritesEveryOtherReadsBackEqual(EmbeddedCassandra node, @TempDir Path logs) throws Exception {
        BindingConfig config = TestNode.config(node, 10_000);
        try (CqlSession session = Driver4Sessions.open(config, "cross-variant-schema")) {
            session.execute(TestNode.createKeyspace(KEYSPACE));
            session.execute(CrudSchema.createTable(KEYSPACE));
        }
        Layout layout = Layout.fromSystemProperty();
        List<Variant> ring = Variants.ofLibraries(layout.catalog(), UserCrud.class);
        assertThat(ring).as("every declared library with users").hasSizeGreaterThanOrEqualTo(8);
        // each pair (a writer, then the next variant reading its stream back) is independent of the others: two at
        // a time, so the machine's two cores start worker JVMs side by side
        java.util.concurrent.ExecutorService pairs = java.util.concurrent.Executors.newFixedThreadPool(2);
        try {
            List<java.util.concurrent.Future<?>> done = new java.util.ArrayList<>();
            for (int i = 0; i < ring.size(); i++) {
                Variant writer = ring.get(i);
                Variant reader = ring.get((i + 1) % ring.size());
                done.add(pairs.submit(() -> {
                    pair(layout, writer, reader, config, logs);
                    return null;
                }));
            }
            for (java.util.concurrent.Future<?> f : done) {
                try {
                    f.get();
                } catch (java.util.concurrent.ExecutionException e) {
                    if (e.getCause() instanceof Error err) {
                        throw err;
                    }
                    throw (Exception) e.getCause();
                }
            }
        } finally {
            pairs.shutdownNow();
        }
        try (CqlSession session = Driver4Sessions.open(config, "cross-variant-check")) {
            assertThat(session.execute("SELECT count(*) FROM " + KEYSPACE + ".user").one().getLong(0)).isZero();
        }
    }

    /** {@code writer} writes its stream of users; {@code reader} reads them back equal and deletes them. */
    private static void pair(Layout layout, Variant writer, Variant reader, BindingConfig config, Path logs)
            throws Exception {
        String stream = "written-by-" + writer.name();
        List<OperationDistribution> written = run(layout, writer, config, logs.resolve("write"),
                plan(stream, List.of(CrudOperation.WRITE)));
        assertThat(written).singleElement().satisfies(op -> {
            assertThat(op.count()).isEqualTo(USERS);
            assertThat(op.errors()).as(writer.name() + " writes " + op.errorsByKind()).isZero();
        });

        List<OperationDistribution> read = run(layout, reader, config, logs.resolve("read"),
                plan(stream, List.of(CrudOperation.READ, CrudOperation.DELETE)));
        assertThat(read).extracting(OperationDistribution::operation).containsExactly("read", "delete");
        assertThat(read).allSatisfy(op -> {
            assertThat(op.count()).isEqualTo(USERS);
            assertThat(op.errors()).as(reader.name() + " " + op.operation() + " of what "
                    + writer.name() + " wrote: " + op.errorsByKind()).isZero();
        });
    }

    private static CrudPlan plan(String stream, List<CrudOperation> operations) {
        return new CrudOptions().only(operations).userStream(stream).with("--ops", Integer.toString(USERS),
                "--repetitions", "1", "--cycles", "1", "--warmup-ops", "0", "--seed", "7", "--keyspace", KEYSPACE)
                .plan();
    }

    /** One cycle of {@code plan} by {@code variant}'s worker: its distributions. */
    private static List<OperationDistribution> run(Layout layout, Variant variant, BindingConfig config, Path logs,
                                                   CrudPlan plan) throws Exception {
        java.nio.file.Files.createDirectories(logs);
        try (WorkerProcess worker = WorkerProcess.start(layout, variant, List.of("-Xmx256m"),
                logs.resolve(variant.name() + ".log"))) {
            worker.setup(WorkerRequest.Setup.of("crud", variant, config, plan, logs.toString()),
                    Duration.ofMinutes(2), () -> false);
            return worker.runCycle(0, false, true, Duration.ofMinutes(2), () -> false, p -> { }).distributions();
        }
    }
}
