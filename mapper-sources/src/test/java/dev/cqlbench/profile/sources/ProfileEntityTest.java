package dev.cqlbench.profile.sources;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import dev.cqlbench.profile.EntityCompiler;
import dev.cqlbench.profile.Profile;
import dev.cqlbench.profile.ProfileReader;
import java.lang.reflect.Method;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import javax.lang.model.element.Modifier;
import org.junit.jupiter.api.Test;

/**
 * What the model writes compiles, and does what the bindings rely on: an entity takes values in column order and
 * gives them back, the query methods take typed parameters, the dispatch calls query {@code q} with its values cast.
 */
class ProfileEntityTest {

    private static final Profile PROFILE = ProfileReader.parse("""
            keyspace: ks
            table: t
            table_definition: |
              CREATE TABLE t (id int, first_name text, class bigint, tags list<text>, PRIMARY KEY (id, first_name))
            queries:
              byId:
                cql: SELECT * FROM t WHERE id = ?
              tagsOf:
                cql: SELECT tags FROM t WHERE id = ? AND first_name = ?
            """, "test.yaml");

    private static final List<TypeName> TYPES = List.of(ClassName.get(Integer.class), ClassName.get(String.class),
            ClassName.get(Long.class), ParameterizedTypeName.get(ClassName.get(List.class),
                    ClassName.get(String.class)));

    @Test
    void theEntityTakesValuesInColumnOrderAndGivesThemBack() throws Exception {
        ProfileEntity entity = new ProfileEntity(PROFILE, "gen.test", TYPES);
        assertThat(List.of(entity.field(0), entity.field(1), entity.field(2), entity.field(3)))
                .containsExactly("id", "firstName", "class_", "tags");
        assertThat(entity.getter(1)).isEqualTo("getFirstName");
        assertThat(entity.keys()).isEqualTo(2);

        TypeSpec row = entity.row(List.of(ProfileEntity.annotation(Deprecated.class)),
                c -> c == 0 ? List.of(ProfileEntity.annotation(Deprecated.class)) : List.of()).spec();
        ClassLoader loader = EntityCompiler.compile(entity.sources(List.of(row)), false, getClass().getClassLoader());
        Class<?> type = loader.loadClass("gen.test.ProfileRow");
        Object e = type.getMethod("of", Object[].class).invoke(null, (Object) new Object[] {7, "ann", 3L,
                List.of("a", "b")});
        assertThat((Object[]) type.getMethod("values").invoke(e)).containsExactly(7, "ann", 3L, List.of("a", "b"));
        assertThat(type.getMethod("getFirstName").invoke(e)).isEqualTo("ann");
        type.getMethod("setClass_", Long.class).invoke(e, 4L);
        assertThat(((Object[]) type.getMethod("values").invoke(e))[2]).isEqualTo(4L);
        assertThat(type.isAnnotationPresent(Deprecated.class)).isTrue();
        assertThat(type.getDeclaredField("id").isAnnotationPresent(Deprecated.class)).isTrue();
        assertThat(type.getDeclaredField("firstName").isAnnotationPresent(Deprecated.class)).isFalse();
    }

    /** A DAO of the two queries, a class implementing it that answers with its arguments, and the dispatch. */
    @Test
    void theDispatchCallsEachQueryWithItsValuesCastToTheirTypes() throws Exception {
        ProfileEntity entity = new ProfileEntity(PROFILE, "gen.dispatch", TYPES);
        TypeSpec dao = TypeSpec.interfaceBuilder("Dao").addModifiers(Modifier.PUBLIC).addMethods(entity.queryMethods(
                q -> ProfileEntity.annotation(Deprecated.class), q -> ClassName.get(String.class))).build();
        TypeSpec.Builder answers = TypeSpec.classBuilder("Answers").addModifiers(Modifier.PUBLIC)
                .addSuperinterface(entity.named("Dao"));
        answers.addMethod(ProfileEntity.implementing("q0", ClassName.get(String.class), ClassName.get(Integer.class),
                "p0", "return \"byId \" + p0"));
        answers.addMethod(com.palantir.javapoet.MethodSpec.methodBuilder("q1").addModifiers(Modifier.PUBLIC)
                .addAnnotation(Override.class).returns(String.class).addParameter(Integer.class, "p0")
                .addParameter(String.class, "p1").addStatement("return \"tagsOf \" + p0 + \" \" + p1").build());
        BiFunction<Profile.Query, CodeBlock, CodeBlock> upper = (q, call) -> entity.wholeRows(q)
                ? CodeBlock.of("$L.toUpperCase()", call) : call;
        TypeSpec calls = TypeSpec.classBuilder("Calls").addModifiers(Modifier.PUBLIC)
                .addField(entity.named("Answers"), "dao", Modifier.PRIVATE, Modifier.FINAL)
                .addMethod(com.palantir.javapoet.MethodSpec.constructorBuilder().addModifiers(Modifier.PUBLIC)
                        .addStatement("this.dao = new Answers()").build())
                .addMethod(entity.queryDispatch(ClassName.OBJECT, "dao", upper)).build();
        Map<String, String> sources = entity.sources(List.of(dao, answers.build(), calls));
        assertThat(sources.get("gen.dispatch.Dao")).contains("@Deprecated").contains("String q0(Integer p0);")
                .contains("String q1(Integer p0, String p1);");

        ClassLoader loader = EntityCompiler.compile(sources, false, getClass().getClassLoader());
        Object made = loader.loadClass("gen.dispatch.Calls").getConstructor().newInstance();
        Method query = made.getClass().getMethod("query", int.class, Object[].class);
        // whole rows (SELECT *) go through the binding's mapping of the call, others as they are
        assertThat(query.invoke(made, 0, new Object[] {5})).isEqualTo("BYID 5");
        assertThat(query.invoke(made, 1, new Object[] {5, "x"})).isEqualTo("tagsOf 5 x");
        assertThatThrownBy(() -> query.invoke(made, 2, new Object[0])).hasRootCauseMessage("no query 2");
        // a value of the wrong type is refused by the cast, not passed on
        assertThatThrownBy(() -> query.invoke(made, 0, new Object[] {"5"})).hasRootCauseInstanceOf(
                ClassCastException.class);
    }

    /** Each key column numbered within its part of the key, as the mappers' key annotations are. */
    @Test
    void keyColumnsAreNumberedWithinTheirPartOfTheKey() {
        Profile composite = ProfileReader.parse("""
                keyspace: ks
                table: t
                table_definition: |
                  CREATE TABLE t (a int, b int, c int, d int, v text, PRIMARY KEY ((a, b), c, d))
                """, "composite.yaml");
        ProfileEntity entity = new ProfileEntity(composite, "gen.keys", List.of(ClassName.get(Integer.class),
                ClassName.get(Integer.class), ClassName.get(Integer.class), ClassName.get(Integer.class),
                ClassName.get(String.class)));
        assertThat(List.of(entity.keyPosition(0), entity.keyPosition(1), entity.keyPosition(2), entity.keyPosition(3),
                entity.keyPosition(4))).containsExactly(0, 1, 0, 1, -1);
        assertThat(entity.keyAnnotation(1, Deprecated.class, SuppressWarnings.class).toString())
                .isEqualTo("[@java.lang.Deprecated(1)]");
        assertThat(entity.keyAnnotation(3, Deprecated.class, SuppressWarnings.class).toString())
                .isEqualTo("[@java.lang.SuppressWarnings(1)]");
        assertThat(entity.keyAnnotation(4, Deprecated.class, SuppressWarnings.class)).isEmpty();
    }

    @Test
    void aTypePerColumnIsRequired() {
        assertThatThrownBy(() -> new ProfileEntity(PROFILE, "gen", TYPES.subList(0, 3)))
                .hasMessage("3 Java types for 4 columns");
    }

    @Test
    void namesAreJavaAndReadBackAsThemselves() {
        assertThat(ProfileEntity.javaName("first_name")).isEqualTo("firstName");
        assertThat(ProfileEntity.javaName("a_frozen_map")).isEqualTo("afrozenMap"); // not aFrozenMap: AFrozenMap
        assertThat(ProfileEntity.javaName("class")).isEqualTo("class_");
        assertThat(ProfileEntity.javaName("1st")).isEqualTo("c1st");
    }
}
