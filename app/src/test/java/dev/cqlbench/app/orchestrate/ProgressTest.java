package dev.cqlbench.app.orchestrate;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class ProgressTest {

    @Test
    void plainProgressPrintsPhaseLinesAndThrottledTicksWithTheTimeLeft() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
        Progress progress = new Progress.PlainProgress(out, 50_000_000L);
        progress.line("starting");
        progress.tick(new Progress.Tick("cycle 1/2, driver4 write", 0.0, 0, 0));   // starts the clock
        progress.tick(new Progress.Tick("cycle 1/2, driver4 write", 0.1, 500, 2000)); // too soon: not printed
        Thread.sleep(80);
        progress.tick(new Progress.Tick("cycle 1/2, driver4 read", 0.5, 12_345, 15_500));
        progress.finish();
        String[] lines = bytes.toString(StandardCharsets.UTF_8).split("\n");
        assertThat(lines).hasSize(2);
        assertThat(lines[0]).isEqualTo("cqlbench: starting");
        assertThat(lines[1]).startsWith("cqlbench: 50% of the measured cycles done, 12,345 ops, 15.5k ops/s "
                + "(cycle 1/2, driver4 read), about 0m0").endsWith("s left");
    }

    @Test
    void consoleProgressIsPlainWhenNotATerminal() {
        // tests never run with a console attached to both stdin and stdout
        assertThat(Progress.console(System.err)).isInstanceOf(Progress.PlainProgress.class);
    }
}
