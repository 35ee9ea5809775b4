package dev.cqlbench.binding.springdata;

import static dev.cqlbench.profile.sources.ProfileEntity.annotation;
import static dev.cqlbench.profile.sources.ProfileEntity.implementing;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.BatchType;
import com.datastax.oss.driver.api.core.metadata.schema.TableMetadata;
import com.datastax.oss.driver.api.core.type.DataType;
import com.datastax.oss.driver.api.core.type.TupleType;
import com.datastax.oss.driver.api.core.type.UserDefinedType;
import com.palantir.javapoet.AnnotationSpec;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import com.palantir.javapoet.WildcardTypeName;
import dev.cqlbench.binding.driver4.Driver4Columns;
import dev.cqlbench.binding.driver4.Driver4Values;
import dev.cqlbench.profile.Conditions;
import dev.cqlbench.profile.EntityCompiler;
import dev.cqlbench.profile.Features;
import dev.cqlbench.profile.MapperTable;
import dev.cqlbench.profile.Profile;
import dev.cqlbench.profile.Statements;
import dev.cqlbench.profile.sources.Bean;
import dev.cqlbench.profile.sources.ProfileEntity;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import javax.lang.model.element.Modifier;
import org.springframework.data.cassandra.core.CassandraTemplate;
import org.springframework.data.cassandra.core.InsertOptions;
import org.springframework.data.cassandra.core.UpdateOptions;
import org.springframework.data.cassandra.core.convert.CassandraConverter;
import org.springframework.data.cassandra.core.cql.CqlOperations;
import org.springframework.data.cassandra.core.cql.PrimaryKeyType;
import org.springframework.data.cassandra.core.mapping.BasicMapId;
import org.springframework.data.cassandra.core.mapping.CassandraType;
import org.springframework.data.cassandra.core.mapping.Column;
import org.springframework.data.cassandra.core.mapping.MapId;
import org.springframework.data.cassandra.core.mapping.PrimaryKeyColumn;
import org.springframework.data.cassandra.core.mapping.Table;
import org.springframework.data.cassandra.core.query.Criteria;
import org.springframework.data.cassandra.core.query.CriteriaDefinition;
import org.springframework.data.cassandra.core.query.Filter;
import org.springframework.data.cassandra.core.query.Query;
import org.springframework.data.cassandra.core.query.Update;
import org.springframework.data.cassandra.repository.CassandraRepository;

/**
 * A user's profile through Spring Data Cassandra's {@link CassandraTemplate}, as its user would write it: an entity
 * made from the table's definition ({@code @Table}, {@code @PrimaryKeyColumn}, {@code @Column}, {@code @CassandraType}
 * for user-defined types and tuples), compiled when the worker starts. An insert is {@code insert} (with
 * {@code InsertOptions.withIfNotExists} for the condition); several rows one {@code batchOps} of the profile's type;
 * a counter an {@code update} with {@code Update.increment}; a read {@code selectOneById} of a {@link BasicMapId};
 * a query the template's {@link CqlOperations} with a row mapper: the converter's entity for whole rows, a column
 * map otherwise.
 */
final class SpringDataProfileTable extends MapperTable<Object, Object[]> implements Driver4Columns {

    static final String PACKAGE = "cqlbench.generated.springdata";
    private static final String REPOSITORY = "ProfileRepository";

    private final CassandraTemplate template;
    private final CqlOperations cql;
    private final CassandraConverter converter;
    private final Class<?> entityClass;
    private final Method of;
    private final Function<Object, Object[]> valuesOf;
    private final List<DataType> types = new ArrayList<>();
    private final ProfileEntity entity;
    /** Each query's text, in the profile's order. */
    private final List<String> queries = new ArrayList<>();
    private final BatchType batchType;
    /** A condition on columns as the template takes it (an UPDATE … IF of the entity); null without one. */
    private final UpdateOptions conditional;
    /** The repository's calls ({@code spring-data-repository}); null for the template. */
    private final RepositoryCalls<Object> repository;
    private final String keyspace;

    SpringDataProfileTable(CassandraTemplate template, CqlSession session, Profile profile, String keyspace,
                           boolean throughRepository) throws Exception {
        super(profile);
        this.template = template;
        this.cql = template.getCqlOperations();
        this.converter = template.getConverter();
        this.keyspace = keyspace;
        profile.queries().keySet().forEach(q -> queries.add(Statements.query(profile, q, keyspace)));
        TableMetadata table = session.getMetadata().getKeyspace(CqlIdentifier.fromCql(Statements.identifier(keyspace)))
                .flatMap(k -> k.getTable(CqlIdentifier.fromCql(Statements.identifier(profile.table()))))
                .orElseThrow(() -> new IllegalStateException("no table " + keyspace + "." + profile.table()));
        List<TypeName> javaTypes = new ArrayList<>();
        for (Profile.Column column : profile.columns()) {
            DataType type = table.getColumn(CqlIdentifier.fromCql(Statements.identifier(column.name()))).orElseThrow()
                    .getType();
            types.add(type);
            javaTypes.add(TypeName.get(Driver4Values.javaType(session, type)));
        }
        this.entity = new ProfileEntity(profile, PACKAGE, javaTypes);
        ClassLoader loader = EntityCompiler.compile(entity.sources(throughRepository
                ? List.of(entity(), repository(), repositoryCalls()) : List.of(entity())), false,
                getClass().getClassLoader());
        this.entityClass = loader.loadClass(PACKAGE + ".ProfileRow");
        if (throughRepository) {
            // Spring makes the repository's proxy in the thread's context loader: the generated one
            Thread thread = Thread.currentThread();
            ClassLoader before = thread.getContextClassLoader();
            thread.setContextClassLoader(loader);
            try {
                Object made = new org.springframework.data.cassandra.repository.support.CassandraRepositoryFactory(
                        template).getRepository(loader.loadClass(PACKAGE + "." + REPOSITORY));
                @SuppressWarnings("unchecked") // RepositoryCalls<ProfileRow>: entities are its own
                RepositoryCalls<Object> generated = (RepositoryCalls<Object>) loader.loadClass(PACKAGE
                        + ".ProfileRepositoryCalls").getConstructors()[0].newInstance(made);
                this.repository = generated;
            } finally {
                thread.setContextClassLoader(before);
            }
        } else {
            this.repository = null;
        }
        this.of = entityClass.getMethod("of", Object[].class);
        this.valuesOf = Bean.valuesOf(entityClass);
        this.batchType = Driver4Values.batchType(profile.insert().batchType());
        List<Conditions.Relation> comparisons = Conditions.of(profile);
        if (comparisons == null) {
            this.conditional = null;
        } else {
            List<CriteriaDefinition> criteria = new ArrayList<>();
            for (Conditions.Relation c : comparisons) {
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
    private TypeSpec entity() {
        return entity.row(List.of(annotation(Table.class, "value", profile.table())), c -> {
            Profile.Column column = profile.columns().get(c);
            List<AnnotationSpec> annotations = new ArrayList<>();
            // the ordinal: the column's position in the whole primary key, whose columns come first
            annotations.add(column.key() ? AnnotationSpec.builder(PrimaryKeyColumn.class)
                    .addMember("name", "$S", column.name()).addMember("ordinal", "$L", c)
                    .addMember("type", "$T.$L", PrimaryKeyType.class, column.kind().equals(Profile.PARTITION_KEY)
                            ? PrimaryKeyType.PARTITIONED : PrimaryKeyType.CLUSTERED).build()
                    : annotation(Column.class, "value", column.name()));
            DataType type = types.get(c);
            if (type instanceof UserDefinedType udt) {
                annotations.add(AnnotationSpec.builder(CassandraType.class)
                        .addMember("type", "$T.$L", CassandraType.Name.class, CassandraType.Name.UDT)
                        .addMember("userTypeName", "$S", udt.getName().asInternal()).build());
            } else if (type instanceof TupleType tuple) {
                AnnotationSpec.Builder cassandraType = AnnotationSpec.builder(CassandraType.class)
                        .addMember("type", "$T.$L", CassandraType.Name.class, CassandraType.Name.TUPLE);
                for (DataType component : tuple.getComponentTypes()) {
                    cassandraType.addMember("typeArguments", "$T.$L", CassandraType.Name.class,
                            component.asCql(false, true).toUpperCase(java.util.Locale.ROOT));
                }
                annotations.add(cassandraType.build());
            }
            return annotations;
        }).spec();
    }

    /** The repository a Spring Data user would declare: a {@code CassandraRepository}, an {@code @Query} per query. */
    private TypeSpec repository() {
        return TypeSpec.interfaceBuilder(REPOSITORY).addModifiers(Modifier.PUBLIC)
                .addSuperinterface(ParameterizedTypeName.get(ClassName.get(CassandraRepository.class), entity.row(),
                        ClassName.get(MapId.class)))
                .addMethods(entity.queryMethods(query -> annotation(
                        org.springframework.data.cassandra.repository.Query.class, "value",
                        Statements.numberedMarkers(Statements.query(profile, query.name(), keyspace), "?")),
                        query -> ParameterizedTypeName.get(ClassName.get(List.class), entity.row()))).build();
    }

    /** {@link RepositoryCalls} of the entity: each call one of the repository. */
    private TypeSpec repositoryCalls() {
        ClassName repository = entity.named(REPOSITORY);
        return TypeSpec.classBuilder("ProfileRepositoryCalls").addModifiers(Modifier.PUBLIC, Modifier.FINAL)
                .addSuperinterface(ParameterizedTypeName.get(ClassName.get(RepositoryCalls.class), entity.row()))
                .addField(repository, "r", Modifier.PRIVATE, Modifier.FINAL)
                .addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PUBLIC).addParameter(repository, "r")
                        .addStatement("this.r = r").build())
                .addMethod(implementing("insert", TypeName.VOID, entity.row(), "e", "r.insert(e)"))
                .addMethod(implementing("read", entity.row(), ClassName.get(MapId.class), "id",
                        "return r.findById(id).orElse(null)"))
                .addMethod(entity.queryDispatch(ParameterizedTypeName.get(ClassName.get(List.class),
                        WildcardTypeName.subtypeOf(Object.class)), "r", (query, call) -> call))
                .build();
    }

    /** A counter row's key and increments, as the application holds them. */
    private record Counts(Object[] key, long[] increments) {}

    @Override
    public List<DataType> columnTypes() {
        return types;
    }

    /** The entity; a counter row's {@link Counts}. */
    @Override
    protected Object entity(Object[] values) throws Exception {
        if (!profile.counterTable()) {
            return of.invoke(null, (Object) values);
        }
        int keys = profile.primaryKey().size();
        long[] increments = new long[values.length - keys];
        for (int c = keys; c < values.length; c++) {
            increments[c - keys] = (Long) values[c];
        }
        return new Counts(java.util.Arrays.copyOf(values, keys), increments);
    }

    @Override
    protected Object[] values(Object entity) {
        return valuesOf.apply(entity);
    }

    /** {@code insert(entity)} of the template or the repository; a counter row's {@code update} with increments. */
    @Override
    protected void insert(Object entity) {
        if (entity instanceof Counts counts) {
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
            repository.insert(entity);
        } else {
            template.insert(entity);
        }
    }

    /** {@code update(entity, UpdateOptions.ifCondition(…))}, or {@code insert(entity, withIfNotExists())}. */
    @Override
    protected boolean insertIf(Object entity) {
        refusedByTheRepository("condition");
        return conditional != null ? template.update(entity, conditional).wasApplied()
                : template.insert(entity, InsertOptions.builder().withIfNotExists().build()).wasApplied();
    }

    /** {@code batchOps(type)}: the entities' updates with the condition on columns, or their inserts. */
    @Override
    protected boolean batch(List<Object> entities) {
        refusedByTheRepository("batch");
        if (conditional != null) {
            return template.batchOps(batchType).update(entities, conditional).execute().wasApplied();
        }
        if (profile.insert().condition() != null) {
            return template.batchOps(batchType).insert(entities, InsertOptions.builder().withIfNotExists().build())
                    .execute().wasApplied();
        }
        return template.batchOps(batchType).insert(entities).execute().wasApplied();
    }

    /** The repository writes one entity per statement (its binding's limits keep such profiles from it). */
    private void refusedByTheRepository(String what) {
        if (repository != null) {
            throw new UnsupportedOperationException("a repository writes one entity per insert(entity), with no "
                    + what);
        }
    }

    /** {@code selectOneById}, or the repository's {@code findById}, of a {@link BasicMapId}. */
    @Override
    protected Object byKey(Object[] key) {
        BasicMapId id = new BasicMapId();
        for (int c = 0; c < key.length; c++) {
            id.with(entity.field(c), key[c]);
        }
        return repository != null ? repository.read(id) : template.selectOneById(id, entityClass);
    }

    @Override
    protected Object[] bind(int q, Object[] values) {
        return entityValues(q, values);
    }

    /** The repository's {@code @Query}; or whole rows through the converter into entities, others as column maps. */
    @Override
    protected Object query(int q, Object[] bound) {
        if (repository != null) {
            return repository.query(q, bound);
        }
        if (Features.wholeRows(profileQuery(q), profile)) {
            return cql.query(queries.get(q), (row, n) -> converter.read(entityClass, row), bound);
        }
        return cql.queryForList(queries.get(q), bound);
    }

    /** A row of {@code queryForList}: Spring's column map, each value as the driver reads it. */
    @Override
    protected Map<String, Object> namedColumns(Map<?, ?> row) {
        Map<String, Object> named = new LinkedHashMap<>();
        row.forEach((k, v) -> {
            String column = String.valueOf(k);
            named.put(column, fromLibrary(profile.indexOf(column), v));
        });
        return named;
    }
}
