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
}
