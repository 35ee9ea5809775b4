package dev.cqlbench.run;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ChecksTest {

    @Test
    void anOptionLeftOutIsNotChecked() {
        assertThatCode(() -> Checks.positiveIfGiven("--records", null)).doesNotThrowAnyException();
        assertThatCode(() -> Checks.positiveIfGiven("--records", 1)).doesNotThrowAnyException();
        assertThatThrownBy(() -> Checks.positiveIfGiven("--count", 0L)).isInstanceOf(BadSetting.class)
                .hasMessage("--count must be at least 1, got 0");
    }

    @Test
    void betweenTakesBothBounds() {
        assertThatCode(() -> Checks.between("--nodes", 1, 1, 254)).doesNotThrowAnyException();
        assertThatCode(() -> Checks.between("--nodes", 254, 1, 254)).doesNotThrowAnyException();
        assertThatThrownBy(() -> Checks.between("--nodes", 255, 1, 254)).isInstanceOf(BadSetting.class)
                .hasMessage("--nodes must be between 1 and 254, got 255");
        assertThatThrownBy(() -> Checks.between("--forks", 0, 1, 20)).hasMessage("--forks must be between 1 and 20, got 0");
    }

    @Test
    void aLevelLiesStrictlyBetweenZeroAndOne() {
        assertThatCode(() -> Checks.level("--confidence", 0.999)).doesNotThrowAnyException();
        assertThatThrownBy(() -> Checks.level("--confidence", 1.5)).isInstanceOf(BadSetting.class)
                .hasMessage("--confidence must be between 0 and 1, got 1.5");
        assertThatThrownBy(() -> Checks.level("--family-confidence", 1)).hasMessage(
                "--family-confidence must be between 0 and 1, got 1.0");
        assertThatThrownBy(() -> Checks.level("--confidence", 0)).isInstanceOf(BadSetting.class);
        assertThatThrownBy(() -> Checks.level("--confidence", Double.NaN)).isInstanceOf(BadSetting.class);
    }

    @Test
    void anUnsetVariableIsRefusedNamingItsOption() {
        String unset = "CQLBENCH_CHECKS_TEST_UNSET_VARIABLE";
        assertThatThrownBy(() -> Checks.environment("--password-env", unset)).isInstanceOf(BadSetting.class)
                .hasMessage("environment variable " + unset + " (from --password-env) is not set");
    }
}
