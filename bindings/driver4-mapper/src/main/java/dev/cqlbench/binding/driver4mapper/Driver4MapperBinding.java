package dev.cqlbench.binding.driver4mapper;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.session.Session;
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
import dev.cqlbench.profile.Statements;
import dev.cqlbench.session.Driver4Sessions;
import java.util.UUID;

/** The driver 4.x object mapper: entities and a generated DAO over the same session settings as driver4. */
public final class Driver4MapperBinding extends Binding {

    private final CqlSession session;
    private final CqlbenchMapper mapper;

    public Driver4MapperBinding(Library library, BindingConfig config) {
        super(library, config);
        this.session = Driver4Sessions.open(config, "cqlbench-" + library.name());
        this.mapper = new CqlbenchMapperBuilder(session).build();
        offer(UserCrud.class, (UserCrud.On on) -> userCrud(on.keyspace()));
        offer(ActivityReader.class, (ActivityReader.On on) -> activityReader(on.keyspace()));
        offer(ProfileTable.class, (ProfileTable.On on) -> profileTable(on));
    }

    private ProfileTable profileTable(ProfileTable.On on) throws Exception {
        Driver4MapperProfileTable table = new Driver4MapperProfileTable(session, on.profile(), on.keyspace());
        Driver4Sessions.recordSessionFacts(session, config(), audit);
        audit.put("statements", "prepared (the generated DAO prepares each method's statement when built)");
        audit.put("mapping", "@Entity and @Dao made from the table's definition, compiled with the mapper's "
                + "annotation processor when the worker started; " + (Statements.updates(on.profile())
                ? "@Update(customIfClause)" : "@Insert" + (on.profile().insert().condition() != null
                ? "(ifNotExists = true)" : "")) + (on.profile().counterTable() ? ", @Increment" : "") + ", @Select by "
                + "primary key, @Query per query (entities for whole rows, the ResultSet decoded otherwise)");
        audit.put("batches", Features.rowsPerInsertMax(on.profile()) > 1 ? on.profile().insert().batchType()
                + " BatchStatement of the DAO's @Insert statements" : "none (one row per insert)");
        return table;
    }

    @Override
    public String version() {
        return Session.OSS_DRIVER_COORDINATES.getVersion().toString();
    }

    private UserCrud userCrud(String keyspace) {
        UserDao dao = mapper.userDao(CqlIdentifier.fromCql(keyspace));
        recordFacts("8 (the DAO prepares each method's statement when built: 4 sync + 4 async)");
        return AsyncUserCrud.of(UserCrud.of(
                        user -> dao.insert(entity(user)),
                        id -> user(dao.findById(id)),
                        user -> dao.update(entity(user)),
                        dao::deleteById),
                user -> dao.insertAsync(entity(user)),
                id -> dao.findByIdAsync(id).thenApply(Driver4MapperBinding::user),
                user -> dao.updateAsync(entity(user)),
                dao::deleteByIdAsync);
    }

    private ActivityReader activityReader(String keyspace) {
        ActivityDao dao = mapper.activityDao(CqlIdentifier.fromCql(keyspace));
        recordFacts("2 (the DAO prepares each @Select when built)");
        audit.put("decoding", "generated entity helpers into mutable @Entity objects");
        return new ActivityReader() {
            @Override
            public Object readActivity(UUID activityId) {
                return dao.findById(activityId);
            }

            @Override
            public Object readSummary(UUID activityId) {
                return dao.findSummaryById(activityId);
            }

            @Override
            public Activity toActivity(Object decoded) {
                ActivityEntity e = (ActivityEntity) decoded;
                return new Activity(e.getActivityId(), e.getActivityModelId(), e.getActivityState(), e.getAssetId(),
                        e.getAttrs(), e.getCreationTime(), e.getCustomerId(), e.getEndTime(), e.getLastModifiedTime(),
                        e.getPersonId(), e.getPoiId(), e.getStartTime());
            }

            @Override
            public ActivitySummary toSummary(Object decoded) {
                ActivitySummaryEntity e = (ActivitySummaryEntity) decoded;
                return new ActivitySummary(e.getActivityId(), e.getActivityModelId(), e.getActivityState());
            }
        };
    }

    private void recordFacts(String prepared) {
        audit.put("statements", "prepared");
        audit.put("preparedStatements", prepared);
        Driver4Sessions.recordSessionFacts(session, config(), audit);
        audit.put("nullSaving", "DO_NOT_SET (mapper default)");
    }

    private static UserEntity entity(User user) {
        return new UserEntity(user.id(), user.firstName(), user.lastName(), user.city());
    }

    private static User user(UserEntity e) {
        return e == null ? null : new User(e.getId(), e.getFirstName(), e.getLastName(), e.getCity());
    }

    @Override
    public void close() {
        session.close();
    }
}
