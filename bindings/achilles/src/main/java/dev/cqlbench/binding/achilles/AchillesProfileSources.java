package dev.cqlbench.binding.achilles;

import static dev.cqlbench.profile.sources.ProfileEntity.VALUES;
import static dev.cqlbench.profile.sources.ProfileEntity.annotation;
import static dev.cqlbench.profile.sources.ProfileEntity.annotationCode;
import static dev.cqlbench.profile.sources.ProfileEntity.implementing;

import com.datastax.driver.core.BoundStatement;
import com.datastax.driver.core.Cluster;
import com.datastax.driver.core.ClusteringOrder;
import com.datastax.driver.core.DataType;
import com.datastax.driver.core.PreparedStatement;
import com.datastax.driver.core.TableMetadata;
import com.datastax.driver.core.TupleType;
import com.datastax.driver.core.UserType;
import com.palantir.javapoet.AnnotationSpec;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import com.palantir.javapoet.WildcardTypeName;
import dev.cqlbench.profile.Conditions;
import dev.cqlbench.profile.Profile;
import dev.cqlbench.profile.Statements;
import dev.cqlbench.profile.sources.Bean;
import dev.cqlbench.profile.sources.ProfileEntity;
import info.archinnov.achilles.annotations.ASCII;
import info.archinnov.achilles.annotations.ClusteringColumn;
import info.archinnov.achilles.annotations.Column;
import info.archinnov.achilles.annotations.CompileTimeConfig;
import info.archinnov.achilles.annotations.Counter;
import info.archinnov.achilles.annotations.Frozen;
import info.archinnov.achilles.annotations.PartitionKey;
import info.archinnov.achilles.annotations.Static;
import info.archinnov.achilles.annotations.Table;
import info.archinnov.achilles.annotations.TimeUUID;
import info.archinnov.achilles.annotations.UDT;
import info.archinnov.achilles.bootstrap.AbstractManagerFactoryBuilder;
import info.archinnov.achilles.internals.runtime.AbstractManagerFactory;
import info.archinnov.achilles.type.CassandraVersion;
import info.archinnov.achilles.type.TypedMap;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import javax.lang.model.element.Modifier;

/**
 * The classes an Achilles user would write for a profile's table, made from its live definition: a {@code @Table}
 * entity ({@code @PartitionKey}, {@code @ClusteringColumn} with its order, {@code @Static}, {@code @Counter},
 * {@code @Frozen}, {@code @ASCII}, {@code @TimeUUID}), a {@code @UDT} class per user-defined type, Achilles'
 * {@code TupleN} for tuples, and {@code ProfileCalls}, which calls the manager Achilles' annotation processor
 * generates for the entity. Compiled with that processor when the worker starts.
 */
final class AchillesProfileSources {

    static final String PACKAGE = "cqlbench.generated.achilles";
    /** The package of what Achilles' processor generates, whatever the entities: the profile's comes first. */
    static final String GENERATED = "info.archinnov.achilles.generated";
    private static final String TUPLES = "info.archinnov.achilles.type.tuples";

    /** The DSL's method for each operator of a condition on columns. */
    private static final Map<String, String> OPERATORS = Map.of("=", "Eq", "!=", "NotEq", "<", "Lt", "<=", "Lte",
            ">", "Gt", ">=", "Gte");

    private final Profile profile;
    private final String keyspace;
    private final ProfileEntity entity;
    final List<DataType> types = new ArrayList<>();
    /** The user-defined types the table uses, each compiled as class {@code Udt<index>}. */
    final List<UserType> udts = new ArrayList<>();

    AchillesProfileSources(Profile profile, String keyspace, TableMetadata table) {
        this.profile = profile;
        this.keyspace = keyspace;
        List<TypeName> javaTypes = new ArrayList<>();
        for (Profile.Column column : profile.columns()) {
            DataType type = table.getColumn(Statements.identifier(column.name())).getType();
            types.add(type);
            javaTypes.add(javaType(type));
        }
        this.entity = new ProfileEntity(profile, PACKAGE, javaTypes);
    }

    /** Class name → source. */
    Map<String, String> sources(TableMetadata table) {
        List<TypeSpec> sources = new ArrayList<>();
        sources.add(entity(table));
        for (int u = 0; u < udts.size(); u++) {
            sources.add(udt(u));
        }
        sources.add(calls());
        return entity.sources(sources);
    }

    private TypeSpec entity(TableMetadata table) {
        return entity.row(List.of(annotationCode(CompileTimeConfig.class, "cassandraVersion", "$T.$L",
                        CassandraVersion.class, CassandraVersion.CASSANDRA_3_11_4),
                AnnotationSpec.builder(Table.class).addMember("keyspace", "$S", keyspace)
                        .addMember("table", "$S", profile.table()).build()), c -> {
            Profile.Column column = profile.columns().get(c);
            List<AnnotationSpec> annotations = new ArrayList<>();
            int position = entity.keyPosition(c); // Achilles numbers key columns from 1
            switch (column.kind()) {
                case Profile.PARTITION_KEY -> annotations.add(annotationCode(PartitionKey.class, "value", "$L",
                        position + 1));
                case Profile.CLUSTERING -> annotations.add(AnnotationSpec.builder(ClusteringColumn.class)
                        .addMember("value", "$L", position + 1)
                        .addMember("asc", "$L", table.getClusteringOrder().get(position) == ClusteringOrder.ASC)
                        .build());
                case Profile.STATIC -> annotations.add(annotation(Static.class));
                default -> { }
            }
            if (types.get(c).getName() == DataType.Name.COUNTER) {
                annotations.add(annotation(Counter.class));
            }
            annotations.addAll(annotations(types.get(c)));
            annotations.add(annotation(Column.class, "value", column.name()));
            return annotations;
        }).spec();
    }

    private TypeSpec udt(int u) {
        UserType type = udts.get(u);
        List<Bean.Property> properties = new ArrayList<>();
        for (UserType.Field field : type) {
            List<AnnotationSpec> annotations = new ArrayList<>(annotations(field.getType()));
            annotations.add(annotation(Column.class, "value", field.getName()));
            properties.add(new Bean.Property(ProfileEntity.javaName(field.getName()), javaType(field.getType()),
                    annotations));
        }
        return new Bean(udtClass(u), List.of(AnnotationSpec.builder(UDT.class).addMember("keyspace", "$S", keyspace)
                .addMember("name", "$S", type.getTypeName()).build()), properties).spec();
    }

    private static ClassName udtClass(int u) {
        return ClassName.get(PACKAGE, "Udt" + u);
    }

    /** The annotations Achilles reads a CQL type by, besides its Java type's. */
    private static List<AnnotationSpec> annotations(DataType type) {
        return switch (type.getName()) {
            case ASCII -> List.of(annotation(ASCII.class));
            case TIMEUUID -> List.of(annotation(TimeUUID.class));
            case LIST, SET, MAP, UDT -> type.isFrozen() ? List.of(annotation(Frozen.class)) : List.of();
            default -> List.of();
        };
    }

    /** The Java type Achilles maps {@code type} to, with type arguments' annotations. */
    private TypeName javaType(DataType type) {
        List<DataType> args = type.getTypeArguments();
        return switch (type.getName()) {
            case ASCII, TEXT, VARCHAR -> ClassName.get(String.class);
            case BLOB -> ClassName.get(java.nio.ByteBuffer.class);
            case BOOLEAN -> ClassName.get(Boolean.class);
            case TINYINT -> ClassName.get(Byte.class);
            case SMALLINT -> ClassName.get(Short.class);
            case INT -> ClassName.get(Integer.class);
            case BIGINT, COUNTER -> ClassName.get(Long.class);
            case VARINT -> ClassName.get(java.math.BigInteger.class);
            case DECIMAL -> ClassName.get(java.math.BigDecimal.class);
            case FLOAT -> ClassName.get(Float.class);
            case DOUBLE -> ClassName.get(Double.class);
            case DATE -> ClassName.get(java.time.LocalDate.class);
            case TIME -> ClassName.get(java.time.LocalTime.class);
            case TIMESTAMP -> ClassName.get(java.time.Instant.class);
            case UUID, TIMEUUID -> ClassName.get(java.util.UUID.class);
            case INET -> ClassName.get(java.net.InetAddress.class);
            case DURATION -> ClassName.get(com.datastax.driver.core.Duration.class);
            case LIST -> ParameterizedTypeName.get(ClassName.get(List.class), argument(args.get(0)));
            case SET -> ParameterizedTypeName.get(ClassName.get(java.util.Set.class), argument(args.get(0)));
            case MAP -> ParameterizedTypeName.get(ClassName.get(Map.class), argument(args.get(0)),
                    argument(args.get(1)));
            case TUPLE -> {
                List<TypeName> components = new ArrayList<>();
                ((TupleType) type).getComponentTypes().forEach(t -> components.add(argument(t)));
                yield ParameterizedTypeName.get(ClassName.get(TUPLES, "Tuple" + components.size()),
                        components.toArray(TypeName[]::new));
            }
            case UDT -> udtClass(udtIndex((UserType) type));
            default -> throw new IllegalArgumentException("Achilles 6.1 maps no Java type to CQL " + type);
        };
    }

    private TypeName argument(DataType type) {
        return javaType(type).annotated(annotations(type));
    }

    /** The index of a user-defined type's class, its fields' types first. */
    int udtIndex(UserType type) {
        for (int u = 0; u < udts.size(); u++) {
            if (udts.get(u).getTypeName().equals(type.getTypeName())) {
                return u;
            }
        }
        for (UserType.Field field : type) {
            javaType(field.getType());
        }
        udts.add(type);
        return udts.size() - 1;
    }

    /** {@link AchillesProfileCalls} of the entity: each call one of the manager Achilles generates for it. */
    private TypeSpec calls() {
        ClassName row = entity.row();
        ClassName factory = ClassName.get(GENERATED, "ManagerFactory");
        ClassName manager = ClassName.get(GENERATED + ".manager", ProfileEntity.ROW + "_Manager");
        TypeName builder = ParameterizedTypeName.get(ClassName.get(Function.class),
                ParameterizedTypeName.get(ClassName.get(AbstractManagerFactoryBuilder.class),
                        WildcardTypeName.subtypeOf(Object.class)), ClassName.get(AbstractManagerFactory.class));
        TypeName statement = ClassName.get(BoundStatement.class);
        TypeSpec.Builder calls = TypeSpec.classBuilder("ProfileCalls").addModifiers(Modifier.PUBLIC, Modifier.FINAL)
                .addSuperinterface(ParameterizedTypeName.get(ClassName.get(AchillesProfileCalls.class), row))
                .addField(factory, "factory", Modifier.PRIVATE, Modifier.FINAL)
                .addField(manager, "manager", Modifier.PRIVATE, Modifier.FINAL)
                .addField(VALUES, "conditions", Modifier.PRIVATE)
                .addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PUBLIC)
                        .addParameter(Cluster.class, "cluster").addParameter(builder, "build")
                        .addStatement("this.factory = ($T) build.apply($T.builder(cluster))", factory,
                                ClassName.get(GENERATED, "ManagerFactoryBuilder"))
                        .addStatement("this.manager = factory.for$L()", ProfileEntity.ROW).build())
                .addMethod(MethodSpec.methodBuilder("factory").addAnnotation(Override.class)
                        .addModifiers(Modifier.PUBLIC).returns(AbstractManagerFactory.class)
                        .addStatement("return factory").build())
                .addMethod(implementing("entity", row, VALUES, "v", "return $T.of(v)", row))
                .addMethod(implementing("values", VALUES, row, "e", "return e.values()"))
                .addMethod(udtSwitch("udt", ClassName.OBJECT, "v", VALUES, "return $T.of(v)"))
                .addMethod(udtSwitch("udtValues", VALUES, "v", ClassName.OBJECT, "return (($T) v).values()"))
                .addMethod(implementing("conditionValues", TypeName.VOID, VALUES, "v", "this.conditions = v"));
        CodeBlock unsupported = CodeBlock.of("throw new $T()", UnsupportedOperationException.class);
        if (profile.counterTable()) { // a counter entity has no crud().insert: Achilles increments through its DSL
            CodeBlock refused = CodeBlock.of("$L;\n", unsupported);
            calls.addMethod(insert("insert", TypeName.VOID, refused))
                    .addMethod(insert("insertStatement", statement, refused));
        } else {
            calls.addMethod(insert("insert", TypeName.VOID, CodeBlock.of("if (ifNotExists) {\n"
                    + "  manager.crud().insert(e).ifNotExists().execute();\n} else {\n"
                    + "  manager.crud().insert(e).execute();\n}\n")))
                    .addMethod(insert("insertStatement", statement, CodeBlock.of("return ifNotExists\n"
                            + "    ? manager.crud().insert(e).ifNotExists().generateAndGetBoundStatement()\n"
                            + "    : manager.crud().insert(e).generateAndGetBoundStatement();\n")));
        }
        List<Conditions.Relation> comparisons = Conditions.of(profile);
        CodeBlock conditional = null;
        if (comparisons != null) {
            CodeBlock.Builder chain = CodeBlock.builder().add("manager.dsl().update().fromBaseTable()");
            for (int c = 0; c < entity.columns(); c++) {
                if (!profile.columns().get(c).key()) {
                    chain.add(".$N().Set(e.$N())", entity.field(c), entity.getter(c));
                }
            }
            chain.add(where());
            for (int i = 0; i < comparisons.size(); i++) {
                Conditions.Relation comparison = comparisons.get(i);
                int c = profile.indexOf(comparison.column());
                chain.add(".if_$N().$N(($T) conditions[$L])", entity.getter(c).substring(3),
                        OPERATORS.get(comparison.operator()), entity.type(c), i);
            }
            conditional = chain.build();
        }
        calls.addMethods(dsl("conditional", conditional, statement, unsupported));
        CodeBlock increment = null;
        if (profile.counterTable()) {
            CodeBlock.Builder chain = CodeBlock.builder().add("manager.dsl().update().fromBaseTable()");
            for (int c = 0; c < entity.columns(); c++) {
                if (!profile.columns().get(c).key()) {
                    chain.add(".$N().Incr(e.$N())", entity.field(c), entity.getter(c));
                }
            }
            increment = chain.add(where()).build();
        }
        calls.addMethods(dsl("increment", increment, statement, unsupported));
        TypeName statementOf = ClassName.get(PreparedStatement.class);
        return calls.addMethod(implementing("read", row, VALUES, "k", "return manager.crud().findById($L).get()",
                        entity.keyArguments("k")))
                .addMethod(raw("typedQuery", ParameterizedTypeName.get(ClassName.get(List.class),
                        WildcardTypeName.subtypeOf(Object.class)), statementOf,
                        "return manager.raw().typedQueryForSelect(s, v).getList()"))
                .addMethod(raw("nativeQuery", ParameterizedTypeName.get(ClassName.get(List.class),
                        ClassName.get(TypedMap.class)), statementOf,
                        "return manager.raw().nativeQuery(s, v).getTypedMaps()"))
                .addMethod(raw("execute", TypeName.VOID, statementOf, "manager.raw().nativeQuery(s, v).execute()"))
                .build();
    }

    /** {@code name(int u, from v)}: the statement for user-defined type {@code u}'s class, by its index. */
    private MethodSpec udtSwitch(String name, TypeName returns, String parameter, TypeName from, String statement) {
        CodeBlock.Builder cases = CodeBlock.builder().beginControlFlow("switch (u)");
        for (int u = 0; u < udts.size(); u++) {
            cases.add("case $L:\n", u).indent().addStatement(statement, udtClass(u)).unindent();
        }
        cases.add("default:\n").indent().addStatement("throw new $T($S + u)", IllegalArgumentException.class,
                "no type ").unindent().endControlFlow();
        return MethodSpec.methodBuilder(name).addAnnotation(Override.class).addModifiers(Modifier.PUBLIC)
                .returns(returns).addParameter(int.class, "u").addParameter(from, parameter).addCode(cases.build())
                .build();
    }

    /** An insert call, {@code name(E e, boolean ifNotExists)}, of {@code body}. */
    private MethodSpec insert(String name, TypeName returns, CodeBlock body) {
        return MethodSpec.methodBuilder(name).addAnnotation(Override.class).addModifiers(Modifier.PUBLIC)
                .returns(returns).addParameter(entity.row(), "e").addParameter(boolean.class, "ifNotExists")
                .addCode(body).build();
    }

    /** A DSL call executed ({@code name}) and as a statement ({@code nameStatement}); unsupported without a chain. */
    private List<MethodSpec> dsl(String name, CodeBlock chain, TypeName statement, CodeBlock unsupported) {
        return List.of(implementing(name, TypeName.VOID, entity.row(), "e", "$L", chain == null ? unsupported
                        : CodeBlock.of("$L.execute()", chain)),
                implementing(name + "Statement", statement, entity.row(), "e", "$L", chain == null ? unsupported
                        : CodeBlock.of("return $L.generateAndGetBoundStatement()", chain)));
    }

    /** A raw statement's call, {@code name(PreparedStatement s, Object[] v)}. */
    private static MethodSpec raw(String name, TypeName returns, TypeName statementOf, String statement) {
        return MethodSpec.methodBuilder(name).addAnnotation(Override.class).addModifiers(Modifier.PUBLIC)
                .returns(returns).addParameter(statementOf, "s").addParameter(VALUES, "v")
                .addStatement(statement).build();
    }

    /** The DSL's {@code .where()} with the row's whole primary key. */
    private CodeBlock where() {
        CodeBlock.Builder where = CodeBlock.builder().add(".where()");
        for (int c = 0; c < entity.keys(); c++) {
            where.add(".$N().Eq(e.$N())", entity.field(c), entity.getter(c));
        }
        return where.build();
    }
}
