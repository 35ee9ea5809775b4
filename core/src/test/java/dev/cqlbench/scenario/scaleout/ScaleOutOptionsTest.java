package dev.cqlbench.scenario.scaleout;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.cqlbench.run.BadSetting;
import dev.cqlbench.scenario.mixes.MixesPlan;
import org.junit.jupiter.api.Test;

/** Scale-out's plan is one phase of one mix, built from the mixes scenario's options: what the user gave carries over. */
class ScaleOutOptionsTest {

    @Test
    void sharedOptionsReachTheMixesPlan() {
        MixesPlan plan = new ScaleOutOptions().with("--no-verify", "--rate", "300", "--load-concurrency", "8",
                "--records", "1000", "--duration", "90s", "--concurrency", "4").plan();
        assertThat(plan.verify()).isFalse();
        assertThat(plan.rate()).isEqualTo(300.0);
        assertThat(plan.loadConcurrency()).isEqualTo(8);
        assertThat(plan.durationMillis()).isEqualTo(90_000);
        assertThat(plan.concurrencies()).containsExactly(4);
        assertThat(plan.workloads()).singleElement().satisfies(w -> assertThat(w.recordCount()).isEqualTo(1000));
        assertThat(new ScaleOutOptions().plan().verify()).as("on unless turned off").isTrue();
    }

    @Test
    void oneMixOnly() {
        assertThatThrownBy(() -> new ScaleOutOptions().with("--workload", "read95_update5,update50_read50").plan())
                .isInstanceOf(BadSetting.class).hasMessageContaining("--workload takes one mix");
    }
}
