package dev.cqlbench.app.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import dev.cqlbench.app.orchestrate.BindingCatalog;
import dev.cqlbench.app.orchestrate.BindingModule;
import dev.cqlbench.app.orchestrate.Layout;
import dev.cqlbench.app.orchestrate.WorkerProcess;
import dev.cqlbench.binding.BindingConfig;
import dev.cqlbench.binding.driver4.Driver4Sessions;
import dev.cqlbench.result.OperationCycle;
import dev.cqlbench.scenario.crud.CrudOperation;
import dev.cqlbench.scenario.crud.CrudPlan;
import dev.cqlbench.scenario.crud.CrudSchema;
import dev.cqlbench.scenario.crud.ExecutionMode;
import dev.cqlbench.server.cassandra.EmbeddedCassandra;
import dev.cqlbench.testkit.EmbeddedCassandraExtension;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
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
        BindingConfig config = new BindingConfig(List.of(node.contactPoint()), node.datacenter(), null, null,
                "LOCAL_ONE", 10_000, Map.of());
        try (CqlSession session = Driver4Sessions.open(config, "cross-variant-schema")) {
            session.execute("CREATE KEYSPACE IF NOT EXISTS " + KEYSPACE
                    + " WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
            session.execute(CrudSchema.createTable(KEYSPACE));
        }
        List<BindingModule> ring = BindingCatalog.forScenario("crud");
        Layout layout = Layout.fromSystemProperty();
        for (int i = 0; i < ring.size(); i++) {
            BindingModule writer = ring.get(i);
            BindingModule reader = ring.get((i + 1) % ring.size());
            String stream = "written-by-" + writer.variant();

            List<OperationCycle> written = run(layout, writer, config, logs,
                    plan(stream, List.of(CrudOperation.WRITE)));
            assertThat(written).singleElement().satisfies(op -> {
                assertThat(op.count()).isEqualTo(USERS);
                assertThat(op.errors()).as(writer.variant() + " writes " + op.errorsByKind()).isZero();
            });

            List<OperationCycle> read = run(layout, reader, config, logs,
                    plan(stream, List.of(CrudOperation.READ, CrudOperation.DELETE)));
            assertThat(read).extracting(OperationCycle::operation).containsExactly("read", "delete");
            assertThat(read).allSatisfy(op -> {
                assertThat(op.count()).isEqualTo(USERS);
                assertThat(op.errors()).as(reader.variant() + " " + op.operation() + " of what "
                        + writer.variant() + " wrote: " + op.errorsByKind()).isZero();
            });
        }
        try (CqlSession session = Driver4Sessions.open(config, "cross-variant-check")) {
            assertThat(session.execute("SELECT count(*) FROM " + KEYSPACE + ".user").one().getLong(0)).isZero();
        }
    }

    private static CrudPlan plan(String stream, List<CrudOperation> operations) {
        return new CrudPlan(USERS, 1, 1, 0, ExecutionMode.SYNC, 1, 7, KEYSPACE, operations, stream);
    }

    private static List<OperationCycle> run(Layout layout, BindingModule variant, BindingConfig config, Path logs,
                                            CrudPlan plan) throws Exception {
        try (WorkerProcess worker = WorkerProcess.start(layout, variant, List.of("-Xmx256m"),
                logs.resolve(variant.variant() + ".log"))) {
            worker.setup(new dev.cqlbench.worker.WorkerRequest.Setup(variant.variant(), config, plan),
                    Duration.ofMinutes(2), () -> false);
            return worker.runCycle(0, Duration.ofMinutes(2), () -> false, p -> { });
        }
    }
}
