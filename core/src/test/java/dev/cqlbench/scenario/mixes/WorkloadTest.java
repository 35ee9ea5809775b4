package dev.cqlbench.scenario.mixes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.cqlbench.binding.KeyValueStore;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WorkloadTest {

    /** {@code properties} written to {@code file}, then loaded as a workload file. */
    private static Workload written(Path file, String properties) throws IOException {
        Files.writeString(file, properties);
        return WorkloadFile.load(file.toString());
    }

    @Test
    void everyBuiltInWorkloadLoadsAndItsProportionsAddUp() throws Exception {
        for (String name : WorkloadFile.BUILT_IN) {
            Workload w = WorkloadFile.load(name);
            assertThat(w.name()).isEqualTo(name);
            assertThat(w.read() + w.update() + w.insert() + w.scan() + w.readModifyWrite()).isCloseTo(1.0,
                    org.assertj.core.data.Offset.offset(1e-9));
        }
        Workload study = WorkloadFile.load("read65_update25_insert10");
        assertThat(study.read()).isEqualTo(0.65);
        assertThat(study.update()).isEqualTo(0.25);
        assertThat(study.insert()).isEqualTo(0.10);
        assertThat(WorkloadFile.load("workloadd").distribution()).isEqualTo("latest");
        assertThat(WorkloadFile.load("workloade").scan()).isEqualTo(0.95);
    }

    @Test
    void aCopiedFileIsAWorkloadNamedAfterIt(@TempDir Path dir) throws Exception {
        Workload w = written(dir.resolve("my-mix.properties"), "recordcount=500\nfieldcount=4\nfieldlength=10\n"
                + "readproportion=0.7\nupdateproportion=0.3\nrequestdistribution=uniform\n");
        assertThat(w).isEqualTo(new Workload("my-mix", new Workload.Records(500, 4, 10),
                new Workload.Proportions(0.7, 0.3, 0, 0, 0), "uniform", 1000));
        assertThat(w.withSizes(100, null, 20)).extracting(Workload::recordCount, Workload::fieldCount,
                Workload::fieldLength).containsExactly(100, 4, 20);
    }

    @Test
    void badFilesNameTheirProblem(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("bad.properties");
        assertThatThrownBy(() -> written(file, "readproportion=0.7\nupdateproportion=0.7\n"))
                .hasMessageContaining("add up to 1");
        assertThatThrownBy(() -> written(file, "readproportion=1\nrequestdistribution=pareto\n"))
                .hasMessageContaining("requestdistribution must be");
        assertThatThrownBy(() -> written(file, "readproportion=lots\n"))
                .hasMessageContaining("readproportion must be a number");
        assertThatThrownBy(() -> WorkloadFile.load("workloadz")).hasMessageContaining("neither a built-in workload");
    }

    /** YCSB's own workloada, as YCSB ships it (comments aside): every key it has is run as it says. */
    @Test
    void ycsbsOwnFileRunsAsItSays(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("workloada");
        Workload w = written(file, "recordcount=1000\noperationcount=1000\n"
                + "workload=site.ycsb.workloads.CoreWorkload\nreadallfields=true\nreadproportion=0.5\n"
                + "updateproportion=0.5\nscanproportion=0\ninsertproportion=0\nrequestdistribution=zipfian\n");
        assertThat(w.operationCount()).isEqualTo(1000L);
        assertThat(w.distribution()).isEqualTo("zipfian");
        MixesPlan plan = new MixesOptions().with("--workload", file.toString()).plan();
        assertThat(plan.ops()).as("operationcount bounds a phase unless --duration or --ops says").isEqualTo(1000);
        assertThat(plan.durationMillis()).isZero();
        assertThat(new MixesOptions().with("--workload", file.toString(), "--duration", "5s").plan().ops()).isZero();
        assertThat(plan.warmup()).as("1,000 operations measured: warmed with 10,000, not 200,000").isEqualTo(10_000);
        assertThat(plan.warmupMaxMillis()).isEqualTo(5_000);
        MixesPlan timed = new MixesOptions().with("--workload", file.toString(), "--duration", "5s").plan();
        assertThat(timed.warmup()).isEqualTo(200_000);
        assertThat(timed.warmupMaxMillis()).isEqualTo(60_000);
        MixesPlan told = new MixesOptions().with("--workload", file.toString(), "--warmup-ops", "0",
                "--warmup-max-s", "3").plan();
        assertThat(told.warmup()).as("what the user gives stands").isZero();
        assertThat(told.warmupMaxMillis()).isEqualTo(3_000);
        assertThat(new MixesOptions().with("--workload", file.toString(), "--ops", "100000").plan().warmup())
                .isEqualTo(200_000);
    }

    @Test
    void aKeyNotRunAsTheFileSaysIsRefusedWithItsName(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("w.properties");
        String[][] cases = {
                {"readproportion=1\nwriteallfields=yes\n", "writeallfields must be true or false, got 'yes'"},
                {"readproportion=1\nfieldlengthdistribution=histogram\n", "fieldlengthdistribution must be one of "
                        + "[constant, uniform, zipfian], got 'histogram' (cqlbench reads no fieldlengthhistogram file)"},
                {"readproportion=1\nzeropadding=0\n", "zeropadding must be >= 1"},
                {"readproportion=1\nhotspotdatafraction=2\n", "hotspotdatafraction must be in (0, 1]"},
                {"readproportion=1\nexponential.percentile=100\n", "exponential.percentile must be in (0, 100)"},
                {"readproportion=1\ninsertorder=random\n", "insertorder must be one of [hashed, ordered]"},
                {"readproportion=1\nmaxscanlength=10\nminscanlength=11\n", "minscanlength must be in 1..maxscanlength"},
                {"readproportion=1\nscanlengthdistribution=latest\n", "scanlengthdistribution must be one of"},
                {"readproportion=1\ninsertstart=500\n", "insertstart=500 is not run by cqlbench: each run loads its "
                        + "records from the first; several clients share the load with --client i/N"},
                {"recordcount=10\nreadproportion=1\ninsertcount=5\n", "insertcount=5"},
                {"readproportion=1\nthreadcount=8\n", "key 'threadcount' is not one of YCSB's core workload that "
                        + "cqlbench runs"},
                {"readproportion=1\nthreadcount=8\n", ": the run's --concurrency"},
                {"readproportion=1\nworkload=site.ycsb.workloads.TimeSeriesWorkload\n", "core workload"}};
        for (String[] c : cases) {
            assertThatThrownBy(() -> written(file, c[0])).as(c[0]).isNotNull().hasMessageContaining(c[1]);
        }
        // the values cqlbench runs are accepted when written out
        Workload spelledOut = written(file, "readproportion=1\nreadallfields=true\nwriteallfields=false\n"
                + "zeropadding=1\ninsertorder=hashed\nfieldlengthdistribution=constant\nminscanlength=1\n"
                + "scanlengthdistribution=uniform\ntable=usertable\ndataintegrity=true\n");
        assertThat(spelledOut).as("a default written out is the same workload")
                .isEqualTo(written(file, "readproportion=1\n"));
    }

    @Test
    void theShapeKeysAreReadAsYcsbNamesThem(@TempDir Path dir) throws Exception {
        Workload w = written(dir.resolve("shaped.properties"), "readproportion=1\nreadallfields=false\n"
                + "writeallfields=TRUE\nfieldlengthdistribution=zipfian\nminscanlength=5\nmaxscanlength=50\n"
                + "scanlengthdistribution=zipfian\ninsertorder=ordered\nzeropadding=12\n");
        assertThat(w.readsAllFields()).isFalse();
        assertThat(w.writesAllFields()).isTrue();
        assertThat(w.fieldLengths()).isEqualTo("zipfian");
        assertThat(w.minScan()).isEqualTo(5);
        assertThat(w.scanLengths()).isEqualTo("zipfian");
        assertThat(w.orderedKeys()).isTrue();
        assertThat(w.padding()).isEqualTo(12);
        Workload plain = WorkloadFile.load("workloada");
        assertThat(plain.readsAllFields()).isTrue();
        assertThat(plain.writesAllFields()).isFalse();
        assertThat(plain.orderedKeys()).isFalse();
        // YCSB's buildKeyName: the number itself or its hash, zero-padded to zeropadding digits
        assertThat(KeyValueStore.key(42, true, 12)).isEqualTo("user000000000042");
        assertThat(KeyValueStore.key(42, true, 1)).isEqualTo("user42");
        assertThat(KeyValueStore.key(42, false, 1)).isEqualTo(KeyValueStore.key(42)).startsWith("user")
                .hasSizeGreaterThan(12);
        assertThat(KeyValueStore.key(42, false, 30)).hasSize(34).endsWith(KeyValueStore.key(42).substring(4));
    }

    @Test
    void fieldLengthsAreConstantUniformOrZipfianAsTheFileSays() {
        java.util.function.Function<String, int[]> lengths = kind -> {
            FieldPool values = new FieldPool(7, 1, 100, kind);
            return java.util.stream.IntStream.range(0, FieldPool.POOL).map(i -> values.value((byte) i).length())
                    .toArray();
        };
        assertThat(lengths.apply("constant")).containsOnly(100);
        int[] uniform = lengths.apply("uniform");
        assertThat(java.util.Arrays.stream(uniform).boxed().toList()).allMatch(l -> l >= 1 && l <= 100);
        // 255 draws of a uniform 1..100: mean 50.5, its standard error 1.8
        assertThat(java.util.Arrays.stream(uniform).average().orElseThrow()).isBetween(42.0, 59.0);
        int[] zipfian = lengths.apply("zipfian");
        assertThat(java.util.Arrays.stream(zipfian).boxed().toList()).allMatch(l -> l >= 1 && l <= 100);
        // zipfian (constant 0.99) over 1..100 puts about 60 % of the draws on 1..10, uniform 10 %
        assertThat(java.util.Arrays.stream(zipfian).filter(l -> l <= 10).count()).isGreaterThan(FieldPool.POOL / 2);
        FieldPool shaped = new FieldPool(7, 1, 100, "uniform");
        assertThat(shaped.fits("x")).isTrue();
        assertThat(shaped.fits("x".repeat(101))).isFalse();
        assertThat(new FieldPool(7, 1, 100, "constant").fits("x")).isFalse();
    }

    @Test
    void hotspotSequentialAndExponentialPickAsYcsbDoes() {
        Workload hot = new Workload("h", new Workload.Records(1000, 1, 1), new Workload.Proportions(1, 0, 0, 0, 0),
                new Workload.Requests("hotspot", 0.2, 0.8, null, null), new Workload.Scans(1, null, null), null, null,
                null);
        KeyChooser hotspot = new KeyChooser(hot, 1000, 4);
        int inHotSet = 0;
        for (int i = 0; i < 100_000; i++) {
            long k = hotspot.next(1000);
            assertThat(k).isBetween(0L, 999L);
            inHotSet += k < 200 ? 1 : 0;
        }
        assertThat(inHotSet / 100_000.0).as("80 % of the operations on the hot 20 % of the records")
                .isBetween(0.79, 0.81);
        KeyChooser sequential = new KeyChooser("sequential", 10, 5);
        for (int i = 0; i < 25; i++) {
            assertThat(sequential.next(10)).isEqualTo(i % 10);
        }
        Workload exp = new Workload("e", new Workload.Records(1000, 1, 1), new Workload.Proportions(1, 0, 0, 0, 0),
                new Workload.Requests("exponential", null, null, 95.0, 0.5), new Workload.Scans(1, null, null), null,
                null, null);
        KeyChooser exponential = new KeyChooser(exp, 1000, 6);
        int newest = 0;
        for (int i = 0; i < 100_000; i++) {
            newest += exponential.next(1000) >= 500 ? 1 : 0;
        }
        assertThat(newest / 100_000.0).as("95 % within the newest half (exponential.frac 0.5)").isBetween(0.94, 0.96);
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
