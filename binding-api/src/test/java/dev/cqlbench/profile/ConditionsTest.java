package dev.cqlbench.profile;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** A condition on columns as the comparisons mappers take, or nothing when it has another form. */
class ConditionsTest {

    private static Profile withCondition(String condition) {
        return ProfileReader.parse("""
                keyspace: ks
                table: t
                table_definition: CREATE TABLE t (k int PRIMARY KEY, body text, n bigint, id uuid, m map<text, int>)
                insert:
                  condition: %s
                """.formatted(condition), "conditions.yaml");
    }

    @Test
    void comparisonsOfColumnsWithValuesAreRead() {
        assertThat(Conditions.of(withCondition("IF body = NULL"))).containsExactly(
                new Conditions.Relation("body", "=", null));
        UUID id = UUID.randomUUID();
        assertThat(Conditions.of(withCondition("if BODY != 'it''s' AND n <= -3 and id = " + id))).containsExactly(
                new Conditions.Relation("body", "!=", "it's"), new Conditions.Relation("n", "<=", -3L),
                new Conditions.Relation("id", "=", id));
    }

    @Test
    void otherFormsAreNotAndTheFeatureSaysSo() {
        for (String other : List.of("IF m['a'] = 1", "IF n IN (1, 2)", "IF body = 3", "IF n = 'x'", "IF n >")) {
            Profile p = withCondition(other);
            assertThat(Conditions.of(p)).as(other).isNull();
            assertThat(Features.of(p)).as(other).contains("condition:if", "condition:if-other");
        }
        assertThat(Features.of(withCondition("IF body = NULL"))).contains("condition:if")
                .doesNotContain("condition:if-other");
        assertThat(Conditions.of(withCondition("IF NOT EXISTS"))).isNull();
        assertThat(Features.of(withCondition("IF NOT EXISTS"))).containsOnlyOnce("condition:if-not-exists")
                .doesNotContain("condition:if-other");
    }
}
