package dev.cqlbench.binding;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link Closer}: everything closed, the first failure thrown at the end with the later ones in it. */
class CloserTest {

    @Test
    void closesEverythingThenThrowsTheFirstFailure() {
        List<String> closed = new ArrayList<>();
        IllegalStateException first = new IllegalStateException("b");
        IllegalStateException second = new IllegalStateException("d");
        Closer closer = new Closer().each(List.of("a", "b", "c"), name -> {
            closed.add(name);
            if (name.equals("b")) {
                throw first;
            }
        }).each(List.of("d"), name -> {
            closed.add(name);
            throw second;
        });
        assertThat(closed).containsExactly("a", "b", "c", "d");
        assertThatThrownBy(closer::rethrow).isSameAs(first);
        assertThat(first.getSuppressed()).containsExactly(second);
    }

    @Test
    void nothingFailedNothingThrown() {
        new Closer().each(List.of(1, 2), n -> {}).rethrow();
    }
}
