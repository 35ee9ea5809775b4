package dev.cqlbench.scenario.mixes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WorkloadTest {

    @Test
    void everyBuiltInWorkloadLoadsAndItsProportionsAddUp() throws Exception {
        for (String name : Workload.BUILT_IN) {
            Workload w = Workload.load(name);
            assertThat(w.name()).isEqualTo(name);
            assertThat(w.read() + w.update() + w.insert() + w.scan() + w.readModifyWrite()).isCloseTo(1.0,
                    org.assertj.core.data.Offset.offset(1e-9));
        }
        Workload study = Workload.load("read65_update25_insert10");
        assertThat(study.read()).isEqualTo(0.65);
        assertThat(study.update()).isEqualTo(0.25);
        assertThat(study.insert()).isEqualTo(0.10);
        assertThat(Workload.load("workloadd").distribution()).isEqualTo("latest");
        assertThat(Workload.load("workloade").scan()).isEqualTo(0.95);
    }

    @Test
    void aCopiedFileIsAWorkloadNamedAfterIt(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("my-mix.properties");
        Files.writeString(file, "recordcount=500\nfieldcount=4\nfieldlength=10\nreadproportion=0.7\n"
                + "updateproportion=0.3\nrequestdistribution=uniform\n");
        Workload w = Workload.load(file.toString());
        assertThat(w).isEqualTo(new Workload("my-mix", 500, 4, 10, 0.7, 0.3, 0, 0, 0, "uniform", 1000));
        assertThat(w.withSizes(100, null, 20)).extracting(Workload::recordCount, Workload::fieldCount,
                Workload::fieldLength).containsExactly(100, 4, 20);
    }

    @Test
    void badFilesNameTheirProblem(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("bad.properties");
        Files.writeString(file, "readproportion=0.7\nupdateproportion=0.7\n");
        assertThatThrownBy(() -> Workload.load(file.toString())).hasMessageContaining("add up to 1");
        Files.writeString(file, "readproportion=1\nrequestdistribution=hotspot\n");
        assertThatThrownBy(() -> Workload.load(file.toString())).hasMessageContaining("requestdistribution must be");
        Files.writeString(file, "readproportion=lots\n");
        assertThatThrownBy(() -> Workload.load(file.toString())).hasMessageContaining("readproportion must be a number");
        assertThatThrownBy(() -> Workload.load("workloadz")).hasMessageContaining("neither a built-in workload");
    }

    @Test
    void uniformKeysCoverTheRecordsEvenly() {
        KeyChooser chooser = new KeyChooser("uniform", 100, 1);
        int[] hits = new int[10];
        for (int i = 0; i < 100_000; i++) {
            hits[(int) chooser.next(10)]++;
        }
        assertThat(java.util.Arrays.stream(hits).boxed().toList()).allMatch(h -> h > 9_000 && h < 11_000);
    }

    @Test
    void zipfianMakesAFewRecordsHotAndScattersThem() {
        KeyChooser chooser = new KeyChooser("zipfian", 10_000, 2);
        int[] hits = new int[10_000];
        for (int i = 0; i < 200_000; i++) {
            long k = chooser.next(10_000);
            assertThat(k).isBetween(0L, 9_999L);
            hits[(int) k]++;
        }
        int[] sorted = hits.clone();
        java.util.Arrays.sort(sorted);
        int top10 = 0;
        for (int i = 0; i < 10; i++) {
            top10 += sorted[sorted.length - 1 - i];
        }
        assertThat(top10).as("the 10 hottest of 10,000 records").isGreaterThan(200_000 / 10);
        int hottest = 0;
        for (int i = 1; i < hits.length; i++) {
            hottest = hits[i] > hits[hottest] ? i : hottest;
        }
        assertThat(hottest).as("the hottest record is not record 0: scrambled").isNotZero();
    }

    @Test
    void latestFavoursTheNewestRecords() {
        KeyChooser chooser = new KeyChooser("latest", 1000, 3);
        int newest = 0;
        for (int i = 0; i < 10_000; i++) {
            if (chooser.next(1000) >= 990) {
                newest++;
            }
        }
        assertThat(newest).isGreaterThan(3_000);
        assertThat(new KeyChooser("latest", 1000, 3).next(1)).isZero();
    }

    @Test
    void theZipfianGeneratorStaysInRange() {
        KeyChooser.Zipfian z = new KeyChooser.Zipfian(50);
        SplittableRandom random = new SplittableRandom(4);
        for (int i = 0; i < 10_000; i++) {
            assertThat(z.next(random)).isBetween(0L, 49L);
        }
    }
}
