package dev.cqlbench.app;

import java.io.PrintStream;
import me.tongfei.progressbar.DelegatingProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

/**
 * A live progress bar (me.tongfei:progressbar) on one terminal line: share of the measuring done, elapsed
 * time and ETA, operations done and the current rate. Phase lines print above it; the bar redraws below.
 */
final class LiveProgress implements Progress {

    private static final int STEPS = 100;

    private final PrintStream out;
    private ProgressBar bar;
    private String shown = "";

    LiveProgress(PrintStream out) {
        this.out = out;
    }

    @Override
    public synchronized void line(String text) {
        clear();
        out.println("cqlbench: " + text);
        redraw();
    }

    @Override
    public synchronized void tick(Tick tick) {
        if (bar == null) {
            bar = new ProgressBarBuilder().setTaskName("measuring").setInitialMax(STEPS).setUnit("%", 1)
                    .setStyle(ProgressBarStyle.COLORFUL_UNICODE_BLOCK).setUpdateIntervalMillis(500)
                    .setMaxRenderedLength(Math.max(60, terminalWidth() - 1))
                    .setConsumer(new DelegatingProgressBarConsumer(this::render, Math.max(60, terminalWidth() - 1)))
                    .build();
        }
        bar.stepTo(Math.min(STEPS, Math.round(tick.fraction() * STEPS)));
        bar.setExtraMessage(String.format(java.util.Locale.ROOT, "%,d ops, %s ops/s, %s", tick.operations(),
                Tick.rate(tick.opsPerSec()), tick.what()));
    }

    @Override
    public void finish() {
        ProgressBar closing;
        synchronized (this) {
            closing = bar;
            bar = null;
            clear();
            shown = "";
        }
        if (closing != null) {
            // outside the lock: closing waits for the bar's render thread, which takes it
            closing.close();
        }
    }

    private synchronized void render(String rendered) {
        if (bar == null) {
            return;
        }
        clear();
        shown = rendered;
        redraw();
    }

    private void clear() {
        if (!shown.isEmpty()) {
            out.print("\r\033[2K"); // carriage return, erase the line
        }
    }

    private void redraw() {
        if (!shown.isEmpty() && bar != null) {
            out.print(shown);
            out.flush();
        }
    }

    private static int terminalWidth() {
        try {
            return Integer.parseInt(System.getenv().getOrDefault("COLUMNS", "100"));
        } catch (NumberFormatException e) {
            return 100;
        }
    }
}
