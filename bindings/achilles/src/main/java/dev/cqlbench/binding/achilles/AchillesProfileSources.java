package dev.cqlbench.binding.achilles;

import com.datastax.driver.core.DataType;
import com.datastax.driver.core.TableMetadata;
import com.datastax.driver.core.UserType;
import dev.cqlbench.profile.Conditions;
import dev.cqlbench.profile.EntityCompiler;
import dev.cqlbench.profile.Profile;
import dev.cqlbench.profile.Statements;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

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
    private static final String IMPORTS = "import java.util.*;\nimport java.math.*;\nimport java.time.LocalDate;\n"
            + "import java.time.LocalTime;\nimport java.time.Instant;\nimport java.net.InetAddress;\n"
            + "import java.nio.ByteBuffer;\nimport info.archinnov.achilles.annotations.*;\n"
            + "import info.archinnov.achilles.type.tuples.*;\n";

    /** The DSL's method for each operator of a condition on columns. */
    private static final Map<String, String> OPERATORS = Map.of("=", "Eq", "!=", "NotEq", "<", "Lt", "<=", "Lte",
            ">", "Gt", ">=", "Gte");

    private final Profile profile;
    private final String keyspace;
    final List<DataType> types = new ArrayList<>();
    final List<String> fields = new ArrayList<>();
    private final List<String> javaTypes = new ArrayList<>();
    /** The user-defined types the table uses, each compiled as class {@code Udt<index>}. */
    final List<UserType> udts = new ArrayList<>();

    AchillesProfileSources(Profile profile, String keyspace, TableMetadata table) {
        this.profile = profile;
        this.keyspace = keyspace;
        for (Profile.Column column : profile.columns()) {
            DataType type = table.getColumn(Statements.identifier(column.name())).getType();
            types.add(type);
            fields.add(EntityCompiler.javaName(column.name()));
            javaTypes.add(javaType(type));
        }
    }

    /** Class name → source. */
    Map<String, String> sources(TableMetadata table) {
        Map<String, String> sources = new LinkedHashMap<>();
        sources.put(PACKAGE + ".ProfileRow", entity(table));
        for (int u = 0; u < udts.size(); u++) {
            sources.put(PACKAGE + ".Udt" + u, udt(u));
        }
        sources.put(PACKAGE + ".ProfileCalls", calls());
        return sources;
    }

    private String entity(TableMetadata table) {
        List<String> annotations = new ArrayList<>();
        int partition = 1;
        int clustering = 1;
        for (int c = 0; c < fields.size(); c++) {
            Profile.Column column = profile.columns().get(c);
            String key = switch (column.kind()) {
                case Profile.PARTITION_KEY -> "@PartitionKey(" + partition++ + ") ";
                case Profile.CLUSTERING -> "@ClusteringColumn(value = " + clustering + ", asc = "
                        + (table.getClusteringOrder().get(clustering++ - 1)
                        == com.datastax.driver.core.ClusteringOrder.ASC) + ") ";
                case Profile.STATIC -> "@Static ";
                default -> "";
            };
            String counter = types.get(c).getName() == DataType.Name.COUNTER ? "@Counter " : "";
            annotations.add(key + counter + annotations(types.get(c)) + "@Column(" + EntityCompiler.literal(
                    column.name()) + ")");
        }
        return EntityCompiler.entity(PACKAGE, IMPORTS + "@CompileTimeConfig(cassandraVersion = "
                + "info.archinnov.achilles.type.CassandraVersion.CASSANDRA_3_11_4)\n@Table(keyspace = "
                + EntityCompiler.literal(keyspace) + ", table = " + EntityCompiler.literal(profile.table()) + ")",
                annotations, javaTypes, fields);
    }

    private String udt(int u) {
        UserType type = udts.get(u);
        List<String> annotations = new ArrayList<>();
        List<String> udtTypes = new ArrayList<>();
        List<String> udtFields = new ArrayList<>();
        for (UserType.Field field : type) {
            annotations.add(annotations(field.getType()) + "@Column(" + EntityCompiler.literal(field.getName()) + ")");
            udtTypes.add(javaType(field.getType()));
            udtFields.add(EntityCompiler.javaName(field.getName()));
        }
        return EntityCompiler.entity(PACKAGE, "Udt" + u, IMPORTS + "@UDT(keyspace = " + EntityCompiler.literal(
                keyspace) + ", name = " + EntityCompiler.literal(type.getTypeName()) + ")", annotations, udtTypes,
                udtFields);
    }

    /** The annotations Achilles reads a CQL type by, besides its Java type's. */
    private static String annotations(DataType type) {
        return switch (type.getName()) {
            case ASCII -> "@ASCII ";
            case TIMEUUID -> "@TimeUUID ";
            case LIST, SET, MAP, UDT -> type.isFrozen() ? "@Frozen " : "";
            default -> "";
        };
    }

    /** The Java type Achilles maps {@code type} to, with type arguments' annotations. */
    private String javaType(DataType type) {
        List<DataType> args = type.getTypeArguments();
        return switch (type.getName()) {
            case ASCII, TEXT, VARCHAR -> "String";
            case BLOB -> "ByteBuffer";
            case BOOLEAN -> "Boolean";
            case TINYINT -> "Byte";
            case SMALLINT -> "Short";
            case INT -> "Integer";
            case BIGINT, COUNTER -> "Long";
            case VARINT -> "BigInteger";
            case DECIMAL -> "BigDecimal";
            case FLOAT -> "Float";
            case DOUBLE -> "Double";
            case DATE -> "LocalDate";
            case TIME -> "LocalTime";
            case TIMESTAMP -> "Instant";
            case UUID, TIMEUUID -> "UUID";
            case INET -> "InetAddress";
            case DURATION -> "com.datastax.driver.core.Duration";
            case LIST -> "List<" + argument(args.get(0)) + ">";
            case SET -> "Set<" + argument(args.get(0)) + ">";
            case MAP -> "Map<" + argument(args.get(0)) + ", " + argument(args.get(1)) + ">";
            case TUPLE -> {
                List<String> components = new ArrayList<>();
                ((com.datastax.driver.core.TupleType) type).getComponentTypes()
                        .forEach(t -> components.add(argument(t)));
                yield "Tuple" + components.size() + "<" + String.join(", ", components) + ">";
            }
            case UDT -> "Udt" + udtIndex((UserType) type);
            default -> throw new IllegalArgumentException("Achilles 6.1 maps no Java type to CQL " + type);
        };
    }

    private String argument(DataType type) {
        return annotations(type) + javaType(type);
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

    private String calls() {
        StringBuilder s = new StringBuilder("package " + PACKAGE + ";\nimport " + GENERATED + ".ManagerFactory;\n"
                + "import " + GENERATED + ".ManagerFactoryBuilder;\n" + "import " + GENERATED
                + ".manager.ProfileRow_Manager;\n" + IMPORTS
                + "public final class ProfileCalls implements " + AchillesProfileCalls.class.getName() + " {\n"
                + "  private final ManagerFactory factory;\n  private final ProfileRow_Manager manager;\n"
                + "  public ProfileCalls(com.datastax.driver.core.Cluster cluster, java.util.function.Function<"
                + "info.archinnov.achilles.bootstrap.AbstractManagerFactoryBuilder<?>, "
                + "info.archinnov.achilles.internals.runtime.AbstractManagerFactory> build) {\n"
                + "    this.factory = (ManagerFactory) build.apply(ManagerFactoryBuilder.builder(cluster));\n"
                + "    this.manager = factory.forProfileRow();\n  }\n"
                + "  public info.archinnov.achilles.internals.runtime.AbstractManagerFactory factory() { return "
                + "factory; }\n"
                + "  public Object entity(Object[] v) { return ProfileRow.of(v); }\n"
                + "  public Object[] values(Object e) { return ((ProfileRow) e).values(); }\n"
                + "  public Object udt(int u, Object[] v) {\n    switch (u) {\n");
        for (int u = 0; u < udts.size(); u++) {
            s.append("      case ").append(u).append(": return Udt").append(u).append(".of(v);\n");
        }
        s.append("      default: throw new IllegalArgumentException(\"no type \" + u);\n    }\n  }\n"
                + "  public Object[] udtValues(int u, Object v) {\n    switch (u) {\n");
        for (int u = 0; u < udts.size(); u++) {
            s.append("      case ").append(u).append(": return ((Udt").append(u).append(") v).values();\n");
        }
        s.append("      default: throw new IllegalArgumentException(\"no type \" + u);\n    }\n  }\n");
        String unsupported = " { throw new UnsupportedOperationException(); }\n";
        if (profile.counterTable()) { // a counter entity has no crud().insert: Achilles increments through its DSL
            s.append("  public void insert(Object e, boolean ifNotExists)").append(unsupported)
                    .append("  public com.datastax.driver.core.BoundStatement insertStatement(Object e, boolean "
                            + "ifNotExists)").append(unsupported);
        } else {
            s.append("  public void insert(Object e, boolean ifNotExists) {\n"
                    + "    if (ifNotExists) { manager.crud().insert((ProfileRow) e).ifNotExists().execute(); }\n"
                    + "    else { manager.crud().insert((ProfileRow) e).execute(); }\n  }\n"
                    + "  public com.datastax.driver.core.BoundStatement insertStatement(Object e, "
                    + "boolean ifNotExists) {\n"
                    + "    return ifNotExists ? manager.crud().insert((ProfileRow) e).ifNotExists()"
                    + ".generateAndGetBoundStatement()\n        : manager.crud().insert((ProfileRow) e)"
                    + ".generateAndGetBoundStatement();\n  }\n");
        }
        List<Conditions.Comparison> comparisons = Conditions.of(profile);
        s.append("  private Object[] conditions;\n  public void conditionValues(Object[] v) { conditions = v; }\n");
        if (comparisons != null) {
            StringBuilder chain = new StringBuilder("manager.dsl().update().fromBaseTable()");
            for (int c = 0; c < fields.size(); c++) {
                if (!profile.columns().get(c).key()) {
                    chain.append('.').append(fields.get(c)).append("().Set(r.").append(getter(c)).append("())");
                }
            }
            chain.append(where());
            for (int i = 0; i < comparisons.size(); i++) {
                Conditions.Comparison comparison = comparisons.get(i);
                int c = profile.indexOf(comparison.column());
                String f = fields.get(c);
                chain.append(".if_").append(Character.toUpperCase(f.charAt(0))).append(f.substring(1)).append("().")
                        .append(OPERATORS.get(comparison.operator())).append("((").append(javaTypes.get(c))
                        .append(") conditions[").append(i).append("])");
            }
            s.append("  public void conditional(Object e) { ProfileRow r = (ProfileRow) e; ").append(chain)
                    .append(".execute(); }\n  public com.datastax.driver.core.BoundStatement conditionalStatement("
                            + "Object e) { ProfileRow r = (ProfileRow) e; return ").append(chain)
                    .append(".generateAndGetBoundStatement(); }\n");
        } else {
            s.append("  public void conditional(Object e)").append(unsupported)
                    .append("  public com.datastax.driver.core.BoundStatement conditionalStatement(Object e)")
                    .append(unsupported);
        }
        if (profile.counterTable()) {
            StringBuilder chain = new StringBuilder("manager.dsl().update().fromBaseTable()");
            for (int c = 0; c < fields.size(); c++) {
                if (!profile.columns().get(c).key()) {
                    chain.append('.').append(fields.get(c)).append("().Incr(r.").append(getter(c)).append("())");
                }
            }
            chain.append(where());
            s.append("  public void increment(Object e) { ProfileRow r = (ProfileRow) e; ").append(chain)
                    .append(".execute(); }\n  public com.datastax.driver.core.BoundStatement incrementStatement("
                            + "Object e) { ProfileRow r = (ProfileRow) e; return ").append(chain)
                    .append(".generateAndGetBoundStatement(); }\n");
        } else {
            s.append("  public void increment(Object e)").append(unsupported)
                    .append("  public com.datastax.driver.core.BoundStatement incrementStatement(Object e)")
                    .append(unsupported);
        }
        List<String> key = new ArrayList<>();
        for (int c = 0; c < profile.primaryKey().size(); c++) {
            key.add("(" + javaTypes.get(c) + ") k[" + c + "]");
        }
        return s.append("  @SuppressWarnings(\"unchecked\") public Object find(Object[] k) { return "
                        + "manager.crud().findById(").append(String.join(", ", key)).append(").get(); }\n"
                + "  public List<?> typedQuery(com.datastax.driver.core.PreparedStatement s, Object[] v) {\n"
                + "    return manager.raw().typedQueryForSelect(s, v).getList();\n  }\n"
                + "  public List<info.archinnov.achilles.type.TypedMap> nativeQuery("
                + "com.datastax.driver.core.PreparedStatement s, Object[] v) {\n"
                + "    return manager.raw().nativeQuery(s, v).getTypedMaps();\n  }\n"
                + "  public void execute(com.datastax.driver.core.PreparedStatement s, Object[] v) {\n"
                + "    manager.raw().nativeQuery(s, v).execute();\n  }\n}\n").toString();
    }

    /** The DSL's {@code .where()} with the row's whole primary key. */
    private String where() {
        StringBuilder where = new StringBuilder(".where()");
        for (int c = 0; c < profile.primaryKey().size(); c++) {
            where.append('.').append(fields.get(c)).append("().Eq(r.").append(getter(c)).append("())");
        }
        return where.toString();
    }

    private String getter(int c) {
        String f = fields.get(c);
        return "get" + Character.toUpperCase(f.charAt(0)) + f.substring(1);
    }
}
