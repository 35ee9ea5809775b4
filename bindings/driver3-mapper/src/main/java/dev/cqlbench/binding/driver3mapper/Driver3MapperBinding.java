package dev.cqlbench.binding.driver3mapper;

import com.datastax.driver.core.Cluster;
import com.datastax.driver.core.HostDistance;
import com.datastax.driver.core.Session;
import com.datastax.driver.mapping.Mapper;
import com.datastax.driver.mapping.MappingManager;
import dev.cqlbench.binding.Activity;
import dev.cqlbench.binding.ActivityReader;
import dev.cqlbench.binding.ActivitySummary;
import dev.cqlbench.binding.AsyncUserCrud;
import dev.cqlbench.binding.Binding;
import dev.cqlbench.binding.BindingConfig;
import dev.cqlbench.binding.Library;
import dev.cqlbench.binding.User;
import dev.cqlbench.binding.UserCrud;
import dev.cqlbench.profile.Features;
import dev.cqlbench.profile.ProfileTable;
import dev.cqlbench.binding.driver3.Driver3Clusters;
import dev.cqlbench.binding.driver3.Futures3;
import java.time.Instant;
import java.util.Date;
import java.util.UUID;

/** Study 01's "Datastax ORM": {@code Mapper<T>} save / get / save / delete, as the study's code does. */
public final class Driver3MapperBinding extends Binding {

    private final Cluster cluster;
    private Session session;

    public Driver3MapperBinding(Library library, BindingConfig config) {
        super(library, config);
        this.cluster = Driver3Clusters.build(config);
        offer(UserCrud.class, (UserCrud.On on) -> userCrud(on.keyspace()));
        offer(ActivityReader.class, (ActivityReader.On on) -> activityReader(on.keyspace()));
        offer(ProfileTable.class, (ProfileTable.On on) -> profileTable(on));
    }

    private ProfileTable profileTable(ProfileTable.On on) throws Exception {
        manager(on.keyspace());
        Driver3MapperProfileTable table = new Driver3MapperProfileTable(session, on.profile(), on.keyspace());
        recordFacts();
        audit.put("mapping", "@Table entity and an @Accessor with an @Query per query, made from the table's "
                + "definition and compiled when the worker started");
        audit.put("writes", on.profile().insert().condition() != null
                ? "saveQuery(entity, Option.ifNotExists(true)), executed for wasApplied" : "Mapper.save(entity)");
        audit.put("batches", Features.rowsPerInsertMax(on.profile()) > 1 ? on.profile().insert().batchType()
                + " BatchStatement of the mapper's saveQuery statements" : "none (one row per insert)");
        return table;
    }

    /** The mapper takes the keyspace from the session, so the session is opened once the keyspace is known. */
    private MappingManager manager(String keyspace) {
        if (session == null) {
            session = cluster.connect(keyspace);
        }
        return new MappingManager(session);
    }

    @Override
    public String version() {
        return Cluster.getDriverVersion();
    }

    private UserCrud userCrud(String keyspace) {
        Mapper<UserDatastax> mapper = manager(keyspace).mapper(UserDatastax.class);
        recordFacts();
        return AsyncUserCrud.of(UserCrud.of(
                        user -> mapper.save(entity(user)),
                        id -> user(mapper.get(id)),
                        user -> mapper.save(entity(user)),
                        id -> mapper.delete(id)),
                user -> Futures3.toStage(mapper.saveAsync(entity(user))),
                id -> Futures3.toStage(mapper.getAsync(id)).thenApply(Driver3MapperBinding::user),
                user -> Futures3.toStage(mapper.saveAsync(entity(user))),
                id -> Futures3.toStage(mapper.deleteAsync(id)));
    }

    private ActivityReader activityReader(String keyspace) {
        MappingManager manager = manager(keyspace);
        Mapper<ActivityDatastax> full = manager.mapper(ActivityDatastax.class);
        Mapper<ActivitySummaryDatastax> summary = manager.mapper(ActivitySummaryDatastax.class);
        recordFacts();
        audit.put("decoding", "reflection-based Mapper into mutable annotated objects");
        return new ActivityReader() {
            @Override
            public Object readActivity(UUID activityId) {
                return full.get(activityId);
            }

            @Override
            public Object readSummary(UUID activityId) {
                return summary.get(activityId);
            }

            @Override
            public Activity toActivity(Object decoded) {
                ActivityDatastax e = (ActivityDatastax) decoded;
                return new Activity(e.getActivityId(), e.getActivityModelId(), e.getActivityState(), e.getAssetId(),
                        e.getAttrs(), instant(e.getCreationTime()), e.getCustomerId(), instant(e.getEndTime()),
                        instant(e.getLastModifiedTime()), e.getPersonId(), e.getPoiId(), instant(e.getStartTime()));
            }

            @Override
            public ActivitySummary toSummary(Object decoded) {
                ActivitySummaryDatastax e = (ActivitySummaryDatastax) decoded;
                return new ActivitySummary(e.getActivityId(), e.getActivityModelId(), e.getActivityState());
            }
        };
    }

    private static Instant instant(Date date) {
        return date == null ? null : date.toInstant();
    }

    private void recordFacts() {
        audit.put("statements", "prepared (the Mapper prepares each query shape on first use and caches it)");
        audit.put("preparedStatements", "one per query shape used (save, get, delete)");
        audit.put("consistency", config().consistency() + " (cluster default; the study's @Table said QUORUM)");
        audit.put("protocolVersion",
                cluster.getConfiguration().getProtocolOptions().getProtocolVersion().toString());
        audit.put("routing", "TokenAwarePolicy(DCAwareRoundRobinPolicy)");
        audit.put("localDatacenter", config().localDatacenter());
        audit.put("batches", "none");
        audit.put("nullSaving", "null fields saved as nulls (Mapper default; users have none)");
        audit.put("connectionsPerNode",
                String.valueOf(cluster.getConfiguration().getPoolingOptions().getCoreConnectionsPerHost(HostDistance.LOCAL)));
    }

    private static UserDatastax entity(User user) {
        return new UserDatastax(user.id(), user.firstName(), user.lastName(), user.city());
    }

    private static User user(UserDatastax e) {
        return e == null ? null : new User(e.getId(), e.getFirstName(), e.getLastName(), e.getCity());
    }

    @Override
    public void close() {
        if (session != null) {
            session.close();
        }
        cluster.close();
    }
}
