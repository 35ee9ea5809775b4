package dev.cqlbench.analysis;

import dev.cqlbench.result.Measure;
import dev.cqlbench.result.Question;
import dev.cqlbench.result.Claim;
import dev.cqlbench.result.Family;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.cqlbench.run.BadSetting;
import java.util.List;
import org.junit.jupiter.api.Test;

class FamilyTest {

    private static final List<String> OPS = List.of("write", "read");
    private static final List<Measure> MEASURES = List.of(Measure.TIME, Measure.CLIENT_CPU);

    @Test
    void withoutClaimsEveryVariantAgainstTheReferenceInOneOperationIsPrimaryAndTheRestDescriptive() {
        List<Question> asked = List.of(Question.of("b", "a", "write", Measure.TIME),
                Question.of("c", "a", "write", Measure.TIME), Question.of("c", "b", "write", Measure.TIME),
                Question.combined("b", "a", OPS, Measure.TIME));
        Family f = Family.of(List.of(), asked, "a", Family.CLAIMS);
        assertThat(f.origin()).isEqualTo(Family.REFERENCE);
        assertThat(f.primaryQuestions()).containsExactly(asked.get(0), asked.get(1));
        assertThat(f.descriptive()).containsExactly(asked.get(2), asked.get(3));
    }

    @Test
    void aClaimIsPrimaryOnceWhicheverWayRoundItIsAskedAndNothingIsAskedTwice() {
        Question q = Question.of("b", "a", "write", Measure.TIME);
        Family f = Family.of(List.of(Claim.of(q.reversed(), 0, 1)), List.of(q, q), "a", Family.CLAIMS);
        assertThat(f.primary()).hasSize(1);
        assertThat(f.isPrimary(q)).isTrue();
        assertThat(f.descriptive()).isEmpty();
        assertThat(f.all()).containsExactly(q.reversed());
    }

    @Test
    void aUsersQuestionAsksEachOperationAndMeasureUnlessItNamesThem() {
        assertThat(Questions.parse("b over a", List.of("a", "b"), OPS, MEASURES)).hasSize(4);
        assertThat(Questions.parse("b over a in read on client-cpu", List.of("a", "b"), OPS, MEASURES))
                .extracting(Claim::question).containsExactly(Question.of("b", "a", "read", Measure.CLIENT_CPU));
    }

    @Test
    void aQuestionTheRunCannotAnswerIsRefusedWithTheWordsToUse() {
        assertThatThrownBy(() -> Questions.parse("b beats a", List.of("a", "b"), OPS, MEASURES))
                .isInstanceOf(BadSetting.class).hasMessageContaining("A over B");
        assertThatThrownBy(() -> Questions.parse("c over a", List.of("a", "b"), OPS, MEASURES))
                .isInstanceOf(BadSetting.class).hasMessageContaining("c is not one of this run's variants: a, b");
        assertThatThrownBy(() -> Questions.parse("b over a in scan", List.of("a", "b"), OPS, MEASURES))
                .isInstanceOf(BadSetting.class).hasMessageContaining("no operation scan");
        assertThatThrownBy(() -> Questions.parse("b over a on memory", List.of("a", "b"), OPS, MEASURES))
                .isInstanceOf(BadSetting.class).hasMessageContaining("time, client-cpu");
    }
}
