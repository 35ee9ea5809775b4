package dev.cqlbench.scenario.hatshop;

import dev.cqlbench.binding.HatEvent;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Study 03's per-event log: one CSV row per event with its columns (test id, database type, event type, time
 * taken in µs, success, error message, timestamp). Rows are written after a replay from what it kept in
 * arrays, so the log never runs while events are timed.
 */
final class EventLog {

    static final String HEADER = "test_id,database_type,event_type,time_taken_us,success,error_message,timestamp";

    private final Path file;

    private EventLog(Path file) {
        this.file = file;
    }

    static EventLog create(Path file) {
        try {
            Files.createDirectories(file.getParent());
            Files.writeString(file, HEADER + "\n", StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the event log " + file, e);
        }
        return new EventLog(file);
    }

    void append(String testId, String database, List<HatEvent> stream, Replay replay) {
        try (BufferedWriter out = Files.newBufferedWriter(file, StandardCharsets.UTF_8, StandardOpenOption.APPEND)) {
            for (int i = 0; i < replay.dispatched; i++) {
                Throwable failure = replay.failures[i];
                out.write(testId);
                out.write(',');
                out.write(database);
                out.write(',');
                out.write(stream.get(i).type().name());
                out.write(',');
                out.write(String.format(java.util.Locale.ROOT, "%.1f", replay.latencies[i] / 1e3));
                out.write(',');
                out.write(failure == null ? "true" : "false");
                out.write(',');
                out.write(failure == null ? "" : quote(message(failure)));
                out.write(',');
                long epochNanos = replay.startEpochNanos + replay.startOffsets[i];
                out.write(Instant.ofEpochSecond(0, epochNanos).toString());
                out.write('\n');
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the event log " + file, e);
        }
    }

    static void writeChecksums(Path file, Map<UUID, String> checksums) {
        StringBuilder out = new StringBuilder("order_id,checksum\n");
        checksums.forEach((id, sum) -> out.append(id).append(',').append(sum).append('\n'));
        try {
            Files.createDirectories(file.getParent());
            Files.writeString(file, out, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }

    private static String message(Throwable failure) {
        Throwable t = failure;
        while (t.getCause() != null && (t instanceof java.util.concurrent.CompletionException
                || t instanceof java.util.concurrent.ExecutionException)) {
            t = t.getCause();
        }
        String m = t.getMessage() == null ? t.getClass().getSimpleName() : t.getClass().getSimpleName() + ": "
                + t.getMessage();
        return m.lines().findFirst().orElse("");
    }

    static String quote(String text) {
        return "\"" + text.replace("\"", "\"\"") + "\"";
    }
}
