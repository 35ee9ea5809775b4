package dev.cqlbench.binding.springdata;

import com.datastax.oss.driver.api.core.CqlSession;
import dev.cqlbench.binding.Activity;
import dev.cqlbench.binding.ActivityReader;
import dev.cqlbench.binding.ActivitySummary;
import dev.cqlbench.binding.AsyncUserCrud;
import dev.cqlbench.binding.Binding;
import dev.cqlbench.binding.BindingConfig;
import dev.cqlbench.binding.LibraryInfo;
import dev.cqlbench.binding.User;
import dev.cqlbench.binding.UserCrud;
import dev.cqlbench.binding.driver4.Driver4Sessions;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletionStage;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.data.cassandra.core.AsyncCassandraTemplate;
import org.springframework.data.cassandra.core.CassandraTemplate;

/**
 * Spring Data Cassandra without Spring Boot. {@code spring-data}: CassandraTemplate insert / selectOneById /
 * update / deleteById, and AsyncCassandraTemplate for --mode async; {@code spring-data-repository}: a CrudRepository's save / findById / save / deleteById.
 * The session is built exactly as the driver4 binding builds its own.
 */
public final class SpringDataBinding implements Binding {

    public static final String TEMPLATE = "spring-data";
    public static final String REPOSITORY = "spring-data-repository";

    private final String variant;
    private final BindingConfig config;
    private AnnotationConfigApplicationContext context;
    private CqlSession session;
    private final Map<String, String> audit = new LinkedHashMap<>();

    SpringDataBinding(String variant, BindingConfig config) {
        this.variant = variant;
        this.config = config;
    }

    /** Spring's mapping needs the keyspace in the session, so the context starts once the keyspace is known. */
    private AnnotationConfigApplicationContext context(String keyspace) {
        if (context == null) {
            session = Driver4Sessions.open(config, "cqlbench-" + variant, keyspace);
            AnnotationConfigApplicationContext created = new AnnotationConfigApplicationContext();
            created.registerBean(CqlSession.class, () -> session);
            created.register(SpringDataConfiguration.class);
            created.refresh();
            context = created;
        }
        return context;
    }

    @Override
    public LibraryInfo library() {
        return new LibraryInfo(variant, variant.equals(TEMPLATE) ? "Spring Data Cassandra, CassandraTemplate"
                : "Spring Data Cassandra, CrudRepository", String.valueOf(CassandraTemplate.class.getPackage().getImplementationVersion()));
    }

    @Override
    public UserCrud userCrud(String keyspace) {
        AnnotationConfigApplicationContext spring = context(keyspace);
        CassandraTemplate template = spring.getBean(CassandraTemplate.class);
        recordFacts(template);
        if (variant.equals(REPOSITORY)) {
            UserRepository repository = spring.getBean(UserRepository.class);
            audit.put("writes", "save(): UPDATE statements (an entity with an id is not new to Spring), "
                    + "so write and update both send UPDATE");
            return new UserCrud() {
                @Override
                public void insert(User user) {
                    repository.save(entity(user));
                }

                @Override
                public User read(UUID id) {
                    return repository.findById(id).map(SpringDataBinding::user).orElse(null);
                }

                @Override
                public void update(User user) {
                    repository.save(entity(user));
                }

                @Override
                public void delete(UUID id) {
                    repository.deleteById(id);
                }
            };
        }
        // the same converter (and mapping context) as the synchronous template
        AsyncCassandraTemplate async = new AsyncCassandraTemplate(session, template.getConverter());
        return new AsyncUserCrud() {
            @Override
            public void insert(User user) {
                template.insert(entity(user));
            }

            @Override
            public User read(UUID id) {
                return user(template.selectOneById(id, UserSpring.class));
            }

            @Override
            public void update(User user) {
                template.update(entity(user));
            }

            @Override
            public void delete(UUID id) {
                template.deleteById(id, UserSpring.class);
            }

            @Override
            public CompletionStage<?> insertAsync(User user) {
                return async.insert(entity(user));
            }

            @Override
            public CompletionStage<User> readAsync(UUID id) {
                return async.selectOneById(id, UserSpring.class).thenApply(SpringDataBinding::user);
            }

            @Override
            public CompletionStage<?> updateAsync(User user) {
                return async.update(entity(user));
            }

            @Override
            public CompletionStage<?> deleteAsync(UUID id) {
                return async.deleteById(id, UserSpring.class);
            }
        };
    }

    @Override
    public ActivityReader activityReader(String keyspace) {
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
                return new Activity(e.getActivityId(), e.getActivityModelId(), e.getActivityState(), e.getAssetId(),
                        e.getAttrs(), e.getCreationTime(), e.getCustomerId(), e.getEndTime(), e.getLastModifiedTime(),
                        e.getPersonId(), e.getPoiId(), e.getStartTime());
            }

            @Override
            public ActivitySummary toSummary(Object decoded) {
                ActivitySummarySpring e = (ActivitySummarySpring) decoded;
                return new ActivitySummary(e.getActivityId(), e.getActivityModelId(), e.getActivityState());
            }
        };
    }

    private void recordFacts(CassandraTemplate template) {
        audit.put("statements", template.isUsePreparedStatements()
                ? "prepared (CassandraTemplate.usePreparedStatements; the driver caches each prepared query)"
                : "unprepared");
        audit.put("preparedStatements", "one per query shape, prepared on first use");
        Driver4Sessions.recordSessionFacts(session, config, audit);
    }

    private static UserSpring entity(User user) {
        return new UserSpring(user.id(), user.firstName(), user.lastName(), user.city());
    }

    private static User user(UserSpring e) {
        return e == null ? null : new User(e.getId(), e.getFirstName(), e.getLastName(), e.getCity());
    }

    @Override
    public Map<String, String> audit() {
        return Collections.unmodifiableMap(new LinkedHashMap<>(audit));
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
