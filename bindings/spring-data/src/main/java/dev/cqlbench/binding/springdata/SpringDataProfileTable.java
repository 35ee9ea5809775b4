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
import dev.cqlbench.binding.driver4.Driver4Values;
import dev.cqlbench.profile.Conditions;
import dev.cqlbench.profile.EntityColumns;
import dev.cqlbench.profile.EntityCompiler;
import dev.cqlbench.profile.Features;
import dev.cqlbench.profile.Profile;
import dev.cqlbench.profile.ProfileTable;
import dev.cqlbench.profile.Statements;
import dev.cqlbench.profile.sources.Bean;
import dev.cqlbench.profile.sources.ProfileEntity;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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
final class SpringDataProfileTable implements ProfileTable {

    static final String PACKAGE = "cqlbench.generated.springdata";
    private static final String REPOSITORY = "ProfileRepository";

    private final CassandraTemplate template;
    private final CqlOperations cql;
    private final CassandraConverter converter;
    private final Profile profile;
    private final Class<?> entityClass;
    private final Method of;
    private final List<DataType> types = new ArrayList<>();
    private final ProfileEntity entity;
    private final EntityColumns columns;
    private final Map<String, String> queries = new LinkedHashMap<>();
    private final BatchType batchType;
    /** A condition on columns as the template takes it (an UPDATE … IF of the entity); null without one. */
    private final UpdateOptions conditional;
    /** The repository's calls ({@code spring-data-repository}); null for the template. */
    private final RepositoryCalls<Object> repository;
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
        this.columns = new EntityColumns(profile, (c, v) -> Driver4Values.toDriver(types.get(c), v),
                (c, v) -> Driver4Values.fromDriver(types.get(c), v), Bean.valuesOf(entityClass));
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
                        Statements.numberedMarkers(queries.get(query.name()), "?")),
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
                .addMethod(implementing("findById", entity.row(), ClassName.get(MapId.class), "id",
                        "return r.findById(id).orElse(null)"))
                .addMethod(entity.queryDispatch(ParameterizedTypeName.get(ClassName.get(List.class),
                        WildcardTypeName.subtypeOf(Object.class)), "r", (query, call) -> call))
                .build();
    }

    /** A counter row's key and increments, as the application holds them. */
    private record Counts(Object[] key, long[] increments) {}

    @Override
    public Object toWrite(List<Object[]> rows) throws Exception {
        int keys = profile.primaryKey().size();
        return ProfileTable.entities(rows, columns::toLibrary, driver -> {
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
            ProfileTable.requireApplied(template.insert(rows, InsertOptions.builder().withIfNotExists().build())
                    .wasApplied(), false, profile);
        } else {
            template.insert(rows);
        }
    }

    @Override
    public Object toBind(String name, Object[] values) {
        return columns.bound(name, values);
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
                out.add(columns.named(row));
            }
        }
        return out;
    }

    @Override
    public Map<String, Object> read(Object[] primaryKey) {
        BasicMapId id = new BasicMapId();
        Object[] key = columns.toLibrary(primaryKey);
        for (int c = 0; c < key.length; c++) {
            id.with(entity.field(c), key[c]);
        }
        return columns.named(repository != null ? repository.findById(id) : template.selectOneById(id, entityClass));
    }
}
