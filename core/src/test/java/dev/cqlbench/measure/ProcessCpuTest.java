package dev.cqlbench.measure;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import org.junit.jupiter.api.Test;

class ProcessCpuTest {

    @Test
    void countsAtLeastWhatOneOfItsThreadsSpent() {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long before = ProcessCpu.nanos();
        long threadBefore = threads.getCurrentThreadCpuTime();
        long x = 0;
        for (int i = 0; i < 50_000_000; i++) {
            x += Long.rotateLeft(x ^ i, 7);
        }
        long threadSpent = threads.getCurrentThreadCpuTime() - threadBefore;
        long processSpent = ProcessCpu.nanos() - before;
        assertThat(x).isNotZero();
        assertThat(threadSpent).isPositive();
        // the thread's own time is part of the process's; both clocks count the same scheduler time
        assertThat(processSpent).isGreaterThanOrEqualTo(threadSpent * 9 / 10);
    }

    @Test
    void readsAnotherProcessAndSaysWhenItIsGone() throws Exception {
        long self = ProcessHandle.current().pid();
        assertThat(ProcessCpu.nanos(self)).isPositive();
        Process p = new ProcessBuilder("true").start();
        p.waitFor();
        assertThat(ProcessCpu.nanos(p.pid())).isEqualTo(-1);
    }

    /**
     * Code run hot for the first time is compiled: the compiler threads' CPU grows, apart from the operations', and
     * within the process's whole CPU.
     */
    @Test
    void theCompilersCpuIsCountedApartAndWithinTheProcesss() {
        ProcessCpu.CpuTimes before = ProcessCpu.read();
        long x = 0;
        for (int i = 0; i < 2_000; i++) {
            x += freshlyHot(i); // 2,000 calls of a method no test ran before: C1 compiles it, on its own thread
        }
        ProcessCpu.CpuTimes after = ProcessCpu.read();
        assertThat(x).isNotZero();
        assertThat(after.compilerNanos()).isGreaterThan(before.compilerNanos());
        assertThat(after.operationsNanos()).isGreaterThan(before.operationsNanos());
        assertThat(after.compilerNanos() + after.operationsNanos())
                .isLessThanOrEqualTo(ProcessCpu.processNanos() + 20_000_000L); // the JVM's total moves in 10-ms ticks
    }

    private static long freshlyHot(int i) {
        long y = i;
        for (int k = 0; k < 200; k++) {
            y = Long.rotateLeft(y * 31 + k, 3);
        }
        return y | 1;
    }
}
