package dev.cqlbench.binding.driver3mapper;

import static dev.cqlbench.profile.sources.ProfileEntity.VALUES;
import static dev.cqlbench.profile.sources.ProfileEntity.annotation;
import static dev.cqlbench.profile.sources.ProfileEntity.implementing;

import com.datastax.driver.core.BatchStatement;
import com.datastax.driver.core.CodecRegistry;
import com.datastax.driver.core.DataType;
import com.datastax.driver.core.ResultSet;
import com.datastax.driver.core.Session;
import com.datastax.driver.core.Statement;
import com.datastax.driver.core.TableMetadata;
import com.datastax.driver.mapping.Mapper;
import com.datastax.driver.mapping.MappingManager;
import com.datastax.driver.mapping.Result;
import com.datastax.driver.mapping.annotations.Accessor;
import com.datastax.driver.mapping.annotations.ClusteringColumn;
import com.datastax.driver.mapping.annotations.Column;
import com.datastax.driver.mapping.annotations.PartitionKey;
import com.datastax.driver.mapping.annotations.Query;
import com.datastax.driver.mapping.annotations.Table;
import com.palantir.javapoet.AnnotationSpec;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import dev.cqlbench.binding.driver3.Driver3Values;
import dev.cqlbench.profile.EntityCompiler;
import dev.cqlbench.profile.GeneratedTable;
import dev.cqlbench.profile.Profile;
import dev.cqlbench.profile.Statements;
import dev.cqlbench.profile.sources.ProfileEntity;
import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.Modifier;

/**
 * A user's profile through the driver 3 mapping module, as its user would write it: a {@code @Table} entity and an
 * {@code @Accessor} with a {@code @Query} per query, made from the table's definition and compiled when the worker
 * starts. An insert is {@code Mapper.save} ({@code saveQuery} with {@code Option.ifNotExists} for the condition, its
 * result's {@code wasApplied}); several rows the mapper's {@code saveQuery} statements in one batch; a read
 * {@code Mapper.get}; a query the accessor's, mapped to entities when it reads whole rows.
 */
final class Driver3MapperProfileTable extends GeneratedTable<Object> {

    static final String PACKAGE = "cqlbench.generated.driver3mapper";

    private final Session session;
    private final Driver3MapperCalls<Object> calls;
    private final CodecRegistry codecs;
    private final List<DataType> types = new ArrayList<>();
    private final ProfileEntity entity;
    private final BatchStatement.Type batchType;

    Driver3MapperProfileTable(Session session, Profile profile, String keyspace) throws Exception {
        super(profile);
        this.session = session;
        this.codecs = session.getCluster().getConfiguration().getCodecRegistry();
        TableMetadata table = session.getCluster().getMetadata().getKeyspace(Statements.identifier(keyspace))
                .getTable(Statements.identifier(profile.table()));
        List<TypeName> javaTypes = new ArrayList<>();
        for (Profile.Column column : profile.columns()) {
            DataType type = table.getColumn(Statements.identifier(column.name())).getType();
            types.add(type);
            javaTypes.add(TypeName.get(Driver3Values.javaType(codecs, type)));
        }
        this.entity = new ProfileEntity(profile, PACKAGE, javaTypes);
        ClassLoader loader = EntityCompiler.compile(entity.sources(List.of(entity(keyspace), accessor(keyspace),
                callsClass())), false, getClass().getClassLoader());
        @SuppressWarnings("unchecked") // the generated class is Driver3MapperCalls<ProfileRow>: entities are its own
        Driver3MapperCalls<Object> generated = (Driver3MapperCalls<Object>) loader.loadClass(PACKAGE + ".ProfileCalls")
                .getConstructor(MappingManager.class).newInstance(new MappingManager(session));
        this.calls = generated;
        this.batchType = BatchStatement.Type.valueOf(profile.insert().batchType());
    }

    private TypeSpec entity(String keyspace) {
        return entity.row(List.of(AnnotationSpec.builder(Table.class)
                .addMember("keyspace", "$S", Statements.identifier(keyspace))
                .addMember("name", "$S", Statements.identifier(profile.table())).build()), c -> {
            List<AnnotationSpec> annotations = entity.keyAnnotation(c, PartitionKey.class, ClusteringColumn.class);
            annotations.add(annotation(Column.class, "name", Statements.identifier(profile.columns().get(c).name())));
            return annotations;
        }).spec();
    }

    private TypeSpec accessor(String keyspace) {
        return TypeSpec.interfaceBuilder("ProfileAccessor").addModifiers(Modifier.PUBLIC)
                .addAnnotation(Accessor.class).addMethods(entity.queryMethods(
                        query -> annotation(Query.class, "value", Statements.query(profile, query.name(), keyspace)),
                        query -> entity.wholeRows(query)
                                ? ParameterizedTypeName.get(ClassName.get(Result.class), entity.row())
                                : TypeName.get(ResultSet.class))).build();
    }

    /** {@link Driver3MapperCalls} of the entity: each call one of the {@code Mapper} or the accessor. */
    private TypeSpec callsClass() {
        ClassName row = entity.row();
        TypeName mapper = ParameterizedTypeName.get(ClassName.get(Mapper.class), row);
        ClassName accessor = entity.named("ProfileAccessor");
        return TypeSpec.classBuilder("ProfileCalls").addModifiers(Modifier.PUBLIC, Modifier.FINAL)
                .addSuperinterface(ParameterizedTypeName.get(ClassName.get(Driver3MapperCalls.class), row))
                .addField(mapper, "mapper", Modifier.PRIVATE, Modifier.FINAL)
                .addField(accessor, "accessor", Modifier.PRIVATE, Modifier.FINAL)
                .addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PUBLIC)
                        .addParameter(MappingManager.class, "manager")
                        .addStatement("this.mapper = manager.mapper($T.class)", row)
                        .addStatement("this.accessor = manager.createAccessor($T.class)", accessor).build())
                .addMethod(implementing("entity", row, VALUES, "v", "return $T.of(v)", row))
                .addMethod(implementing("values", VALUES, row, "e", "return e.values()"))
                .addMethod(implementing("insert", TypeName.VOID, row, "e", "mapper.save(e)"))
                .addMethod(MethodSpec.methodBuilder("insertStatement").addAnnotation(Override.class)
                        .addModifiers(Modifier.PUBLIC).returns(Statement.class).addParameter(row, "e")
                        .addParameter(boolean.class, "ifNotExists")
                        .addStatement("return ifNotExists ? mapper.saveQuery(e, $T.ifNotExists(true)) : "
                                + "mapper.saveQuery(e)", Mapper.Option.class).build())
                .addMethod(implementing("read", row, VALUES, "k", "return mapper.get(k)"))
                .addMethod(entity.queryDispatch(ClassName.OBJECT, "accessor", (query, call) -> entity.wholeRows(query)
                        ? CodeBlock.of("$L.all()", call)
                        : CodeBlock.of("$T.ROWS.decode($L)", Driver3Values.class, call)))
                .build();
    }

    @Override
    protected Driver3MapperCalls<Object> calls() {
        return calls;
    }

    @Override
    public Object toLibrary(int column, Object value) {
        return Driver3Values.toDriver(types.get(column), value, codecs);
    }

    @Override
    public Object fromLibrary(int column, Object value) {
        return Driver3Values.fromDriver(types.get(column), value);
    }

    /** {@code saveQuery} with {@code Option.ifNotExists(true)}, executed. */
    @Override
    protected boolean insertIf(Object entity) {
        return session.execute(calls.insertStatement(entity, true)).wasApplied();
    }

    /** The mapper's {@code saveQuery} statements in one driver batch. */
    @Override
    protected boolean batch(List<Object> entities) {
        BatchStatement batch = new BatchStatement(batchType);
        for (Object entity : entities) {
            batch.add(calls.insertStatement(entity, profile.insert().condition() != null));
        }
        return session.execute(batch).wasApplied();
    }

    @Override
    protected Object query(int q, Object[] bound) {
        return calls.query(q, bound);
    }
}
