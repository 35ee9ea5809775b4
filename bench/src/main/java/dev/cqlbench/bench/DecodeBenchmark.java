package dev.cqlbench.bench;

import com.datastax.driver.core.Cluster;
import com.datastax.driver.core.ColumnDefinitions;
import com.datastax.driver.core.ExecutionInfo;
import com.datastax.driver.core.ResultSet;
import com.datastax.driver.core.Session;
import com.datastax.driver.mapping.Mapper;
import com.datastax.driver.mapping.MappingManager;
import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Row;
import com.google.common.util.concurrent.Futures;
import com.google.common.util.concurrent.ListenableFuture;
import dev.cqlbench.binding.Activity;
import dev.cqlbench.binding.ActivityReader;
import dev.cqlbench.binding.ActivitySummary;
import dev.cqlbench.binding.Binding;
import dev.cqlbench.binding.BindingConfig;
import dev.cqlbench.binding.LibraryCatalog;
import dev.cqlbench.binding.driver3.Driver3ActivityReader;
import dev.cqlbench.binding.driver3.Driver3Clusters;
import dev.cqlbench.binding.driver3mapper.ActivityDatastax;
import dev.cqlbench.binding.driver3mapper.ActivitySummaryDatastax;
import dev.cqlbench.binding.driver4.Driver4ActivityReader;
import dev.cqlbench.session.Driver4Sessions;
import dev.cqlbench.binding.driver4mapper.ActivityDao;
import dev.cqlbench.binding.driver4mapper.CqlbenchMapperBuilder;
import dev.cqlbench.binding.springdata.ActivitySpring;
import dev.cqlbench.binding.springdata.ActivitySummarySpring;
import dev.cqlbench.scenario.decode.DecodeSchema;
import dev.cqlbench.server.cassandra.EmbeddedCassandra;
import dev.cqlbench.server.cassandra.EmbeddedCassandraOptions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;
import java.util.stream.Stream;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;
import org.springframework.data.cassandra.core.CassandraTemplate;
import org.springframework.data.cassandra.core.convert.CassandraConverter;

/**
 * The decode path of each binding of the decode scenario (study 02), with no network and no server in the
 * measurement: what turning one row into the library's object costs. Each fork starts a real embedded node, writes
 * the study's row, reads it back through each library exactly as its binding does (same statements, same
 * sessions, same mappers), checks that it decodes to the study's values, then stops the node; what is timed is
 * decoding the rows it kept, again and again. The driver 3 mapper only maps a result set, so its rows are replayed
 * through one that hands out the kept row (the mapper's own query, so its column aliases are those of a real run).
 */
public class DecodeBenchmark extends Measured {

    private static final String KEYSPACE = "cqlbench_decode_bench";

    /** One binding's decoding of the kept rows: all 12 columns, and the 3-column summary. */
    interface Decoder {
        Object activity();

        Object summary();
    }

    @Param({"driver4", "driver4-mapper", "spring-data", "driver3", "driver3-mapper"})
    public String binding;

    private Decoder decoder;

    @Setup
    public void setup() throws Exception {
        Path dir = Files.createTempDirectory("cqlbench-decode-bench");
        ActivityReader reader;
        try (EmbeddedCassandra node = EmbeddedCassandra.start(EmbeddedCassandraOptions.defaults(dir))) {
            BindingConfig config = new BindingConfig(List.of(node.contactPoint()), node.datacenter(), null, null,
                    "LOCAL_ONE", 10_000, Map.of());
            decoder = capture(config);
            reader = reader(config);
        } finally {
            try (Stream<Path> files = Files.walk(dir)) {
                files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
        check(reader);
    }

    private Decoder capture(BindingConfig config) {
        UUID id = DecodeSchema.STUDY_ROW.activityId();
        String table = KEYSPACE + "." + DecodeSchema.TABLE;
        try (CqlSession session = Driver4Sessions.open(config, "decode-bench")) {
            session.execute("CREATE KEYSPACE IF NOT EXISTS " + KEYSPACE
                    + " WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
            session.execute(DecodeSchema.createTable(KEYSPACE));
            session.execute(DecodeSchema.insertStudyRow(KEYSPACE));
            Row full = session.execute(session.prepare("SELECT " + Driver4ActivityReader.ALL_COLUMNS + " FROM "
                    + table + " WHERE activity_id = ?").bind(id)).one();
            Row summary = session.execute(session.prepare("SELECT " + Driver4ActivityReader.SUMMARY_COLUMNS
                    + " FROM " + table + " WHERE activity_id = ?").bind(id)).one();
            switch (binding) {
                case "driver4":
                    return decoder(() -> Driver4ActivityReader.activity(full),
                            () -> Driver4ActivityReader.summary(summary));
                case "driver4-mapper": {
                    ActivityDao dao = new CqlbenchMapperBuilder(session).build()
                            .activityDao(CqlIdentifier.fromCql(KEYSPACE));
                    return decoder(() -> dao.asActivity(full), () -> dao.asSummary(summary));
                }
                case "spring-data": {
                    CassandraConverter converter = new CassandraTemplate(session).getConverter();
                    return decoder(() -> converter.read(ActivitySpring.class, full),
                            () -> converter.read(ActivitySummarySpring.class, summary));
                }
                default:
                    return captureDriver3(config, id, table);
            }
        }
    }

    private Decoder captureDriver3(BindingConfig config, UUID id, String table) {
        try (Cluster cluster = Driver3Clusters.build(config); Session session = cluster.connect(KEYSPACE)) {
            if (binding.equals("driver3")) {
                String all = String.join(", ", DecodeSchema.ACTIVITIES.columnNames());
                com.datastax.driver.core.Row full = session.execute(session.prepare("SELECT " + all + " FROM "
                        + table + " WHERE activity_id = ?").bind(id)).one();
                com.datastax.driver.core.Row summary = session.execute(session.prepare("SELECT activity_id, "
                        + "activity_model_id, activity_state FROM " + table + " WHERE activity_id = ?").bind(id)).one();
                return decoder(() -> Driver3ActivityReader.activity(full),
                        () -> Driver3ActivityReader.summary(summary));
            }
            if (!binding.equals("driver3-mapper")) {
                throw new IllegalArgumentException("no such binding: " + binding);
            }
            MappingManager manager = new MappingManager(session);
            Mapper<ActivityDatastax> full = manager.mapper(ActivityDatastax.class);
            Mapper<ActivitySummaryDatastax> summary = manager.mapper(ActivitySummaryDatastax.class);
            ReplayedResultSet fullRows = new ReplayedResultSet(session.execute(full.getQuery(id)));
            ReplayedResultSet summaryRows = new ReplayedResultSet(session.execute(summary.getQuery(id)));
            return decoder(() -> full.map(fullRows).one(), () -> summary.map(summaryRows).one());
        }
    }

    private static Decoder decoder(java.util.function.Supplier<Object> activity,
                                   java.util.function.Supplier<Object> summary) {
        return new Decoder() {
            @Override
            public Object activity() {
                return activity.get();
            }

            @Override
            public Object summary() {
                return summary.get();
            }
        };
    }

    /**
     * The kept rows must decode to the study's row, compared field by field through the binding's own conversion
     * (the one the decode scenario checks with), before anything is timed.
     */
    private void check(ActivityReader reader) {
        Activity want = DecodeSchema.STUDY_ROW;
        Activity got = reader.toActivity(decoder.activity());
        ActivitySummary summary = reader.toSummary(decoder.summary());
        if (!want.equals(got)) {
            throw new IllegalStateException(binding + " decoded " + got + ", not the study's row " + want);
        }
        if (!new ActivitySummary(want.activityId(), want.activityModelId(), want.activityState()).equals(summary)) {
            throw new IllegalStateException(binding + " decoded the summary " + summary + ", not the study's");
        }
    }

    /** The binding's reader, as the decode scenario opens it (found like a worker finds it, by its declaration). */
    private ActivityReader reader(BindingConfig config) throws Exception {
        try (Binding opened = LibraryCatalog.onClasspath(getClass().getClassLoader()).open(binding, config)) {
            return opened.open(new ActivityReader.On(KEYSPACE));
        }
    }

    @Benchmark
    public Object activity() {
        return decoder.activity();
    }

    @Benchmark
    public Object summary() {
        return decoder.summary();
    }

    /** A result set of one row that hands out the same row on every {@link #one()}: what a read returns, replayed. */
    static final class ReplayedResultSet implements ResultSet {
        private final ResultSet read;
        private final com.datastax.driver.core.Row row;

        ReplayedResultSet(ResultSet read) {
            this.read = read;
            this.row = Objects.requireNonNull(read.one(), "the study's row was not read back");
        }

        @Override
        public com.datastax.driver.core.Row one() {
            return row;
        }

        @Override
        public ColumnDefinitions getColumnDefinitions() {
            return read.getColumnDefinitions();
        }

        @Override
        public boolean wasApplied() {
            return true;
        }

        @Override
        public boolean isExhausted() {
            return false;
        }

        @Override
        public boolean isFullyFetched() {
            return true;
        }

        @Override
        public int getAvailableWithoutFetching() {
            return 1;
        }

        @Override
        public ListenableFuture<ResultSet> fetchMoreResults() {
            return Futures.immediateFuture(this);
        }

        @Override
        public List<com.datastax.driver.core.Row> all() {
            return List.of(row);
        }

        @Override
        public Iterator<com.datastax.driver.core.Row> iterator() {
            return List.of(row).iterator();
        }

        @Override
        public ExecutionInfo getExecutionInfo() {
            return read.getExecutionInfo();
        }

        @Override
        public List<ExecutionInfo> getAllExecutionInfo() {
            return read.getAllExecutionInfo();
        }
    }
}
