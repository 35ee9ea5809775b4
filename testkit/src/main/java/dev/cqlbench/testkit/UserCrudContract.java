package dev.cqlbench.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cqlbench.binding.ActivityReader;
import dev.cqlbench.binding.AsyncUserCrud;
import dev.cqlbench.binding.Binding;
import dev.cqlbench.binding.BindingConfig;
import dev.cqlbench.binding.User;
import dev.cqlbench.binding.UserCrud;
import dev.cqlbench.scenario.crud.CrudSchema;
import dev.cqlbench.scenario.crud.UserGenerator;
import dev.cqlbench.scenario.decode.DecodeSchema;
import dev.cqlbench.server.cassandra.EmbeddedCassandra;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The contract every binding passes against a real embedded node: what it writes reads back equal, updates
 * are visible, deletes leave nothing. A binding's integration test extends this and says how to open it.
 */
@ExtendWith(EmbeddedCassandraExtension.class)
public abstract class UserCrudContract {

    protected static final String KEYSPACE = "contract";

    private Binding binding;
    private UserCrud crud;
    private BindingConfig config;

    /** Opens the binding under test. */
    protected abstract Binding open(BindingConfig config) throws Exception;

    /** Runs CQL statements, in order, through whatever the test has at hand (one connection for all). */
    protected abstract void execute(BindingConfig config, List<String> statements) throws Exception;

    /** Schema and the study 02 row are set up once per test JVM: opening connections is what tests wait on. */
    private static volatile boolean schemaReady;

    protected static BindingConfig config(EmbeddedCassandra node) {
        return new BindingConfig(List.of(node.contactPoint()), node.datacenter(), null, null, "LOCAL_ONE", 10_000,
                Map.of());
    }

    @BeforeEach
    void openBinding(EmbeddedCassandra node) throws Exception {
        config = config(node);
        if (!schemaReady) {
            execute(config, List.of("CREATE KEYSPACE IF NOT EXISTS " + KEYSPACE
                            + " WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}",
                    CrudSchema.createTable(KEYSPACE), DecodeSchema.createTable(KEYSPACE),
                    DecodeSchema.insertStudyRow(KEYSPACE)));
            schemaReady = true;
        }
        binding = open(config);
        crud = binding.userCrud(KEYSPACE);
    }

    @AfterEach
    void closeBinding() {
        binding.close();
    }

    @Test
    void writtenUserReadsBackEqualThenUpdatesThenDeletes() throws Exception {
        User user = UserGenerator.users(1, getClass().getName(), 0, 1)[0];
        assertThat(crud.read(user.id())).isNull();
        crud.insert(user);
        assertThat(crud.read(user.id())).isEqualTo(user);
        User updated = UserGenerator.updated(user);
        crud.update(updated);
        assertThat(crud.read(user.id())).isEqualTo(updated);
        crud.delete(user.id());
        assertThat(crud.read(user.id())).isNull();
    }

    @Test
    void asyncOperationsRoundTripWhenTheLibraryHasThem() throws Exception {
        if (!(crud instanceof AsyncUserCrud async)) {
            return;
        }
        User user = UserGenerator.users(2, getClass().getName(), 0, 1)[0];
        async.insertAsync(user).toCompletableFuture().get();
        assertThat(async.readAsync(user.id()).toCompletableFuture().get()).isEqualTo(user);
        User updated = UserGenerator.updated(user);
        async.updateAsync(updated).toCompletableFuture().get();
        assertThat(async.readAsync(user.id()).toCompletableFuture().get()).isEqualTo(updated);
        async.deleteAsync(user.id()).toCompletableFuture().get();
        assertThat(async.readAsync(user.id()).toCompletableFuture().get()).isNull();
    }

    @Test
    void aRowWrittenByPlainCqlReadsBackEqual() throws Exception {
        User user = UserGenerator.users(3, getClass().getName(), 0, 1)[0];
        execute(config, List.of("INSERT INTO " + KEYSPACE + ".user (id, first_name, last_name, city) VALUES ("
                + user.id() + ", '" + user.firstName() + "', '" + user.lastName() + "', '" + user.city() + "')"));
        assertThat(crud.read(user.id())).isEqualTo(user);
        crud.delete(user.id());
        assertThat(crud.read(user.id())).isNull();
    }

    @Test
    void decodesStudy02sRowWhenTheBindingImplementsDecode() throws Exception {
        ActivityReader reader = null;
        try {
            reader = binding.activityReader(KEYSPACE);
        } catch (UnsupportedOperationException notImplemented) {
            Assumptions.abort("this binding does not implement decode");
        }
        UUID id = DecodeSchema.STUDY_ROW.activityId();
        assertThat(reader.toActivity(reader.readActivity(id))).isEqualTo(DecodeSchema.STUDY_ROW);
        assertThat(reader.toSummary(reader.readSummary(id))).isEqualTo(DecodeSchema.STUDY_ROW.summary());
        assertThat(reader.readActivity(UUID.randomUUID())).isNull();
    }

    @Test
    void auditNamesWhatTheBindingSends() {
        assertThat(binding.audit()).containsKeys("statements", "consistency", "protocolVersion");
        assertThat(binding.library().version()).isNotBlank();
    }
}
