package dev.cqlbench.binding.kundera;

import static dev.cqlbench.profile.sources.ProfileEntity.VALUES;
import static dev.cqlbench.profile.sources.ProfileEntity.annotation;

import com.palantir.javapoet.AnnotationSpec;
import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import dev.cqlbench.profile.CqlType;
import dev.cqlbench.profile.Profile;
import dev.cqlbench.profile.sources.Bean;
import dev.cqlbench.profile.sources.ProfileEntity;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import javax.lang.model.element.Modifier;
import javax.persistence.Column;
import javax.persistence.ElementCollection;
import javax.persistence.Embeddable;
import javax.persistence.Embedded;
import javax.persistence.EmbeddedId;
import javax.persistence.Entity;
import javax.persistence.Id;
import javax.persistence.Table;

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
    /** The key class's field in the entity, and the partition key class's in the key class: no column's Java name
     *  has '_' ({@link ProfileEntity#javaName}), so neither clashes with a column's. */
    private static final String KEY = "profile_key";
    private static final String PARTITION_KEY = "partition_key";

    private final Profile profile;
    private final ProfileEntity entity;
    /** The user-defined types the table uses, each class {@code Udt<index>}, by name. */
    final List<String> udts = new ArrayList<>();
    private final List<TypeSpec> udtClasses = new ArrayList<>();

    KunderaProfileSources(Profile profile) {
        this.profile = profile;
        List<TypeName> javaTypes = new ArrayList<>();
        for (Profile.Column column : profile.columns()) {
            javaTypes.add(javaType(column.cqlType()));
        }
        this.entity = new ProfileEntity(profile, PACKAGE, javaTypes);
    }

    /** Whether the key is one column ({@code @Id}) rather than a key class ({@code @EmbeddedId}). */
    boolean simpleKey() {
        return entity.keys() == 1;
    }

    private int partition() {
        return profile.partitionKey().size();
    }

    /** Class name → source. */
    Map<String, String> sources() {
        List<TypeSpec> types = new ArrayList<>();
        if (!simpleKey()) {
            if (partition() > 1) {
                types.add(embeddable("ProfilePartitionKey", 0, partition(), null));
            }
            types.add(embeddable("ProfileKey", partition() > 1 ? partition() : 0, entity.keys(),
                    partition() > 1 ? entity.named("ProfilePartitionKey") : null));
        }
        types.addAll(udtClasses);
        types.add(entity());
        return entity.sources(types);
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
    private TypeSpec embeddable(String name, int from, int to, ClassName partitionKeyClass) {
        List<Bean.Property> properties = new ArrayList<>();
        if (partitionKeyClass != null) {
            properties.add(new Bean.Property(PARTITION_KEY, partitionKeyClass, List.of(annotation(Embedded.class))));
        }
        for (int c = from; c < to; c++) {
            properties.add(entity.property(c, column(c)));
        }
        return new Bean(entity.named(name), List.of(annotation(Embeddable.class)), properties).spec();
    }

    private List<AnnotationSpec> column(int c) {
        CqlType type = profile.columns().get(c).cqlType();
        List<AnnotationSpec> annotations = new ArrayList<>();
        if (type.isCollection() && holdsUdt(type)) {
            annotations.add(annotation(ElementCollection.class));
        }
        if (type.isUdt()) {
            annotations.add(annotation(Embedded.class));
        }
        annotations.add(annotation(Column.class, "name", profile.columns().get(c).name()));
        return annotations;
    }

    private static boolean holdsUdt(CqlType type) {
        return type.isUdt() || type.args().stream().anyMatch(KunderaProfileSources::holdsUdt);
    }

    /**
     * The entity: the key's column or key class, the other columns, and the conversions between values and it
     * ({@code of}, {@code values}, and {@code key}, the key an {@code EntityManager} finds a row by).
     */
    private TypeSpec entity() {
        int keys = entity.keys();
        List<Bean.Property> properties = new ArrayList<>();
        ClassName keyClass = entity.named("ProfileKey");
        ClassName partitionKeyClass = entity.named("ProfilePartitionKey");
        if (simpleKey()) {
            List<AnnotationSpec> id = new ArrayList<>(List.of(annotation(Id.class)));
            id.addAll(column(0));
            properties.add(entity.property(0, id));
        } else {
            properties.add(new Bean.Property(KEY, keyClass, List.of(annotation(EmbeddedId.class))));
        }
        for (int c = keys; c < entity.columns(); c++) {
            properties.add(entity.property(c, column(c)));
        }
        Bean row = new Bean(entity.row(), List.of(annotation(Entity.class), annotation(Table.class, "name",
                profile.table())), properties);

        CodeBlock keyOf = simpleKey() ? CodeBlock.of("v[0]") : partition() > 1
                ? CodeBlock.of("$T.of(concat($T.of($T.copyOfRange(v, 0, $L)), $T.copyOfRange(v, $L, $L)))", keyClass,
                partitionKeyClass, Arrays.class, partition(), Arrays.class, partition(), keys)
                : CodeBlock.of("$T.of($T.copyOfRange(v, 0, $L))", keyClass, Arrays.class, keys);
        MethodSpec key = MethodSpec.methodBuilder("key").addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .addJavadoc("The key an EntityManager finds a row by, from the key's values in order.\n")
                .returns(Object.class).addParameter(VALUES, "v").addStatement("return $L", keyOf).build();
        MethodSpec concat = MethodSpec.methodBuilder("concat").addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                .returns(VALUES).addParameter(Object.class, "first").addParameter(VALUES, "rest")
                .addStatement("$T out = new Object[rest.length + 1]", VALUES).addStatement("out[0] = first")
                .addStatement("System.arraycopy(rest, 0, out, 1, rest.length)").addStatement("return out").build();

        MethodSpec.Builder of = MethodSpec.methodBuilder("of").addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .addAnnotation(Bean.unchecked()).returns(entity.row()).addParameter(VALUES, "v")
                .addStatement("$T e = new $T()", entity.row(), entity.row());
        if (simpleKey()) {
            of.addStatement("e.$N = ($T) v[0]", entity.field(0), entity.type(0));
        } else {
            of.addStatement("e.$N = ($T) key(v)", KEY, keyClass);
        }
        // (locals with '_', which no column's Java name has, and fields through this.: nothing shadows)
        MethodSpec.Builder values = MethodSpec.methodBuilder("values").addModifiers(Modifier.PUBLIC).returns(VALUES)
                .addStatement("$T v_ = new Object[$L]", VALUES, entity.columns());
        if (simpleKey()) {
            values.addStatement("v_[0] = this.$N", entity.field(0));
        } else {
            // (a query that selects no key column gives entities without a key)
            values.addStatement("$T k_ = this.$N == null ? new Object[$L] : this.$N.values()", VALUES, KEY,
                    partition() > 1 ? keys - partition() + 1 : keys, KEY);
            if (partition() > 1) {
                values.addStatement("$T p_ = k_[0] == null ? new Object[$L] : (($T) k_[0]).values()", VALUES,
                        partition(), partitionKeyClass)
                        .addStatement("System.arraycopy(p_, 0, v_, 0, $L)", partition())
                        .addStatement("System.arraycopy(k_, 1, v_, $L, $L)", partition(), keys - partition());
            } else {
                values.addStatement("System.arraycopy(k_, 0, v_, 0, $L)", keys);
            }
        }
        for (int c = keys; c < entity.columns(); c++) {
            of.addStatement("e.$N = ($T) v[$L]", entity.field(c), entity.type(c), c);
            values.addStatement("v_[$L] = this.$N", c, entity.field(c));
        }
        return row.fieldsAndAccessors().addMethod(key).addMethod(concat)
                .addMethod(of.addStatement("return e").build()).addMethod(values.addStatement("return v_").build())
                .build();
    }

    /** The Java type Kundera maps a CQL type to; a user-defined type's class is made once. */
    private TypeName javaType(CqlType type) {
        if (type.isUdt()) {
            return udtClass(type.name());
        }
        List<CqlType> args = type.args();
        return switch (type.name()) {
            case "text", "ascii", "varchar" -> ClassName.get(String.class);
            case "blob" -> ArrayTypeName.of(byte.class);
            case "boolean" -> ClassName.get(Boolean.class);
            case "int" -> ClassName.get(Integer.class);
            case "bigint" -> ClassName.get(Long.class);
            case "varint" -> ClassName.get(java.math.BigInteger.class);
            case "decimal" -> ClassName.get(java.math.BigDecimal.class);
            case "float" -> ClassName.get(Float.class);
            case "double" -> ClassName.get(Double.class);
            case "timestamp" -> ClassName.get(java.util.Date.class);
            case "uuid", "timeuuid" -> ClassName.get(java.util.UUID.class);
            case "inet" -> ClassName.get(java.net.InetAddress.class);
            case "list" -> ParameterizedTypeName.get(ClassName.get(List.class), javaType(args.get(0)));
            case "set" -> ParameterizedTypeName.get(ClassName.get(java.util.Set.class), javaType(args.get(0)));
            case "map" -> ParameterizedTypeName.get(ClassName.get(Map.class), javaType(args.get(0)),
                    javaType(args.get(1)));
            default -> throw new IllegalArgumentException("Kundera's driver client reads no CQL " + type.name()
                    + " (a limit of the binding that should have kept this profile from it)");
        };
    }

    private ClassName udtClass(String name) {
        int index = udts.indexOf(name);
        if (index >= 0) {
            return ClassName.get(PACKAGE, "Udt" + index);
        }
        List<Bean.Property> properties = new ArrayList<>();
        for (Profile.Field field : profile.type(name).fields()) {
            CqlType fieldType = CqlType.parse(field.type());
            List<AnnotationSpec> annotations = new ArrayList<>();
            if (fieldType.isUdt()) {
                annotations.add(annotation(Embedded.class));
            }
            annotations.add(annotation(Column.class, "name", field.name()));
            properties.add(new Bean.Property(ProfileEntity.javaName(field.name()), javaType(fieldType), annotations));
        }
        udts.add(name);
        ClassName udt = ClassName.get(PACKAGE, "Udt" + (udts.size() - 1));
        udtClasses.add(new Bean(udt, List.of(annotation(Embeddable.class)), properties).spec());
        return udt;
    }
}
