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

    /**
     * A run pins this JVM's threads to the clients' CPUs and gives them back after: what the same JVM starts next (a
     * demo's next part, the next test) may use every CPU again, not inherit the clients' half.
     */
    @Test
    void aPinnedProcessGetsItsCpusBackWhenTheRunEnds() throws Exception {
        Placement split = Placement.resolve(Placement.SPLIT, true, 1);
        org.junit.jupiter.api.Assumptions.assumeTrue(split.split(), "a machine of two CPUs or more, affinity settable");
        CpuSet before = Linux.affinity(0);
        CpuSet[] during = new CpuSet[2];
        try (Placement.Pinned pinned = split.pinThisProcess()) {
            during[0] = Linux.affinity(0);
            Thread other = new Thread(() -> during[1] = Linux.affinity(0)); // a thread started while pinned
            other.start();
            other.join();
        }
        assertThat(during[0]).isEqualTo(split.clients());
        assertThat(during[1]).isEqualTo(split.clients());
        assertThat(Linux.affinity(0)).as("this thread's CPUs after the run").isEqualTo(before);
    }
}
