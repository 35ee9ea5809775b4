package dev.cqlbench.app;

import dev.cqlbench.measure.HistogramCodec;
import dev.cqlbench.result.Environment;
import dev.cqlbench.result.OperationCycle;
import dev.cqlbench.result.OperationResult;
import dev.cqlbench.result.ProcessUsage;
import dev.cqlbench.result.RunResult;
import dev.cqlbench.result.VariantResult;
import dev.cqlbench.result.WorkerJvm;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;

/** A fixed, hand-made result for format tests: driver4, and a mapper on it that is clearly slower. */
public final class TestResults {

    private TestResults() {}

    public static RunResult fixed() {
        return fixed(1.0);
    }

    /** The fixed result with driver4's repetition times multiplied by {@code driver4Factor}. */
    public static RunResult fixed(double driver4Factor) {
        Histogram h = new Histogram(3);
        for (int i = 1; i <= 1000; i++) {
            h.recordValue(i * 1_000L);
        }
        String encoded = HistogramCodec.encode(h);
        OperationCycle c0 = new OperationCycle("write", 0, 1000, 0, Map.of(), List.of(500L, 500L),
                List.of((long) (250_000_000L * driver4Factor), (long) (251_000_000L * driver4Factor)), encoded, 50_000_000L);
        OperationCycle c1 = new OperationCycle("write", 1, 1000, 2, Map.of("WriteTimeoutException", 2L),
                List.of(500L, 500L), List.of((long) (249_000_000L * driver4Factor), (long) (250_000_000L * driver4Factor)),
                encoded, 50_000_000L);
        OperationResult write = OperationResult.aggregate("write", 500, List.of(c0, c1), 0.999);
        OperationCycle m0 = new OperationCycle("write", 0, 1000, 0, Map.of(), List.of(500L, 500L),
                List.of(300_000_000L, 301_000_000L), encoded, 70_000_000L);
        OperationCycle m1 = new OperationCycle("write", 1, 1000, 0, Map.of(), List.of(500L, 500L),
                List.of(299_000_000L, 300_000_000L), encoded, 70_000_000L);
        OperationResult mapperWrite = OperationResult.aggregate("write", 500, List.of(m0, m1), 0.999);
        Map<String, Object> config = new LinkedHashMap<>();
        config.put("scenario", "crud");
        config.put("operations", 500);
        config.put("repetitions", 2);
        config.put("cycles", 2);
        config.put("confidenceLevel", 0.999);
        Map<String, String> audit = new LinkedHashMap<>();
        audit.put("statements", "prepared");
        audit.put("consistency", "LOCAL_ONE");
        WorkerJvm jvm = new WorkerJvm(1, "17", "vm", "vendor", List.of("-Xmx1g"), 1L << 30);
        VariantResult driver4 = new VariantResult("driver4", "driver4", "Apache Cassandra Java driver", "4.19.3",
                "sync", 1, jvm, 5, audit, List.of(write), null,
                new ProcessUsage(1, 0.1, 200L << 20, 50.0), new ProcessUsage(99, 0.2, 900L << 20, 100.0), null);
        VariantResult mapper = new VariantResult("driver4-mapper", "driver4-mapper", "driver 4 mapper", "4.19.3",
                "sync", 1, jvm, 5, audit, List.of(mapperWrite), null,
                new ProcessUsage(2, 0.14, 210L << 20, 70.0), new ProcessUsage(99, 0.2, 900L << 20, 100.0),
                "driver4");
        Environment environment = new Environment("0.1.0", "Linux", "6", "amd64", 2, 1L << 34, "Java 17", "host",
                "embedded", "5.0.6", 99L);
        return new RunResult(RunResult.FORMAT, RunResult.FORMAT_VERSION, "crud", "2026-01-01T00:00:00Z",
                "2026-01-01T00:01:00Z", false, null, config, environment, List.of(driver4, mapper));
    }
}
