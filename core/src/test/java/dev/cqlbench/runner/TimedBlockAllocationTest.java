package dev.cqlbench.runner;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cqlbench.result.Block;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A block's heap allocated per operation: what its operations allocate, on the JVM's own counter. */
class TimedBlockAllocationTest {

    /** Keeps every array an operation makes reachable until the block ends, so none is optimised away. */
    private static final List<byte[]> KEPT = new ArrayList<>();

    private static Block block(int bytesPerOperation) {
        Tally tally = Tally.of("write", 0, Tally.Options.ONE_AT_A_TIME, null);
        TimedBlock<Slot> timed = TimedBlock.of(tally, Instruments.quiet("v"), 1);
        timed.run(0, Pace.UNTIL_DONE, TimedBlock.items(0, 200, (i, slot) -> {
            KEPT.add(new byte[bytesPerOperation]);
            slot.accept(null, null);
        }, TimedBlock.Check.NONE));
        KEPT.clear();
        return tally.total().blocks().get(0);
    }

    @Test
    void anOperationThatAllocatesSixtyFourKibibytesShowsAtLeastThatPerOperation() {
        block(64 * 1024); // the code on the path compiled and its classes loaded first
        Block big = block(64 * 1024);
        Block small = block(16);
        assertThat(big.operations()).isEqualTo(200);
        assertThat(big.measured().allocatedBytesPerOp()).as("64 KiB arrays, and the array header")
                .isGreaterThan(64 * 1024);
        assertThat(big.measured().allocatedBytesPerOp()).as("not several times what it allocates")
                .isLessThan(3 * 64 * 1024);
        assertThat(small.measured().allocatedBytesPerOp()).as("a few bytes' arrays").isLessThan(64 * 1024 / 4.0);
    }
}
