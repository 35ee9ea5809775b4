package dev.cqlbench.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.cqlbench.binding.ActivityReader;
import dev.cqlbench.binding.AsyncUserCrud;
import dev.cqlbench.binding.Binding;
import dev.cqlbench.binding.BindingConfig;
import dev.cqlbench.binding.Capability;
import dev.cqlbench.binding.KeyValueStore;
import dev.cqlbench.binding.Library;
import dev.cqlbench.binding.LibraryCatalog;
import dev.cqlbench.binding.OrderStore;
import dev.cqlbench.binding.RowWriter;
import dev.cqlbench.binding.User;
import dev.cqlbench.binding.UserCrud;
import dev.cqlbench.measure.AuditedCounts;
import dev.cqlbench.measure.ServerAudit;
import dev.cqlbench.measure.ServerCounters;
import dev.cqlbench.result.ObservedAudit;
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
 * The contract every binding passes against a real embedded node: it opens as its module declares it, offers exactly
 * the capabilities it declares, what it writes reads back equal, updates are visible, deletes leave nothing. A
 * binding's integration test extends this and names the library it tests.
 */
@ExtendWith(EmbeddedCassandraExtension.class)
public abstract class UserCrudContract {

    protected static final String KEYSPACE = "contract";

    /** Runs CQL statements, in order, through whatever the binding's module has at hand (one connection for all). */
    @FunctionalInterface
    public interface Cql {
        void execute(BindingConfig config, List<String> statements) throws Exception;
    }

    private final String library;
    private final Cql cql;
    private Binding binding;
    private UserCrud crud;
    private BindingConfig config;

    /**
     * @param library the declared library under test, e.g. {@code driver4}
     * @param cql     how its module runs plain CQL (schema, and rows written behind the binding's back)
     */
    protected UserCrudContract(String library, Cql cql) {
        this.library = library;
        this.cql = cql;
    }

    private String library() {
        return library;
    }

    private void execute(BindingConfig config, List<String> statements) throws Exception {
        cql.execute(config, statements);
    }

    /** Schema and the study 02 row are set up once per test JVM: opening connections is what tests wait on. */
    private static volatile boolean schemaReady;

    protected static BindingConfig config(EmbeddedCassandra node) {
        return TestNode.config(node, 10_000);
    }

    @BeforeEach
    void openBinding(EmbeddedCassandra node) throws Exception {
        config = config(node);
        if (!schemaReady) {
            execute(config, List.of(TestNode.createKeyspace(KEYSPACE), CrudSchema.createTable(KEYSPACE), DecodeSchema.createTable(KEYSPACE),
                    DecodeSchema.insertStudyRow(KEYSPACE)));
            schemaReady = true;
        }
        binding = LibraryCatalog.open(declared(), config);
        crud = binding.open(new UserCrud.On(KEYSPACE));
    }

    /** The library as its module declares it, found on this module's classpath as a worker finds it. */
    private Library declared() {
        return LibraryCatalog.onClasspath(getClass().getClassLoader()).find(library())
                .orElseThrow(() -> new AssertionError(library() + " is not declared in " + LibraryCatalog.RESOURCE));
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
    void theBindingOpensExactlyWhatItsLibraryDeclares() {
        Library library = declared();
        // one binding class may serve several libraries (spring-data's template and repository): it offers what
        // any of them declares, and opens for each only what that one declares
        assertThat(binding.offered()).as("every declared capability is offered").containsAll(library.capabilities());
        assertThat(crud instanceof AsyncUserCrud).as("declared async").isEqualTo(library.async());
        for (Capability<?> request : List.of(new UserCrud.On(KEYSPACE), new ActivityReader.On(KEYSPACE),
                new RowWriter.On(KEYSPACE, "async"), new KeyValueStore.On(KEYSPACE, 1),
                new OrderStore.Spec(KEYSPACE, OrderStore.Spec.LINE_ITEMS, 1, 1, OrderStore.Spec.DURABLE))) {
            if (!library.implementsCapability(request.type())) {
                assertThatThrownBy(() -> binding.open(request)).isInstanceOf(Capability.Unsupported.class)
                        .hasMessageContaining(library.name() + " does not implement " + Capability.name(request.type()));
            }
        }
    }

    @Test
    void asyncOperationsRoundTripWhenTheLibraryHasThem() throws Exception {
        Assumptions.assumeTrue(declared().async(), library() + " is sync only: it has no asynchronous API");
        AsyncUserCrud async = (AsyncUserCrud) crud;
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
        Assumptions.assumeTrue(declared().implementsCapability(ActivityReader.class),
                library() + " does not implement decode");
        ActivityReader reader = binding.open(new ActivityReader.On(KEYSPACE));
        UUID id = DecodeSchema.STUDY_ROW.activityId();
        assertThat(reader.toActivity(reader.readActivity(id))).isEqualTo(DecodeSchema.STUDY_ROW);
        assertThat(reader.toSummary(reader.readSummary(id))).isEqualTo(DecodeSchema.STUDY_ROW.summary());
        assertThat(reader.readActivity(UUID.randomUUID())).isNull();
    }

    @Test
    void theServerCountsWhatTheAuditDeclares(EmbeddedCassandra node) throws Exception {
        User[] users = UserGenerator.users(4, getClass().getName(), 0, 40);
        Map<String, AuditedCounts> counted = new java.util.LinkedHashMap<>();
        try (ServerAudit audit = ServerAudit.connect(List.of("127.0.0.1:" + node.jmxPort()))) {
            counted.put("write", counted(audit, users, crud::insert));
            counted.put("read", counted(audit, users, u -> assertThat(crud.read(u.id())).isEqualTo(u)));
            counted.put("update", counted(audit, users, u -> crud.update(UserGenerator.updated(u))));
            counted.put("delete", counted(audit, users, u -> crud.delete(u.id())));
        }
        counted.forEach((operation, counts) -> {
            assertThat(counts.operations()).as(operation + " audited").isEqualTo(users.length);
            assertThat(ObservedAudit.mismatches(binding.audit(), operation, counts))
                    .as("declared %s, counted %s", binding.audit(), counts).isEmpty();
            // the server saw every operation: one request or more each (a batch or a read-before-write is more)
            long requests = counts.count("request.read") + counts.count("request.write");
            assertThat(requests).as(operation + " requests").isGreaterThanOrEqualTo(users.length);
        });
    }

    /** What the server counted while {@code each} ran on every user, as a run's audited block records it. */
    private static AuditedCounts counted(ServerAudit audit, User[] users, UserAction each) throws Exception {
        ServerCounters.Counted before = audit.read();
        for (User user : users) {
            each.run(user);
        }
        return audit.counted(before, users.length);
    }

    @FunctionalInterface
    private interface UserAction {
        void run(User user) throws Exception;
    }

    @Test
    void auditNamesWhatTheBindingSends() {
        Map<String, String> audit = binding.audit();
        assertThat(audit.get("statements")).as("statements").matches("(prepared|unprepared)\\b.*");
        assertThat(audit.get("consistency")).as("consistency").startsWith(config.consistency());
        assertThat(audit.get("protocolVersion")).as("protocolVersion").matches("V\\d+");
        assertThat(binding.version()).matches("\\d+\\.\\d+.*");
    }
}
