package dev.cqlbench.scenario.profile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.cqlbench.run.BadSetting;
import dev.cqlbench.run.ScenarioPlan;
import dev.cqlbench.scenario.Json;
import org.junit.jupiter.api.Test;

/** A profile's plan: what the options make of it, and the same plan after its trip through JSON (a merge compares). */
class ProfilePlanTest {

    private static ProfilePlan plan(String... args) {
        String[] all = new String[args.length + 2];
        all[0] = "--profile";
        all[1] = "../profiles/timeseries.yaml";
        System.arraycopy(args, 0, all, 2, args.length);
        return (ProfilePlan) new ProfileOptions().with(all).plan();
    }

    @Test
    void aPlanReadBackFromJsonIsTheSamePlanAndClientsShareOneWhole() throws Exception {
        ProfilePlan a = plan("--mode", "load", "--count", "600", "--client", "0/3", "--start-at", "1800000000");
        ScenarioPlan read = Json.lines().readValue(Json.lines().writeValueAsString(a), ScenarioPlan.class);
        assertThat(read).isEqualTo(a);
        ProfilePlan b = plan("--mode", "load", "--count", "600", "--client", "2/3", "--start-at", "1800000000");
        assertThat(a).isNotEqualTo(b);
        assertThat(a.whole()).isEqualTo(b.whole());
    }

    @Test
    void compareAndLoadModesTakeTheirOwnOptions() {
        ProfilePlan compare = plan();
        assertThat(compare.loadMode()).isFalse();
        assertThat(compare.cycles()).isEqualTo(ProfileOptions.COMPARE_CYCLES);
        assertThat(compare.operationLabels()).containsExactly("insert", "latest", "window", "reading");
        ProfilePlan load = plan("--mode", "load", "--mix", "insert=1,latest=9", "--rate", "500");
        assertThat(load.cycles()).isEqualTo(1);
        assertThat(load.phaseMillis()).isEqualTo(60_000);
        assertThat(load.operationLabels()).containsExactly("load", "load insert", "load latest");
        assertThat(load.modeLabel()).isEqualTo("open loop at 500 ops/s, 16 threads");
        assertThatThrownBy(() -> plan("--rate", "10")).isInstanceOf(BadSetting.class)
                .hasMessageContaining("are for --mode load");
        assertThatThrownBy(() -> plan("--mode", "load", "--duration", "5s", "--count", "9"))
                .hasMessageContaining("either --duration or --count");
        assertThatThrownBy(() -> plan("--mode", "stress")).hasMessageContaining("compare or load");
        assertThatThrownBy(() -> plan("--mix", "insert=1,nosuch=2")).hasMessageContaining("--mix names nosuch, "
                + "which the profile lacks; its operations: insert, latest, window, reading");
    }
}
