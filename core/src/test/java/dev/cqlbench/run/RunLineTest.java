package dev.cqlbench.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class RunLineTest {

    @Test
    void optionsKeepTheirOrderTheirValuesAndTheirFlags() {
        RunLine line = RunLine.of("writes", List.of("--nodes", "2", "--rf", "1", "--verify", "--max-time", "60"));
        assertThat(line.value("--rf")).contains("1");
        assertThat(line.has("--verify")).isTrue();
        assertThat(line.value("--verify")).isEmpty();
        assertThat(line.args()).containsExactly("run", "writes", "--nodes", "2", "--rf", "1", "--verify",
                "--max-time", "60");
    }

    @Test
    void changedByOptionNotByPosition() {
        RunLine line = RunLine.of("writes", List.of("--nodes", "2", "--rf", "2", "--max-time", "60"))
                .without("--nodes").with("--rf", "1").with("--max-time", "90").with("--out", "r/writes")
                .withFlag("--debug");
        assertThat(line.toString()).isEqualTo("./cqlbench run writes --rf 1 --max-time 90 --out r/writes --debug");
    }

    @Test
    void aRepeatedOptionKeepsItsLastValueAsTheCommandLineDoes() {
        assertThat(RunLine.of("crud", List.of("--ops", "100", "--forks", "3", "--ops=200")).args())
                .containsExactly("run", "crud", "--forks", "3", "--ops", "200");
    }

    @Test
    void aWordThatIsNoOptionIsRefused() {
        assertThatThrownBy(() -> RunLine.of("crud", List.of("--ops", "100", "200")))
                .hasMessageContaining("'200' is no option");
    }
}
