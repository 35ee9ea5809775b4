package dev.cqlbench.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class ProgressTest {

    @Test
    void plainProgressPrintsPhaseLinesAndThrottledTicksWithTheTimeLeft() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
        AtomicLong now = new AtomicLong(1_000_000_000L);
        Progress progress = new Progress.PlainProgress(out, 50_000_000L, now::get);
        progress.line("starting");
        progress.tick(new Progress.Tick("cycle 1/2, driver4 write", 0.0, 0, 0));   // starts the clock
        now.addAndGet(10_000_000L);
        progress.tick(new Progress.Tick("cycle 1/2, driver4 write", 0.1, 500, 2000)); // too soon: not printed
        now.addAndGet(110_000_000L);
        progress.tick(new Progress.Tick("cycle 1/2, driver4 read", 0.04, 12_345, 15_500)); // 120 ms: 4%
        progress.finish();
        String[] lines = bytes.toString(StandardCharsets.UTF_8).split("\n");
        assertThat(lines).containsExactly("cqlbench: starting", "cqlbench: 4% of the measuring done, 12,345 ops, "
                + "15.5k ops/s (cycle 1/2, driver4 read), about 0m03s left");
    }

    @Test
    void consoleProgressIsPlainWhenNotATerminal() {
        // tests never run with a console attached to both stdin and stdout
        assertThat(Progress.console(System.err)).isInstanceOf(Progress.PlainProgress.class);
    }
}
