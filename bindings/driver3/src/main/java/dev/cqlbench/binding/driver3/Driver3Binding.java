package dev.cqlbench.binding.driver3;

import com.datastax.driver.core.Cluster;
import com.datastax.driver.core.Session;
import dev.cqlbench.binding.ActivityReader;
import dev.cqlbench.binding.Binding;
import dev.cqlbench.binding.BindingConfig;
import dev.cqlbench.binding.Library;
import dev.cqlbench.binding.UserCrud;
import dev.cqlbench.profile.Features;
import dev.cqlbench.profile.Profile;
import dev.cqlbench.profile.ProfileTable;

/**
 * The DataStax driver 3.x core. {@code driver3}: QueryBuilder statements, not prepared, exactly as study 01's
 * "Datastax Native"; {@code driver3-prepared}: the same operations through prepared statements.
 */
public final class Driver3Binding extends Binding {

    private static final String PREPARED = "driver3-prepared";

    private final Cluster cluster;
    private final Session session;

    public Driver3Binding(Library library, BindingConfig config) {
        super(library, config);
        this.cluster = Driver3Clusters.build(config);
        this.session = Driver3Clusters.connect(cluster);
        offer(UserCrud.class, (UserCrud.On on) -> userCrud(on.keyspace()));
        offer(ActivityReader.class, (ActivityReader.On on) -> activityReader(on.keyspace()));
        offer(ProfileTable.class, (ProfileTable.On on) -> profileTable(on.profile(), on.keyspace()));
    }

    private boolean prepared() {
        return library().name().equals(PREPARED);
    }

    @Override
    public String version() {
        return Cluster.getDriverVersion();
    }

    private UserCrud userCrud(String keyspace) {
        recordFacts(prepared() ? "4" : "0");
        return prepared() ? Driver3PreparedUserCrud.open(session, keyspace)
                : new Driver3QueryBuilderUserCrud(session, keyspace);
    }

    private ActivityReader activityReader(String keyspace) {
        recordFacts(prepared() ? "2" : "0");
        audit.put("decoding",
                "by hand from Row into a record, by column index; the map through a TypeToken constant");
        return new Driver3ActivityReader(session, keyspace, prepared());
    }

    private ProfileTable profileTable(Profile profile, String keyspace) {
        Driver3ProfileTable table = new Driver3ProfileTable(session, profile, keyspace, prepared());
        recordFacts(String.valueOf(table.preparedCount()));
        audit.put("execution", "execute per insert and per query; every column of every row decoded (getObject)");
        audit.put("batches", Features.rowsPerInsertMax(profile) > 1 ? profile.insert().batchType()
                + " BatchStatement when an insert writes several rows" : "none (one row per insert)");
        return table;
    }

    private void recordFacts(String preparedStatements) {
        audit.put("statements", prepared() ? "prepared"
                : "unprepared (QueryBuilder; values sent as bound values, query string parsed by the server each time)");
        audit.put("preparedStatements", preparedStatements);
        audit.put("consistency", config().consistency());
        audit.put("protocolVersion",
                cluster.getConfiguration().getProtocolOptions().getProtocolVersion().toString());
        audit.put("routing", "TokenAwarePolicy(DCAwareRoundRobinPolicy)"
                + (prepared() ? ", routing key from prepared metadata" : ", routing key from table metadata"));
        audit.put("localDatacenter", config().localDatacenter());
        audit.put("batches", "none");
        audit.put("connectionsPerNode", String.valueOf(cluster.getConfiguration().getPoolingOptions()
                .getCoreConnectionsPerHost(com.datastax.driver.core.HostDistance.LOCAL)));
        audit.put("metrics", "driver metrics on (driver 3 default), JMX reporting off");
    }

    @Override
    public void close() {
        session.close();
        cluster.close();
    }
}
