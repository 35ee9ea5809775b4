package dev.cqlbench.profile.sources;

import com.palantir.javapoet.AnnotationSpec;
import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.JavaFile;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import dev.cqlbench.profile.Features;
import dev.cqlbench.profile.Profile;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.IntFunction;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.Modifier;

/**
 * The one model of a profile table's entity from which every mapper binding writes the Java its user would: the
 * table's columns in order, each with its Java field name and the Java type the library maps its CQL type to, the
 * key's columns first ({@link Profile#columns}' order), and the profile's queries. A binding adds what is its own
 * (the annotations, the DAO's or repository's methods, the calls it makes through them); the shapes all mappers share
 * are made here once: the entity class ({@link #row}), a method per query with typed parameters ({@link #queryMethods}),
 * the dispatch from a query's index to its method ({@link #queryDispatch}) and the typed arguments of a call
 * ({@link #arguments}).
 */
public final class ProfileEntity {

    /** The entity's simple name in every mapper's package. */
    public static final String ROW = "ProfileRow";
    /** {@code Object[]}: a row's values, a key's, a query's bound values, as generated code takes and gives them. */
    public static final TypeName VALUES = ArrayTypeName.of(Object.class);

    private final Profile profile;
    private final String pkg;
    private final List<String> fields = new ArrayList<>();
    private final List<TypeName> types;

    /**
     * @param profile   the user's table and queries
     * @param pkg       the package the binding's classes are written in
     * @param javaTypes the Java type of each column, in column order, as the library maps it
     */
    public ProfileEntity(Profile profile, String pkg, List<TypeName> javaTypes) {
        if (javaTypes.size() != profile.columns().size()) {
            throw new IllegalArgumentException(javaTypes.size() + " Java types for " + profile.columns().size()
                    + " columns");
        }
        this.profile = profile;
        this.pkg = pkg;
        this.types = List.copyOf(javaTypes);
        profile.columns().forEach(c -> fields.add(javaName(c.name())));
    }

    public Profile profile() {
        return profile;
    }

    /** The entity class's name. */
    public ClassName row() {
        return named(ROW);
    }

    /** A class of the binding's package. */
    public ClassName named(String simpleName) {
        return ClassName.get(pkg, simpleName);
    }

    /** Column {@code c}'s Java field name. */
    public String field(int c) {
        return fields.get(c);
    }

    /** Column {@code c}'s getter's name. */
    public String getter(int c) {
        return property(c, List.of()).getter();
    }

    /** Column {@code c}'s Java type. */
    public TypeName type(int c) {
        return types.get(c);
    }

    /** The number of columns. */
    public int columns() {
        return types.size();
    }

    /** The number of the primary key's columns (the first ones). */
    public int keys() {
        return profile.primaryKey().size();
    }

    /**
     * Column {@code c}'s position within its part of the primary key, from 0: among the partition key's columns, or
     * among the clustering columns; -1 for a column outside the key. What the mappers' key annotations number.
     */
    public int keyPosition(int c) {
        String kind = profile.columns().get(c).kind();
        if (!kind.equals(Profile.PARTITION_KEY) && !kind.equals(Profile.CLUSTERING)) {
            return -1;
        }
        int position = 0;
        for (int k = 0; k < c; k++) {
            if (profile.columns().get(k).kind().equals(kind)) {
                position++;
            }
        }
        return position;
    }

    /**
     * Column {@code c}'s key annotation, its {@link #keyPosition} as its value: {@code partitionKey} on a partition key
     * column, {@code clustering} on a clustering one; none on another. A list the caller adds the column's other
     * annotations to.
     */
    public List<AnnotationSpec> keyAnnotation(int c, Class<?> partitionKey, Class<?> clustering) {
        List<AnnotationSpec> annotations = new ArrayList<>();
        String kind = profile.columns().get(c).kind();
        if (kind.equals(Profile.PARTITION_KEY) || kind.equals(Profile.CLUSTERING)) {
            annotations.add(annotationCode(kind.equals(Profile.PARTITION_KEY) ? partitionKey : clustering, "value",
                    "$L", keyPosition(c)));
        }
        return annotations;
    }

    /** Column {@code c} as a property with {@code annotations}. */
    public Bean.Property property(int c, List<AnnotationSpec> annotations) {
        return new Bean.Property(fields.get(c), types.get(c), annotations);
    }

    /** The entity: a property per column, each with the annotations {@code columnAnnotations} gives for its index. */
    public Bean row(List<AnnotationSpec> classAnnotations, IntFunction<List<AnnotationSpec>> columnAnnotations) {
        List<Bean.Property> properties = new ArrayList<>();
        for (int c = 0; c < columns(); c++) {
            properties.add(property(c, columnAnnotations.apply(c)));
        }
        return new Bean(row(), classAnnotations, properties);
    }

    /** Whether a query's rows are whole rows of the table, which a mapper maps to entities. */
    public boolean wholeRows(Profile.Query query) {
        return Features.wholeRows(query, profile);
    }

    /**
     * An abstract method per query of the profile, {@code q0}, {@code q1}, … in the profile's order, with a typed
     * parameter per bound value ({@code p0}, …): what a DAO, an accessor or a repository declares.
     */
    public List<MethodSpec> queryMethods(Function<Profile.Query, AnnotationSpec> annotation,
                                         Function<Profile.Query, TypeName> returns) {
        List<MethodSpec> methods = new ArrayList<>();
        int q = 0;
        for (Profile.Query query : profile.queries().values()) {
            MethodSpec.Builder method = MethodSpec.methodBuilder("q" + q++)
                    .addModifiers(Modifier.PUBLIC, Modifier.ABSTRACT).addAnnotation(annotation.apply(query))
                    .returns(returns.apply(query));
            for (int b = 0; b < query.binds().size(); b++) {
                method.addParameter(types.get(profile.indexOf(query.binds().get(b))), "p" + b);
            }
            methods.add(method.build());
        }
        return methods;
    }

    /**
     * {@code public R query(int q, Object[] a)}: calls query {@code q}'s method on {@code target} with the bound
     * values {@code a} cast to their types, and returns what {@code result} makes of the call.
     */
    public MethodSpec queryDispatch(TypeName returns, String target,
                                    BiFunction<Profile.Query, CodeBlock, CodeBlock> result) {
        CodeBlock.Builder cases = CodeBlock.builder().beginControlFlow("switch (q)");
        int q = 0;
        for (Profile.Query query : profile.queries().values()) {
            List<Integer> columns = query.binds().stream().map(profile::indexOf).toList();
            CodeBlock call = CodeBlock.of("$N.q$L($L)", target, q, arguments("a", columns));
            cases.add("case $L:\n", q++).indent().addStatement("return $L", result.apply(query, call)).unindent();
        }
        cases.add("default:\n").indent()
                .addStatement("throw new $T($S + q)", IllegalArgumentException.class, "no query ").unindent()
                .endControlFlow();
        return MethodSpec.methodBuilder("query").addModifiers(Modifier.PUBLIC).addAnnotation(Bean.unchecked())
                .returns(returns).addParameter(int.class, "q").addParameter(Object[].class, "a").addCode(cases.build())
                .build();
    }

    /** {@code (T0) array[0], (T1) array[1], …}: the values of {@code columns} cast to their Java types. */
    public CodeBlock arguments(String array, List<Integer> columns) {
        List<CodeBlock> args = new ArrayList<>();
        for (int i = 0; i < columns.size(); i++) {
            args.add(CodeBlock.of("($T) $N[$L]", types.get(columns.get(i)), array, i));
        }
        return CodeBlock.join(args, ", ");
    }

    /** The primary key's values, {@code (T0) array[0], …}, for a read by key. */
    public CodeBlock keyArguments(String array) {
        List<Integer> key = new ArrayList<>();
        for (int c = 0; c < keys(); c++) {
            key.add(c);
        }
        return arguments(array, key);
    }

    /** Class name → Java source of each type, in the binding's package: what {@code EntityCompiler} compiles. */
    public Map<String, String> sources(List<TypeSpec> types) {
        Map<String, String> sources = new LinkedHashMap<>();
        for (TypeSpec type : types) {
            sources.put(pkg + "." + type.name(), JavaFile.builder(pkg, type).skipJavaLangImports(true).build()
                    .toString());
        }
        return sources;
    }

    /** A Java identifier for a CQL name: {@code first_name} → {@code firstName}, never a keyword. */
    public static String javaName(String cqlName) {
        StringBuilder out = new StringBuilder();
        boolean upper = false;
        for (char c : cqlName.toCharArray()) {
            if (!Character.isLetterOrDigit(c)) {
                upper = out.length() > 0;
                continue;
            }
            out.append(upper ? Character.toUpperCase(c) : out.length() == 0 ? Character.toLowerCase(c) : c);
            upper = false;
        }
        String name = out.length() == 0 || !Character.isJavaIdentifierStart(out.charAt(0)) ? "c" + out : out.toString();
        if (name.length() > 1 && Character.isUpperCase(name.charAt(1))) {
            // a_frozen_map: aFrozenMap would be property AFrozenMap to the JavaBeans rules mappers read getters by
            name = name.substring(0, 1) + Character.toLowerCase(name.charAt(1)) + name.substring(2);
        }
        return SourceVersion.isKeyword(name) ? name + "_" : name;
    }

    /** A public abstract method (of an interface a mapper implements: a DAO, an accessor, a repository). */
    public static MethodSpec.Builder declaring(String name, TypeName returns) {
        return MethodSpec.methodBuilder(name).addModifiers(Modifier.PUBLIC, Modifier.ABSTRACT).returns(returns);
    }

    /**
     * A public method of one parameter and one statement that implements a binding's interface (the generated
     * calls the binding makes through it).
     */
    public static MethodSpec implementing(String name, TypeName returns, TypeName parameterType, String parameter,
                                          String statement, Object... args) {
        return MethodSpec.methodBuilder(name).addAnnotation(Override.class).addModifiers(Modifier.PUBLIC)
                .returns(returns).addParameter(parameterType, parameter).addStatement(statement, args).build();
    }

    /** An annotation with no members. */
    public static AnnotationSpec annotation(Class<?> type) {
        return AnnotationSpec.builder(type).build();
    }

    /** An annotation with one string member. */
    public static AnnotationSpec annotation(Class<?> type, String member, String value) {
        return AnnotationSpec.builder(type).addMember(member, "$S", value).build();
    }

    /** An annotation with one member written as {@code format}'s code (a number, a constant). */
    public static AnnotationSpec annotationCode(Class<?> type, String member, String format, Object... args) {
        return AnnotationSpec.builder(type).addMember(member, format, args).build();
    }
}
