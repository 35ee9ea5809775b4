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

    /**
     * A profile whose inserts hold thousands of rows (the shape of cassandra-stress's own example: up to 50
     * partitions of up to 40 × 4 rows, all of them selected): a round's inserts are drawn and bound before it is
     * timed, so a round draws as many as fit {@link dev.cqlbench.run.Defaults#PROFILE_ROWS_PER_ROUND} rows.
     */
    @Test
    void insertsOfThousandsOfRowsAreDrawnAsManyAsAWorkerHolds(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws Exception {
        java.nio.file.Path wide = java.nio.file.Files.writeString(dir.resolve("wide.yaml"), String.join("\n",
                "keyspace: ks", "table: wide",
                "table_definition: CREATE TABLE wide (k text, c timestamp, d bigint, v blob, PRIMARY KEY (k, c, d))",
                "columnspec:", "  - name: c", "    cluster: uniform(20..40)", "  - name: d", "    cluster: uniform(1..4)",
                "insert:", "  partitions: uniform(1..50)", "  select: fixed(1)/1", "  batchtype: UNLOGGED", ""));
        ProfilePlan plan = new ProfileOptions().with("--profile", wide.toString()).plan();
        assertThat(plan.operations()).isEqualTo(dev.cqlbench.run.Defaults.PROFILE_ROWS_PER_ROUND / 8000);
        assertThat(plan.warmup()).isEqualTo(plan.operations());
        // asked for, more is refused in one line that says how many fit
        assertThatThrownBy(() -> new ProfileOptions().with("--profile", wide.toString(), "--ops", "40").plan())
                .isInstanceOf(BadSetting.class).hasMessage("--ops 40 inserts of up to 8000 rows each are more rows "
                        + "than a worker draws for a round (200000): at most 25 inserts a round");
        assertThat(new ProfileOptions().with("--profile", wide.toString(), "--ops", "20").plan().operations())
                .isEqualTo(20);
        // a profile of single rows keeps its defaults
        assertThat(plan().operations()).isEqualTo(ProfileOptions.DEFAULT_OPS);
        assertThat(plan().warmup()).isEqualTo(1000);
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
