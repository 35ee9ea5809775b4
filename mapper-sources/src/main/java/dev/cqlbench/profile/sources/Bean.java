package dev.cqlbench.profile.sources;

import com.palantir.javapoet.AnnotationSpec;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import java.lang.reflect.Method;
import java.util.List;
import java.util.function.Function;
import javax.lang.model.element.Modifier;

/**
 * A class a mapper's user writes to hold a row (an entity), a user-defined type's value or a key: a private field per
 * property with its annotations, a public no-arg constructor and a getter and setter per field by JavaBeans' names
 * (what every mapper here reads or writes properties by).
 *
 * @param name        the class
 * @param annotations the class's annotations
 * @param properties  its properties, in the order {@link #of} takes and {@link #values} gives their values
 */
public record Bean(ClassName name, List<AnnotationSpec> annotations, List<Property> properties) {

    public Bean {
        annotations = List.copyOf(annotations);
        properties = List.copyOf(properties);
    }

    /**
     * A property: a field and its accessors.
     *
     * @param name        the field's name ({@link ProfileEntity#javaName}); generated code reaches fields through
     *                    {@code this.} or {@code e.}, so no local or parameter shadows one
     * @param type        its Java type
     * @param annotations the field's annotations
     */
    public record Property(String name, TypeName type, List<AnnotationSpec> annotations) {

        public Property {
            annotations = List.copyOf(annotations);
        }

        /** {@code getName} for field {@code name}. */
        public String getter() {
            return "get" + Character.toUpperCase(name.charAt(0)) + name.substring(1);
        }

        /** {@code setName} for field {@code name}. */
        public String setter() {
            return "set" + Character.toUpperCase(name.charAt(0)) + name.substring(1);
        }
    }

    /**
     * The {@link #values} of a compiled bean's instances, called by reflection (for a binding that holds the class
     * only as loaded).
     */
    public static Function<Object, Object[]> valuesOf(Class<?> compiled) throws NoSuchMethodException {
        Method values = compiled.getMethod("values");
        return bean -> {
            try {
                return (Object[]) values.invoke(bean);
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException(e);
            }
        };
    }

    /** The class: fields, constructor, accessors, and {@link #of} and {@link #values} between it and values. */
    public TypeSpec spec() {
        return fieldsAndAccessors().addMethod(of()).addMethod(values()).build();
    }

    /** The class's fields, constructor and accessors, for a class whose conversions are of its own (a key class's). */
    public TypeSpec.Builder fieldsAndAccessors() {
        TypeSpec.Builder type = TypeSpec.classBuilder(name).addModifiers(Modifier.PUBLIC).addAnnotations(annotations)
                .addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PUBLIC).build());
        for (Property p : properties) {
            type.addField(FieldSpec.builder(p.type(), p.name(), Modifier.PRIVATE).addAnnotations(p.annotations())
                    .build());
            type.addMethod(MethodSpec.methodBuilder(p.getter()).addModifiers(Modifier.PUBLIC).returns(p.type())
                    .addStatement("return this.$N", p.name()).build());
            type.addMethod(MethodSpec.methodBuilder(p.setter()).addModifiers(Modifier.PUBLIC)
                    .addParameter(p.type(), "v").addStatement("this.$N = v", p.name()).build());
        }
        return type;
    }

    /**
     * {@code public static Name of(Object[] v)}: an instance holding the values in property order (values as the
     * library holds them, made by the binding untimed).
     */
    public MethodSpec of() {
        MethodSpec.Builder of = MethodSpec.methodBuilder("of").addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .addAnnotation(unchecked()).returns(name).addParameter(Object[].class, "v")
                .addStatement("$T e = new $T()", name, name);
        for (int c = 0; c < properties.size(); c++) {
            Property p = properties.get(c);
            of.addStatement("e.$N = ($T) v[$L]", p.name(), p.type(), c);
        }
        return of.addStatement("return e").build();
    }

    /** {@code public Object[] values()}: the values in property order, for checking what was read. */
    public MethodSpec values() {
        CodeBlock list = properties.stream().map(p -> CodeBlock.of("this.$N", p.name()))
                .collect(CodeBlock.joining(", "));
        return MethodSpec.methodBuilder("values").addModifiers(Modifier.PUBLIC).returns(Object[].class)
                .addStatement("return new Object[] {$L}", list).build();
    }

    /** {@code @SuppressWarnings("unchecked")}, for the casts to generic types generated code makes. */
    public static AnnotationSpec unchecked() {
        return AnnotationSpec.builder(SuppressWarnings.class).addMember("value", "$S", "unchecked").build();
    }
}
