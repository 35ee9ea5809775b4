package dev.cqlbench.bench;

import dev.cqlbench.runner.TimedBlock;
import dev.cqlbench.runner.Instruments;
import dev.cqlbench.runner.Pace;
import dev.cqlbench.runner.Tally;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * What the measured block every scenario runs through ({@link TimedBlock}) costs per operation around an operation that
 * does nothing and completes at once: the slot taken and given back, the clock read twice, the check, the record in
 * the tally (one at a time: single-writer histogram, sums; a window of 128: multi-writer histogram, wall time).
 */
public class BlockBenchmark extends Measured {

    static final int N = 100_000;
    private static final Object RESULT = new Object();
    /** Watched live ({@code --metrics-port}): a timeline kept for the live seconds, the operations in flight. */
    @Param({"false", "true"})
    public boolean live;

    private Instruments instruments;

    @Setup
    public void setup() {
        instruments = Watched.instruments(live);
    }
    private static final TimedBlock.ItemOperation NOTHING = (i, done) -> done.accept(RESULT, null);
    private static final TimedBlock.Check CHECK = (i, r) -> r == RESULT ? null : "wrong";

    private TimedBlock.Outcome run(Tally.Options options, int window) {
        Tally tally = Tally.of("noop", 0, options, null);
        return TimedBlock.of(tally, instruments, window).run(0, Pace.UNTIL_DONE, TimedBlock.items(0, N, NOTHING, CHECK));
    }

    @Benchmark
    @OperationsPerInvocation(N)
    public TimedBlock.Outcome oneAtATime() {
        return run(Tally.Options.ONE_AT_A_TIME, 1);
    }

    @Benchmark
    @OperationsPerInvocation(N)
    public TimedBlock.Outcome window128() {
        return run(Tally.Options.CONCURRENT, 128);
    }
}
