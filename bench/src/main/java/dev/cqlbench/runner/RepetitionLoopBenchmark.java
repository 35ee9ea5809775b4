package dev.cqlbench.runner;

import dev.cqlbench.measure.ErrorCounts;
import dev.cqlbench.measure.LatencyRecorder;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What the timed loop of crud, decode and the mixes load costs per operation around an operation that does
 * nothing: the clock read twice, the check, the histogram record (sync: single-writer; async: in-flight limit,
 * callback, multi-writer).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 5, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xmx512m", "-XX:+UseG1GC"})
public class RepetitionLoopBenchmark {

    static final int N = 100_000;
    private static final Object RESULT = new Object();
    private static final CompletableFuture<Object> DONE = CompletableFuture.completedFuture(RESULT);

    private final LatencyRecorder single = LatencyRecorder.singleWriter();
    private final LatencyRecorder multi = LatencyRecorder.multiWriter();
    private final ErrorCounts errors = new ErrorCounts();

    @Benchmark
    @OperationsPerInvocation(N)
    public RepetitionLoop.Repetition sync() {
        return RepetitionLoop.runSync(0, N, i -> RESULT, (i, r) -> r == RESULT ? null : "wrong", single, errors,
                () -> false);
    }

    @Benchmark
    @OperationsPerInvocation(N)
    public RepetitionLoop.Repetition async() {
        return RepetitionLoop.runAsync(0, N, 128, i -> DONE, (i, r) -> r == RESULT ? null : "wrong", multi, errors,
                () -> false);
    }
}
