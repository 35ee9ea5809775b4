package dev.cqlbench.binding.springdata;

import com.datastax.oss.driver.api.core.CqlSession;
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
import dev.cqlbench.session.Driver4Sessions;
import java.util.UUID;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.data.cassandra.core.AsyncCassandraTemplate;
import org.springframework.data.cassandra.core.CassandraTemplate;

/**
 * Spring Data Cassandra without Spring Boot. {@code spring-data}: CassandraTemplate insert / selectOneById /
 * update / deleteById, and AsyncCassandraTemplate for --mode async; {@code spring-data-repository}: a CrudRepository's save / findById / save / deleteById.
 * The session is built exactly as the driver4 binding builds its own.
 */
public final class SpringDataBinding extends Binding {

    private static final String REPOSITORY = "spring-data-repository";

    private AnnotationConfigApplicationContext context;
    private CqlSession session;

    public SpringDataBinding(Library library, BindingConfig config) {
        super(library, config);
        offer(UserCrud.class, (UserCrud.On on) -> userCrud(on.keyspace()));
        offer(ActivityReader.class, (ActivityReader.On on) -> activityReader(on.keyspace()));
        offer(ProfileTable.class, (ProfileTable.On on) -> profileTable(on));
    }

    private ProfileTable profileTable(ProfileTable.On on) throws Exception {
        CassandraTemplate template = context(on.keyspace()).getBean(CassandraTemplate.class);
        recordFacts(template);
        boolean repository = library().name().equals(REPOSITORY);
        SpringDataProfileTable table = new SpringDataProfileTable(template, session, on.profile(), on.keyspace(),
                repository);
        audit.put("mapping", "@Table entity" + (repository ? " and a CassandraRepository with an @Query per query"
                : "") + " made from the table's definition, compiled when the worker started");
        if (repository) {
            audit.put("writes", "insert(entity) (INSERT; save() would send UPDATE)");
            audit.put("queries", "the repository's @Query methods; reads findById(MapId)");
            audit.put("batches", "none (a repository writes one entity per statement)");
            return table;
        }
        boolean conditional = dev.cqlbench.profile.Statements.updates(on.profile());
        audit.put("writes", (on.profile().counterTable() ? "update(Query, Update.increment)"
                : conditional ? "update(entity, UpdateOptions.ifCondition(Filter of Criteria))"
                : on.profile().insert().condition() != null ? "insert(entity, InsertOptions.withIfNotExists())"
                : "insert(entity)") + "; several rows: batchOps(" + on.profile().insert().batchType()
                + (conditional ? ").update(entities, options)" : ").insert(entities)"));
        audit.put("queries", "CqlOperations.query(cql, RowMapper, args): the converter's entity for whole rows, "
                + "queryForList (column maps) otherwise");
        audit.put("batches", Features.rowsPerInsertMax(on.profile()) > 1 ? on.profile().insert().batchType()
                + " batchOps of the entities" : "none (one row per insert)");
        return table;
    }

    /** Spring's mapping needs the keyspace in the session, so the context starts once the keyspace is known. */
    private AnnotationConfigApplicationContext context(String keyspace) {
        if (context == null) {
            session = Driver4Sessions.open(config(), "cqlbench-" + library().name(), keyspace);
            AnnotationConfigApplicationContext created = new AnnotationConfigApplicationContext();
            created.registerBean(CqlSession.class, () -> session);
            created.register(SpringDataConfiguration.class);
            created.refresh();
            context = created;
        }
        return context;
    }

    @Override
    public String version() {
        return String.valueOf(CassandraTemplate.class.getPackage().getImplementationVersion());
    }

    private UserCrud userCrud(String keyspace) {
        AnnotationConfigApplicationContext spring = context(keyspace);
        CassandraTemplate template = spring.getBean(CassandraTemplate.class);
        recordFacts(template);
        if (library().name().equals(REPOSITORY)) {
            UserRepository repository = spring.getBean(UserRepository.class);
            audit.put("writes", "save(): UPDATE statements (an entity with an id is not new to Spring), "
                    + "so write and update both send UPDATE");
            return UserCrud.of(
                    user -> repository.save(entity(user)),
                    id -> repository.findById(id).map(SpringDataBinding::user).orElse(null),
                    user -> repository.save(entity(user)),
                    repository::deleteById);
        }
        // the same converter (and mapping context) as the synchronous template
        AsyncCassandraTemplate async = new AsyncCassandraTemplate(session, template.getConverter());
        return AsyncUserCrud.of(UserCrud.of(
                        user -> template.insert(entity(user)),
                        id -> user(template.selectOneById(id, UserSpring.class)),
                        user -> template.update(entity(user)),
                        id -> template.deleteById(id, UserSpring.class)),
                user -> async.insert(entity(user)),
                id -> async.selectOneById(id, UserSpring.class).thenApply(SpringDataBinding::user),
                user -> async.update(entity(user)),
                id -> async.deleteById(id, UserSpring.class));
    }

    private ActivityReader activityReader(String keyspace) {
        CassandraTemplate template = context(keyspace).getBean(CassandraTemplate.class);
        recordFacts(template);
        audit.put("decoding", "MappingCassandraConverter into mutable @Table objects");
        return new ActivityReader() {
            @Override
            public Object readActivity(UUID activityId) {
                return template.selectOneById(activityId, ActivitySpring.class);
            }

            @Override
            public Object readSummary(UUID activityId) {
                return template.selectOneById(activityId, ActivitySummarySpring.class);
            }

            @Override
            public Activity toActivity(Object decoded) {
                ActivitySpring e = (ActivitySpring) decoded;
                return new Activity(e.activityId, e.activityModelId, e.activityState, e.assetId,
                        e.attrs, e.creationTime, e.customerId, e.endTime, e.lastModifiedTime,
                        e.personId, e.poiId, e.startTime);
            }

            @Override
            public ActivitySummary toSummary(Object decoded) {
                ActivitySummarySpring e = (ActivitySummarySpring) decoded;
                return new ActivitySummary(e.activityId, e.activityModelId, e.activityState);
            }
        };
    }

    private void recordFacts(CassandraTemplate template) {
        audit.put("statements", template.isUsePreparedStatements()
                ? "prepared (CassandraTemplate.usePreparedStatements; the driver caches each prepared query)"
                : "unprepared");
        audit.put("preparedStatements", "one per query shape, prepared on first use");
        Driver4Sessions.recordSessionFacts(session, config(), audit);
    }

    private static UserSpring entity(User user) {
        return UserSpring.of(user);
    }

    private static User user(UserSpring e) {
        return e == null ? null : new User(e.id, e.firstName, e.lastName, e.city);
    }

    @Override
    public void close() {
        if (context != null) {
            context.close();
        }
        if (session != null) {
            session.close();
        }
    }
}
