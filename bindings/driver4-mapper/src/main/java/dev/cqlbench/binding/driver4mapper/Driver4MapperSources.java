package dev.cqlbench.binding.driver4mapper;

import static dev.cqlbench.profile.sources.ProfileEntity.VALUES;
import static dev.cqlbench.profile.sources.ProfileEntity.annotation;
import static dev.cqlbench.profile.sources.ProfileEntity.annotationCode;
import static dev.cqlbench.profile.sources.ProfileEntity.declaring;
import static dev.cqlbench.profile.sources.ProfileEntity.implementing;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.PagingIterable;
import com.datastax.oss.driver.api.core.cql.BatchableStatement;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.ResultSet;
import com.datastax.oss.driver.api.core.metadata.schema.TableMetadata;
import com.datastax.oss.driver.api.core.type.DataType;
import com.datastax.oss.driver.api.mapper.annotations.ClusteringColumn;
import com.datastax.oss.driver.api.mapper.annotations.CqlName;
import com.datastax.oss.driver.api.mapper.annotations.Dao;
import com.datastax.oss.driver.api.mapper.annotations.DaoFactory;
import com.datastax.oss.driver.api.mapper.annotations.Entity;
import com.datastax.oss.driver.api.mapper.annotations.Increment;
import com.datastax.oss.driver.api.mapper.annotations.Insert;
import com.datastax.oss.driver.api.mapper.annotations.Mapper;
import com.datastax.oss.driver.api.mapper.annotations.PartitionKey;
import com.datastax.oss.driver.api.mapper.annotations.Query;
import com.datastax.oss.driver.api.mapper.annotations.Select;
import com.datastax.oss.driver.api.mapper.annotations.Update;
import com.palantir.javapoet.AnnotationSpec;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import com.palantir.javapoet.WildcardTypeName;
import dev.cqlbench.binding.driver4.Driver4Values;
import dev.cqlbench.profile.EntityCompiler;
import dev.cqlbench.profile.Profile;
import dev.cqlbench.profile.Statements;
import dev.cqlbench.profile.sources.ProfileEntity;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.lang.model.element.Modifier;

/**
 * The Java a driver 4 mapper user would write for a profile's table: an {@code @Entity} with a property per column
 * (the driver's own Java type for each CQL type), a {@code @Dao} with {@code @Insert}, {@code @Select} by primary key,
 * {@code @Increment} for counters and a {@code @Query} per query of the profile, and the {@code @Mapper}; the
 * mapper's annotation processor makes the rest when {@link EntityCompiler} compiles them.
 */
final class Driver4MapperSources {

    static final String PACKAGE = "cqlbench.generated.driver4mapper";
    private static final TypeName STATEMENT = ParameterizedTypeName.get(ClassName.get(BatchableStatement.class),
            WildcardTypeName.subtypeOf(Object.class));

    private final ProfileEntity entity;
    private final Profile profile;
    private final String keyspace;
    private final List<DataType> cqlTypes = new ArrayList<>();
    private final ClassName dao;

    Driver4MapperSources(CqlSession session, Profile profile, String keyspace, TableMetadata table) {
        this.profile = profile;
        this.keyspace = keyspace;
        List<TypeName> javaTypes = new ArrayList<>();
        for (Profile.Column column : profile.columns()) {
            DataType type = table.getColumn(Statements.identifier(column.name())).orElseThrow().getType();
            cqlTypes.add(type);
            javaTypes.add(TypeName.get(Driver4Values.javaType(session, type)));
        }
        this.entity = new ProfileEntity(profile, PACKAGE, javaTypes);
        this.dao = entity.named("ProfileDao");
    }

    List<DataType> cqlTypes() {
        return cqlTypes;
    }

    Map<String, String> sources() {
        TypeSpec mapper = TypeSpec.interfaceBuilder("ProfileMapper").addModifiers(Modifier.PUBLIC)
                .addAnnotation(Mapper.class).addMethod(MethodSpec.methodBuilder("dao")
                        .addModifiers(Modifier.PUBLIC, Modifier.ABSTRACT).addAnnotation(DaoFactory.class).returns(dao)
                        .build()).build();
        return entity.sources(List.of(entity(), dao(), mapper, calls()));
    }

    private TypeSpec entity() {
        return entity.row(List.of(annotation(Entity.class, "defaultKeyspace", keyspace),
                annotation(CqlName.class, "value", Statements.identifier(profile.table()))), c -> {
            List<AnnotationSpec> annotations = entity.keyAnnotation(c, PartitionKey.class, ClusteringColumn.class);
            annotations.add(annotation(CqlName.class, "value", Statements.identifier(profile.columns().get(c).name())));
            return annotations;
        }).spec();
    }

    private TypeSpec dao() {
        ClassName row = entity.row();
        TypeSpec.Builder dao = TypeSpec.interfaceBuilder(this.dao).addModifiers(Modifier.PUBLIC)
                .addAnnotation(Dao.class);
        if (profile.counterTable()) {
            MethodSpec.Builder increment = declaring("increment", TypeName.VOID)
                    .addAnnotation(AnnotationSpec.builder(Increment.class).addMember("entityClass", "$T.class", row)
                            .build());
            for (int c = 0; c < entity.columns(); c++) {
                increment.addParameter(profile.columns().get(c).key() ? entity.type(c) : TypeName.LONG,
                        entity.field(c));
            }
            dao.addMethod(increment.build());
        } else {
            AnnotationSpec ifNotExists = annotationCode(Insert.class, "ifNotExists", "true");
            dao.addMethod(entityMethod("insert", TypeName.VOID, annotation(Insert.class)))
                    .addMethod(entityMethod("insertStatement", TypeName.get(BoundStatement.class),
                            annotation(Insert.class)))
                    .addMethod(entityMethod("insertIfNotExists", TypeName.BOOLEAN, ifNotExists))
                    .addMethod(entityMethod("insertIfNotExistsStatement", TypeName.get(BoundStatement.class),
                            ifNotExists));
            if (Statements.updates(profile)) {
                // cassandra-stress's condition on columns: an UPDATE of the row's other columns, IF it holds
                AnnotationSpec update = annotation(Update.class, "customIfClause",
                        profile.insert().condition().substring(3));
                dao.addMethod(entityMethod("updateIf", TypeName.BOOLEAN, update))
                        .addMethod(entityMethod("updateIfStatement", TypeName.get(BoundStatement.class), update));
            }
        }
        MethodSpec.Builder read = declaring("read", row).addAnnotation(Select.class);
        for (int c = 0; c < entity.keys(); c++) {
            read.addParameter(entity.type(c), entity.field(c));
        }
        return dao.addMethod(read.build()).addMethods(entity.queryMethods(
                query -> annotation(Query.class, "value", Statements.namedMarkers(Statements.query(profile,
                        query.name(), keyspace))),
                query -> entity.wholeRows(query) ? ParameterizedTypeName.get(ClassName.get(PagingIterable.class), row)
                        : TypeName.get(ResultSet.class))).build();
    }

    private MethodSpec entityMethod(String name, TypeName returns, AnnotationSpec annotation) {
        return declaring(name, returns).addAnnotation(annotation).addParameter(entity.row(), "e").build();
    }

    /** {@link MapperCalls} of the entity, each call one call of the DAO. */
    private TypeSpec calls() {
        ClassName row = entity.row();
        TypeSpec.Builder calls = TypeSpec.classBuilder("ProfileCalls").addModifiers(Modifier.PUBLIC, Modifier.FINAL)
                .addSuperinterface(ParameterizedTypeName.get(ClassName.get(MapperCalls.class), row))
                .addField(FieldSpec.builder(dao, "dao", Modifier.PRIVATE, Modifier.FINAL).build())
                .addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PUBLIC)
                        .addParameter(CqlSession.class, "session")
                        .addStatement("this.dao = new $T(session).build().dao()", entity.named("ProfileMapperBuilder"))
                        .build())
                .addMethod(implementing("entity", row, VALUES, "v", "return $T.of(v)", row))
                .addMethod(implementing("values", VALUES, row, "e", "return e.values()"));
        if (profile.counterTable()) {
            List<CodeBlock> values = new ArrayList<>();
            for (int c = 0; c < entity.columns(); c++) {
                String get = "e." + entity.getter(c) + "()";
                values.add(CodeBlock.of(profile.columns().get(c).key() ? get : get + ".longValue()"));
            }
            String unsupported = "throw new $T()";
            calls.addMethod(implementing("insert", TypeName.VOID, row, "e", "dao.increment($L)",
                            CodeBlock.join(values, ", ")))
                    .addMethod(implementing("insertIf", TypeName.BOOLEAN, row, "e", unsupported,
                            UnsupportedOperationException.class))
                    // @Increment returns no statement: counters are not batched through the mapper (as its binding
                    // declares)
                    .addMethod(implementing("insertStatement", STATEMENT, row, "e", unsupported,
                            UnsupportedOperationException.class));
        } else {
            // in a batch too, each statement carries the profile's condition
            String statement = profile.insert().condition() == null ? "insertStatement"
                    : Statements.updates(profile) ? "updateIfStatement" : "insertIfNotExistsStatement";
            calls.addMethod(implementing("insert", TypeName.VOID, row, "e", "dao.insert(e)"))
                    .addMethod(implementing("insertIf", TypeName.BOOLEAN, row, "e", "return dao.$N(e)",
                            Statements.updates(profile) ? "updateIf" : "insertIfNotExists"))
                    .addMethod(implementing("insertStatement", STATEMENT, row, "e", "return dao.$N(e)", statement));
        }
        return calls.addMethod(implementing("read", row, VALUES, "k", "return dao.read($L)",
                        entity.keyArguments("k")))
                .addMethod(entity.queryDispatch(ClassName.OBJECT, "dao", (query, call) -> entity.wholeRows(query)
                        ? CodeBlock.of("$L.all()", call)
                        : CodeBlock.of("$T.ROWS.decode($L)", Driver4Values.class, call)))
                .build();
    }
}
