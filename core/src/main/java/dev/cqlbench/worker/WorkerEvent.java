package dev.cqlbench.worker;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import dev.cqlbench.result.CycleMeasurements;
import dev.cqlbench.result.WorkerJvm;
import java.util.Map;

/** What a worker reports, one JSON line on its stdout per event. */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "type")
@JsonSubTypes({
    @JsonSubTypes.Type(value = WorkerEvent.Ready.class, name = "ready"),
    @JsonSubTypes.Type(value = WorkerEvent.RepetitionDone.class, name = "progress"),
    @JsonSubTypes.Type(value = WorkerEvent.Section.class, name = "section"),
    @JsonSubTypes.Type(value = WorkerEvent.CycleDone.class, name = "cycleDone"),
    @JsonSubTypes.Type(value = WorkerEvent.Failed.class, name = "failed"),
    @JsonSubTypes.Type(value = WorkerEvent.Closed.class, name = "closed"),
    @JsonSubTypes.Type(value = WorkerEvent.Heartbeat.class, name = "heartbeat"),
    @JsonSubTypes.Type(value = WorkerEvent.AtBarrier.class, name = "barrier"),
    @JsonSubTypes.Type(value = WorkerEvent.Second.class, name = "second")
})
public sealed interface WorkerEvent {

    /** Set up and warmed up: the library's version as its jar says, the JVM, what the binding sends. */
    record Ready(String libraryVersion, WorkerJvm jvm, Map<String, String> audit, long warmupNanos)
            implements WorkerEvent {}

    record RepetitionDone(int cycle, String operation, int repetition, long count, long errors, long totalNanos)
            implements WorkerEvent {}

    /** A timed section begins ({@code begin}) or ends; see {@link dev.cqlbench.runner.RunListener#timedSection}. */
    record Section(int cycle, String operation, int repetition, boolean begin) implements WorkerEvent {}

    /** A cycle ended: its blocks and its distributions, one per operation and kind. */
    record CycleDone(int cycle, CycleMeasurements measured) implements WorkerEvent {}

    /** @param kind exception class name; @param message one line; @param detail stack trace for --debug */
    record Failed(String kind, String message, String detail) implements WorkerEvent {}

    record Closed() implements WorkerEvent {}

    /**
     * The runner waits for the other clients sharing the workload at {@code step} ({@link dev.cqlbench.runner.Barrier});
     * answered by {@link WorkerRequest.Proceed}.
     */
    record AtBarrier(String step) implements WorkerEvent {}

    /** A second of a measured block closed; sent only to an orchestrator that watches the run live. */
    record Second(dev.cqlbench.runner.LiveSecond second) implements WorkerEvent {}

    /**
     * Sent every {@link #INTERVAL_MILLIS} ms while the worker lives.
     *
     * @param completed operations completed so far in the worker, timed or not ({@link dev.cqlbench.measure.Liveness})
     * @param cpuNanos  the worker JVM's CPU time so far, every thread (-1: unknown)
     * @param gcMillis  the worker JVM's garbage collection time so far
     */
    record Heartbeat(long completed, long cpuNanos, long gcMillis) implements WorkerEvent {
        public static final long INTERVAL_MILLIS = 1000;

        /** Progress alone: CPU and collection time unknown. */
        public Heartbeat(long completed) {
            this(completed, -1, 0);
        }
    }
}
