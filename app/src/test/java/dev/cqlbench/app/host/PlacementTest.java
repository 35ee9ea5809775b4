package dev.cqlbench.app.host;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.cqlbench.run.BadSetting;
import org.junit.jupiter.api.Test;

class PlacementTest {

    @Test
    void cpuListsReadAndWriteAsLinuxWritesThem() {
        CpuSet set = CpuSet.parse("0-3,6");
        assertThat(set.size()).isEqualTo(5);
        assertThat(set).hasToString("0-3,6");
        assertThat(set.first(2)).hasToString("0-1");
        assertThat(set.without(CpuSet.parse("1-2"))).hasToString("0,3,6");
        assertThat(CpuSet.parse("1")).hasToString("1");
        assertThatThrownBy(() -> CpuSet.parse("3-1")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void autoSplitsOnlyWhenTheServersRunHereAndSplitHalvesTheMachine() {
        Placement split = Placement.resolve(Placement.AUTO, true, 1);
        Placement external = Placement.resolve(Placement.AUTO, false, 0);
        assertThat(external.mode()).isEqualTo(Placement.SHARED);
        if (split.machine() != null && split.machine().size() >= 2) {
            assertThat(split.mode()).isEqualTo(Placement.SPLIT);
            assertThat(split.servers().size() + split.clients().size()).isEqualTo(split.machine().size());
            assertThat(split.servers().without(split.clients())).isEqualTo(split.servers());
            assertThat(split.workerJvmArgs()).containsExactly("-XX:ActiveProcessorCount=" + split.clients().size());
            assertThat(split.facts(false).describe()).contains("servers on CPU " + split.servers());
        } else {
            assertThat(split.mode()).isEqualTo(Placement.SHARED);
            assertThat(split.note()).isNotNull();
        }
        if (split.machine() != null && split.machine().size() < 4) {
            assertThat(Placement.resolve(Placement.AUTO, true, 3).mode()).as("three nodes on one CPU")
                    .isEqualTo(Placement.SHARED);
        }
        assertThat(Placement.resolve(Placement.SPLIT, true, 3).mode()).as("split when asked").isIn(Placement.SPLIT,
                Placement.SHARED);
        assertThatThrownBy(() -> Placement.resolve("pinned", true, 1)).isInstanceOf(BadSetting.class)
                .hasMessageContaining("--placement must be auto, split or shared");
    }
}
