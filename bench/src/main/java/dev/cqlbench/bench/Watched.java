package dev.cqlbench.bench;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.cqlbench.runner.Instruments;
import dev.cqlbench.runner.LiveSecond;
import dev.cqlbench.runner.RunListener;
import dev.cqlbench.scenario.Json;
import dev.cqlbench.worker.WorkerEvent;

/**
 * A run watched live ({@code --metrics-port}) or not, as a worker sees it: watched, every measured second is turned
 * into the JSON line a worker sends (and thrown away), so a benchmark pays what a watched worker pays.
 */
final class Watched {

    private Watched() {}

    static Instruments instruments(boolean live) {
        Instruments quiet = Instruments.quiet("noop");
        return live ? quiet.listening(new RunListener() {
            private long bytes;

            @Override
            public boolean live() {
                return true;
            }

            @Override
            public void second(LiveSecond second) {
                try {
                    bytes += Json.lines().writeValueAsString(new WorkerEvent.Second(second)).length();
                } catch (JsonProcessingException e) {
                    throw new IllegalStateException(e);
                }
            }
        }) : quiet;
    }
}
