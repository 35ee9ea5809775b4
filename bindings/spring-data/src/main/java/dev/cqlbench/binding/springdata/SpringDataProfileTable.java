package dev.cqlbench.binding.springdata;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.BatchType;
import com.datastax.oss.driver.api.core.metadata.schema.TableMetadata;
import com.datastax.oss.driver.api.core.type.DataType;
import com.datastax.oss.driver.api.core.type.TupleType;
import com.datastax.oss.driver.api.core.type.UserDefinedType;
import dev.cqlbench.binding.driver4.Driver4Values;
import dev.cqlbench.profile.EntityCompiler;
import dev.cqlbench.profile.Features;
import dev.cqlbench.profile.Profile;
import dev.cqlbench.profile.ProfileTable;
import dev.cqlbench.profile.Statements;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.data.cassandra.core.CassandraTemplate;
import dev.cqlbench.profile.Conditions;
import org.springframework.data.cassandra.core.InsertOptions;
import org.springframework.data.cassandra.core.UpdateOptions;
import org.springframework.data.cassandra.core.query.CriteriaDefinition;
import org.springframework.data.cassandra.core.query.Filter;
import org.springframework.data.cassandra.core.convert.CassandraConverter;
import org.springframework.data.cassandra.core.cql.CqlOperations;
import org.springframework.data.cassandra.core.mapping.BasicMapId;
import org.springframework.data.cassandra.core.query.Criteria;
import org.springframework.data.cassandra.core.query.Query;
import org.springframework.data.cassandra.core.query.Update;

/**
 * A user's profile through Spring Data Cassandra's {@link CassandraTemplate}, as its user would write it: an entity
 * made from the table's definition ({@code @Table}, {@code @PrimaryKeyColumn}, {@code @Column}, {@code @CassandraType}
 * for user-defined types and tuples), compiled when the worker starts. An insert is {@code insert} (with
 * {@code InsertOptions.withIfNotExists} for the condition); several rows one {@code batchOps} of the profile's type;
 * a counter an {@code update} with {@code Update.increment}; a read {@code selectOneById} of a {@link BasicMapId};
 * a query the template's {@link CqlOperations} with a row mapper: the converter's entity for whole rows, a column
 * map otherwise.
 */
final class SpringDataProfileTable implements ProfileTable {

    static final String PACKAGE = "cqlbench.generated.springdata";

    private final CassandraTemplate template;
    private final CqlOperations cql;
    private final CassandraConverter converter;
    private final Profile profile;
    private final Class<?> entityClass;
    private final Method of;
    private final Method values;
    private final List<DataType> types = new ArrayList<>();
    private final List<String> fields = new ArrayList<>();
    private final Map<String, String> queries = new LinkedHashMap<>();
    private final BatchType batchType;
    /** A condition on columns as the template takes it (an UPDATE … IF of the entity); null without one. */
    private final UpdateOptions conditional;
    /** The repository's calls ({@code spring-data-repository}); null for the template. */
    private final RepositoryCalls repository;
    private final String keyspace;

    SpringDataProfileTable(CassandraTemplate template, CqlSession session, Profile profile, String keyspace,
                           boolean throughRepository) throws Exception {
        this.template = template;
        this.cql = template.getCqlOperations();
        this.converter = template.getConverter();
        this.profile = profile;
        this.keyspace = keyspace;
        profile.queries().keySet().forEach(q -> queries.put(q, Statements.query(profile, q, keyspace)));
        TableMetadata table = session.getMetadata().getKeyspace(CqlIdentifier.fromCql(Statements.identifier(keyspace)))
                .flatMap(k -> k.getTable(CqlIdentifier.fromCql(Statements.identifier(profile.table()))))
                .orElseThrow(() -> new IllegalStateException("no table " + keyspace + "." + profile.table()));
        List<String> javaTypes = new ArrayList<>();
        for (Profile.Column column : profile.columns()) {
            DataType type = table.getColumn(CqlIdentifier.fromCql(Statements.identifier(column.name()))).orElseThrow()
                    .getType();
            types.add(type);
            fields.add(EntityCompiler.javaName(column.name()));
            javaTypes.add(Driver4Values.javaType(session, type));
        }
        Map<String, String> sources = new LinkedHashMap<>();
        sources.put(PACKAGE + ".ProfileRow", entity(javaTypes));
        if (throughRepository) {
            sources.put(PACKAGE + ".ProfileRepository", repository(javaTypes));
            sources.put(PACKAGE + ".ProfileRepositoryCalls", repositoryCalls(javaTypes));
        }
        ClassLoader loader = EntityCompiler.compile(sources, false, getClass().getClassLoader());
        this.entityClass = loader.loadClass(PACKAGE + ".ProfileRow");
        if (throughRepository) {
            // Spring makes the repository's proxy in the thread's context loader: the generated one
            Thread thread = Thread.currentThread();
            ClassLoader before = thread.getContextClassLoader();
            thread.setContextClassLoader(loader);
            try {
                Object made = new org.springframework.data.cassandra.repository.support.CassandraRepositoryFactory(
                        template).getRepository(loader.loadClass(PACKAGE + ".ProfileRepository"));
                this.repository = (RepositoryCalls) loader.loadClass(PACKAGE + ".ProfileRepositoryCalls")
                        .getConstructors()[0].newInstance(made);
            } finally {
                thread.setContextClassLoader(before);
            }
        } else {
            this.repository = null;
        }
        this.of = entityClass.getMethod("of", Object[].class);
        this.values = entityClass.getMethod("values");
        this.batchType = Driver4Values.batchType(profile.insert().batchType());
        List<Conditions.Comparison> comparisons = Conditions.of(profile);
        if (comparisons == null) {
            this.conditional = null;
        } else {
            List<CriteriaDefinition> criteria = new ArrayList<>();
            for (Conditions.Comparison c : comparisons) {
                Object value = Driver4Values.toDriver(types.get(profile.indexOf(c.column())), c.value());
                Criteria column = Criteria.where(c.column());
                criteria.add(switch (c.operator()) {
                    case "=" -> column.is(value);
                    case "!=" -> column.ne(value);
                    case "<" -> column.lt(value);
                    case "<=" -> column.lte(value);
                    case ">" -> column.gt(value);
                    default -> column.gte(value);
                });
            }
            this.conditional = UpdateOptions.builder().ifCondition(Filter.from(criteria)).build();
        }
    }

    /** The entity a Spring Data user would write for the table. */
    private String entity(List<String> javaTypes) {
        String m = "org.springframework.data.cassandra.core.mapping.";
        List<String> annotations = new ArrayList<>();
        int ordinal = 0;
        for (int c = 0; c < fields.size(); c++) {
            Profile.Column column = profile.columns().get(c);
            String name = EntityCompiler.literal(column.name());
            String a = column.key() ? "@" + m + "PrimaryKeyColumn(name = " + name + ", ordinal = " + ordinal++
                    + ", type = org.springframework.data.cassandra.core.cql.PrimaryKeyType."
                    + (column.kind().equals(Profile.PARTITION_KEY) ? "PARTITIONED" : "CLUSTERED") + ")"
                    : "@" + m + "Column(" + name + ")";
            DataType type = types.get(c);
            if (type instanceof UserDefinedType udt) {
                a += " @" + m + "CassandraType(type = " + m + "CassandraType.Name.UDT, userTypeName = "
                        + EntityCompiler.literal(udt.getName().asInternal()) + ")";
            } else if (type instanceof TupleType tuple) {
                a += " @" + m + "CassandraType(type = " + m + "CassandraType.Name.TUPLE, typeArguments = {"
                        + String.join(", ", tuple.getComponentTypes().stream().map(t -> m + "CassandraType.Name."
                        + t.asCql(false, true).toUpperCase(java.util.Locale.ROOT)).toList()) + "})";
            }
            annotations.add(a);
        }
        return EntityCompiler.entity(PACKAGE, "@" + m + "Table(" + EntityCompiler.literal(profile.table()) + ")",
                annotations, javaTypes, fields);
    }

    /** The repository a Spring Data user would declare: a {@code CassandraRepository} with an {@code @Query} per query. */
    private String repository(List<String> javaTypes) {
        StringBuilder s = new StringBuilder("package " + PACKAGE + ";\npublic interface ProfileRepository extends "
                + "org.springframework.data.cassandra.repository.CassandraRepository<ProfileRow, "
                + "org.springframework.data.cassandra.core.mapping.MapId> {\n");
        int q = 0;
        for (Profile.Query query : profile.queries().values()) {
            List<String> params = new ArrayList<>();
            for (int b = 0; b < query.binds().size(); b++) {
                params.add(javaTypes.get(profile.indexOf(query.binds().get(b))) + " p" + b);
            }
            s.append("  @org.springframework.data.cassandra.repository.Query(" + EntityCompiler.literal(
                    Statements.numberedMarkers(queries.get(query.name()), "?")) + ") java.util.List<ProfileRow> q" + q++ + "("
                    + String.join(", ", params) + ");\n");
        }
        return s.append("}\n").toString();
    }

    private String repositoryCalls(List<String> javaTypes) {
        StringBuilder s = new StringBuilder("package " + PACKAGE + ";\npublic final class ProfileRepositoryCalls "
                + "implements " + RepositoryCalls.class.getName() + " {\n  private final ProfileRepository r;\n"
                + "  public ProfileRepositoryCalls(ProfileRepository r) { this.r = r; }\n"
                + "  public void insert(Object e) { r.insert((ProfileRow) e); }\n"
                + "  public Object findById(Object id) { return r.findById((org.springframework.data.cassandra.core"
                + ".mapping.MapId) id).orElse(null); }\n"
                + "  @SuppressWarnings(\"unchecked\") public java.util.List<?> query(int q, Object[] a) {\n"
                + "    switch (q) {\n");
        int q = 0;
        for (Profile.Query query : profile.queries().values()) {
            List<String> args = new ArrayList<>();
            for (int b = 0; b < query.binds().size(); b++) {
                args.add("(" + javaTypes.get(profile.indexOf(query.binds().get(b))) + ") a[" + b + "]");
            }
            s.append("      case " + q + ": return r.q" + q++ + "(" + String.join(", ", args) + ");\n");
        }
        return s.append("      default: throw new IllegalArgumentException(\"no query \" + q);\n    }\n  }\n}\n")
                .toString();
    }

    /** A counter row's key and increments, as the application holds them. */
    private record Counts(Object[] key, long[] increments) {}

    @Override
    public Object toWrite(List<Object[]> rows) throws Exception {
        int keys = profile.primaryKey().size();
        return ProfileTable.entities(rows, (c, v) -> Driver4Values.toDriver(types.get(c), v), driver -> {
            if (!profile.counterTable()) {
                return of.invoke(null, (Object) driver);
            }
            long[] increments = new long[driver.length - keys];
            for (int c = keys; c < driver.length; c++) {
                increments[c - keys] = (Long) driver[c];
            }
            return new Counts(java.util.Arrays.copyOf(driver, keys), increments);
        });
    }

    @Override
    public void write(Object rows) {
        ProfileTable.refusingLargeBatches(() -> send(rows));
    }

    private void send(Object rows) {
        if (rows instanceof Counts counts) {
            Query query = Query.empty();
            for (int c = 0; c < counts.key().length; c++) {
                query = query.and(Criteria.where(profile.columns().get(c).name()).is(counts.key()[c]));
            }
            Update update = Update.empty();
            int keys = counts.key().length;
            for (int c = 0; c < counts.increments().length; c++) {
                update = update.increment(profile.columns().get(keys + c).name(), counts.increments()[c]);
            }
            template.update(query, update, entityClass);
        } else if (repository != null) {
            repository.insert(rows);
        } else if (conditional != null) {
            boolean applied = rows instanceof List<?> entities
                    ? template.batchOps(batchType).update(entities, conditional).execute().wasApplied()
                    : template.update(rows, conditional).wasApplied();
            if (!applied) {
                throw new IllegalStateException("not applied: its condition did not hold (" + profile.insert()
                        .condition() + ")");
            }
        } else if (rows instanceof List<?> entities) {
            if (profile.insert().condition() != null) {
                if (!template.batchOps(batchType).insert(entities, InsertOptions.builder().withIfNotExists().build())
                        .execute().wasApplied()) {
                    throw new IllegalStateException("batch not applied: its condition did not hold (IF NOT EXISTS)");
                }
            } else {
                template.batchOps(batchType).insert(entities).execute();
            }
        } else if (profile.insert().condition() != null) {
            if (!template.insert(rows, InsertOptions.builder().withIfNotExists().build()).wasApplied()) {
                throw new IllegalStateException("insert not applied: the row exists (" + profile.insert().condition()
                        + ")");
            }
        } else {
            template.insert(rows);
        }
    }

    @Override
    public Object toBind(String name, Object[] values) {
        Profile.Query query = profile.queries().get(name);
        Object[] args = new Object[values.length];
        for (int i = 0; i < values.length; i++) {
            args[i] = Driver4Values.toDriver(types.get(profile.indexOf(query.binds().get(i))), values[i]);
        }
        return args;
    }

    /** Whole rows through the converter into entities; other rows as Spring's column maps. */
    @Override
    public Object query(String name, Object bound) {
        Profile.Query query = profile.queries().get(name);
        if (repository != null) {
            return repository.query(List.copyOf(queries.keySet()).indexOf(name), (Object[]) bound);
        }
        if (Features.wholeRows(query, profile)) {
            return cql.query(queries.get(name), (row, n) -> converter.read(entityClass, row), (Object[]) bound);
        }
        return cql.queryForList(queries.get(name), (Object[]) bound);
    }

    @Override
    public List<Map<String, Object>> rows(Object result) {
        List<Map<String, Object>> out = new ArrayList<>();
        for (Object row : (List<?>) result) {
            if (row instanceof Map<?, ?> columns) {
                Map<String, Object> named = new LinkedHashMap<>();
                columns.forEach((k, v) -> {
                    String column = String.valueOf(k);
                    named.put(column, Driver4Values.fromDriver(types.get(profile.indexOf(column)), v));
                });
                out.add(named);
            } else {
                out.add(named(row));
            }
        }
        return out;
    }

    private Map<String, Object> named(Object entity) {
        try {
            return profile.named((Object[]) values.invoke(entity), (c, value) -> Driver4Values.fromDriver(types.get(c),
                    value));
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public Map<String, Object> read(Object[] primaryKey) {
        BasicMapId id = new BasicMapId();
        for (int c = 0; c < primaryKey.length; c++) {
            id.with(fields.get(c), Driver4Values.toDriver(types.get(c), primaryKey[c]));
        }
        Object entity = repository != null ? repository.findById(id) : template.selectOneById(id, entityClass);
        return entity == null ? null : named(entity);
    }
}
