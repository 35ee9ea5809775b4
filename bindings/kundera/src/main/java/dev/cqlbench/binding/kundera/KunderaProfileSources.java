package dev.cqlbench.binding.kundera;

import dev.cqlbench.profile.CqlType;
import dev.cqlbench.profile.EntityCompiler;
import dev.cqlbench.profile.Profile;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The JPA classes a Kundera user would write for a profile's table: an {@code @Entity} with an {@code @Id}, or an
 * {@code @EmbeddedId} key class (its first field an {@code @Embedded} partition key class when the partition key has
 * several columns, as Kundera's compound keys are written), collections as {@code List}/{@code Set}/{@code Map}
 * fields ({@code @ElementCollection} when they hold a user-defined type), a user-defined type as an
 * {@code @Embedded} {@code @Embeddable}; and the persistence unit that lists them. Kundera maps what its
 * DataStax-driver client reads (its {@code DSClientUtilities}); the types it does not read are the binding's limits.
 */
final class KunderaProfileSources {

    static final String PACKAGE = "cqlbench.generated.kundera";
    static final String PERSISTENCE_UNIT = "cqlbench_kundera_profile";
    private static final String J = "javax.persistence.";

    private final Profile profile;
    private final List<String> fields = new ArrayList<>();
    private final List<String> javaTypes = new ArrayList<>();
    /** The user-defined types the table uses, each class {@code Udt<index>}, by name. */
    final List<String> udts = new ArrayList<>();
    private final Map<String, String> sources = new LinkedHashMap<>();

    KunderaProfileSources(Profile profile) {
        this.profile = profile;
        for (Profile.Column column : profile.columns()) {
            fields.add(EntityCompiler.javaName(column.name()));
            javaTypes.add(javaType(column.cqlType()));
        }
    }

    /** Whether the key is one column ({@code @Id}) rather than a key class ({@code @EmbeddedId}). */
    boolean simpleKey() {
        return profile.primaryKey().size() == 1;
    }

    /** Class name → source. */
    Map<String, String> sources() {
        Map<String, String> out = new LinkedHashMap<>();
        int keys = profile.primaryKey().size();
        int partition = profile.partitionKey().size();
        if (!simpleKey()) {
            if (partition > 1) {
                out.put(PACKAGE + ".ProfilePartitionKey", embeddable("ProfilePartitionKey", 0, partition, null));
            }
            out.put(PACKAGE + ".ProfileKey", embeddable("ProfileKey", partition > 1 ? partition : 0, keys,
                    partition > 1 ? "ProfilePartitionKey" : null));
        }
        out.putAll(sources);
        out.put(PACKAGE + ".ProfileRow", entity());
        return out;
    }

    /** {@code META-INF/persistence.xml} → its text: a unit of its own listing the classes. */
    Map<String, String> resources() {
        StringBuilder classes = new StringBuilder();
        sources().keySet().forEach(c -> classes.append("    <class>").append(c).append("</class>\n"));
        return Map.of("META-INF/persistence.xml", """
                <?xml version="1.0" encoding="UTF-8"?>
                <persistence xmlns="http://java.sun.com/xml/ns/persistence" version="2.0">
                  <persistence-unit name="%s">
                    <provider>com.impetus.kundera.KunderaPersistence</provider>
                %s    <exclude-unlisted-classes>true</exclude-unlisted-classes>
                  </persistence-unit>
                </persistence>
                """.formatted(PERSISTENCE_UNIT, classes));
    }

    /** An {@code @Embeddable} key class of columns {@code from}…{@code to} (after its partition key class if any). */
    private String embeddable(String name, int from, int to, String partitionKeyClass) {
        List<String> annotations = new ArrayList<>();
        List<String> types = new ArrayList<>();
        List<String> names = new ArrayList<>();
        if (partitionKeyClass != null) {
            annotations.add("@" + J + "Embedded");
            types.add(partitionKeyClass);
            names.add("partition_key"); // no column's Java name has '_' (EntityCompiler.javaName): no clash
        }
        for (int c = from; c < to; c++) {
            annotations.add(column(c));
            types.add(javaTypes.get(c));
            names.add(fields.get(c));
        }
        return EntityCompiler.entity(PACKAGE, name, "@" + J + "Embeddable", annotations, types, names);
    }

    private String column(int c) {
        CqlType type = profile.columns().get(c).cqlType();
        String collection = type.isCollection() && holdsUdt(type) ? "@" + J + "ElementCollection " : "";
        String embedded = type.isUdt() ? "@" + J + "Embedded " : "";
        return collection + embedded + "@" + J + "Column(name = " + EntityCompiler.literal(profile.columns().get(c)
                .name()) + ")";
    }

    private static boolean holdsUdt(CqlType type) {
        return type.isUdt() || type.args().stream().anyMatch(KunderaProfileSources::holdsUdt);
    }

    private String entity() {
        StringBuilder s = new StringBuilder("package " + PACKAGE + ";\n@" + J + "Entity\n@" + J + "Table(name = "
                + EntityCompiler.literal(profile.table()) + ")\npublic class ProfileRow {\n");
        int keys = profile.primaryKey().size();
        int partition = profile.partitionKey().size();
        if (simpleKey()) {
            s.append("  @" + J + "Id ").append(column(0)).append(' ').append(javaTypes.get(0)).append(' ')
                    .append(fields.get(0)).append(";\n");
        } else {
            s.append("  @" + J + "EmbeddedId ProfileKey profile_key;\n");
        }
        for (int c = keys; c < fields.size(); c++) {
            s.append("  ").append(column(c)).append(' ').append(javaTypes.get(c)).append(' ').append(fields.get(c))
                    .append(";\n");
        }
        List<String> keyArgs = new ArrayList<>();
        for (int c = 0; c < keys; c++) {
            keyArgs.add("v[" + c + "]");
        }
        String keyOf = simpleKey() ? "v[0]" : partition > 1
                ? "ProfileKey.of(concat(ProfilePartitionKey.of(java.util.Arrays.copyOfRange(v, 0, " + partition
                + ")), java.util.Arrays.copyOfRange(v, " + partition + ", " + keys + ")))"
                : "ProfileKey.of(java.util.Arrays.copyOfRange(v, 0, " + keys + "))";
        s.append("  public ProfileRow() {}\n")
                .append("  /** The key an EntityManager finds a row by, from the key's values in order. */\n")
                .append("  public static Object key(Object[] v) { return ").append(keyOf).append("; }\n")
                .append("  private static Object[] concat(Object first, Object[] rest) {\n")
                .append("    Object[] out = new Object[rest.length + 1];\n    out[0] = first;\n")
                .append("    System.arraycopy(rest, 0, out, 1, rest.length);\n    return out;\n  }\n")
                .append("  public static ProfileRow of(Object[] v) {\n    ProfileRow e = new ProfileRow();\n");
        s.append(simpleKey() ? "    e." + fields.get(0) + " = (" + javaTypes.get(0) + ") v[0];\n"
                : "    e.profile_key = (ProfileKey) key(v);\n");
        for (int c = keys; c < fields.size(); c++) {
            s.append("    e.").append(fields.get(c)).append(" = (").append(javaTypes.get(c)).append(") v[").append(c)
                    .append("];\n");
        }
        // (locals with '_', which no column's Java name has, and fields through this.: nothing shadows)
        s.append("    return e;\n  }\n  public Object[] values() {\n    Object[] v_ = new Object[")
                .append(fields.size()).append("];\n");
        if (simpleKey()) {
            s.append("    v_[0] = this.").append(fields.get(0)).append(";\n");
        } else {
            // (a query that selects no key column gives entities without a key)
            s.append("    Object[] k_ = profile_key == null ? new Object[")
                    .append(partition > 1 ? keys - partition + 1 : keys).append("] : profile_key.values();\n");
            if (partition > 1) {
                s.append("    Object[] p_ = k_[0] == null ? new Object[").append(partition)
                        .append("] : ((ProfilePartitionKey) k_[0]).values();\n    System.arraycopy(p_, 0, v_, 0, ")
                        .append(partition).append(");\n    System.arraycopy(k_, 1, v_, ").append(partition)
                        .append(", ").append(keys - partition).append(");\n");
            } else {
                s.append("    System.arraycopy(k_, 0, v_, 0, ").append(keys).append(");\n");
            }
        }
        for (int c = keys; c < fields.size(); c++) {
            s.append("    v_[").append(c).append("] = this.").append(fields.get(c)).append(";\n");
        }
        return s.append("    return v_;\n  }\n}\n").toString();
    }

    /** The Java type Kundera maps a CQL type to; a user-defined type's class is made once. */
    private String javaType(CqlType type) {
        if (type.isUdt()) {
            return udtClass(type.name());
        }
        List<CqlType> args = type.args();
        return switch (type.name()) {
            case "text", "ascii", "varchar" -> "String";
            case "blob" -> "byte[]";
            case "boolean" -> "Boolean";
            case "int" -> "Integer";
            case "bigint" -> "Long";
            case "varint" -> "java.math.BigInteger";
            case "decimal" -> "java.math.BigDecimal";
            case "float" -> "Float";
            case "double" -> "Double";
            case "timestamp" -> "java.util.Date";
            case "uuid", "timeuuid" -> "java.util.UUID";
            case "inet" -> "java.net.InetAddress";
            case "list" -> "java.util.List<" + javaType(args.get(0)) + ">";
            case "set" -> "java.util.Set<" + javaType(args.get(0)) + ">";
            case "map" -> "java.util.Map<" + javaType(args.get(0)) + ", " + javaType(args.get(1)) + ">";
            default -> throw new IllegalArgumentException("Kundera's driver client reads no CQL " + type.name()
                    + " (a limit of the binding that should have kept this profile from it)");
        };
    }

    private String udtClass(String name) {
        int index = udts.indexOf(name);
        if (index >= 0) {
            return "Udt" + index;
        }
        Profile.UserType type = profile.type(name);
        List<String> annotations = new ArrayList<>();
        List<String> types = new ArrayList<>();
        List<String> names = new ArrayList<>();
        for (Profile.Field field : type.fields()) {
            CqlType fieldType = CqlType.parse(field.type());
            annotations.add((fieldType.isUdt() ? "@" + J + "Embedded " : "") + "@" + J + "Column(name = "
                    + EntityCompiler.literal(field.name()) + ")");
            types.add(javaType(fieldType));
            names.add(EntityCompiler.javaName(field.name()));
        }
        udts.add(name);
        String className = "Udt" + (udts.size() - 1);
        sources.put(PACKAGE + "." + className, EntityCompiler.entity(PACKAGE, className, "@" + J + "Embeddable",
                annotations, types, names));
        return className;
    }
}
