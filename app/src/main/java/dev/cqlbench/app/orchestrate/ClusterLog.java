package dev.cqlbench.app.orchestrate;

import dev.cqlbench.app.Progress;
import dev.cqlbench.result.RunEvent;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * What happened to a run's cluster while it measured (a node joining or leaving, a node down, a schedule that
 * failed): each event kept for the result and told as a line, at once, by whoever saw it ({@link NodeWatch},
 * {@link ScheduleDriver}).
 */
final class ClusterLog {

    private final List<RunEvent> events = Collections.synchronizedList(new ArrayList<>());
    private final Progress progress;

    ClusterLog(Progress progress) {
        this.progress = progress;
    }

    /** Keeps {@code event} and tells {@code line}. */
    void add(RunEvent event, String line) {
        events.add(event);
        progress.line(line);
    }

    /** The events so far, as they are added (the live metrics count them). */
    List<RunEvent> live() {
        return events;
    }

    /** The events so far, in the order they happened. */
    List<RunEvent> events() {
        synchronized (events) {
            return List.copyOf(events);
        }
    }
}
