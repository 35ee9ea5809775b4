package dev.cqlbench.run;

import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Which part of a workload this client does when several do it together ({@code --client i/N}), and the wall-clock
 * instant their measured phase starts ({@code --start-at}). The N clients together do exactly the one-client
 * workload: each loads its own slice of the records, takes its share of the operations and of the rate (its
 * schedule offset by {@code index/N} of its own interval, so the union is evenly spaced), and inserts its own keys.
 * One client alone is {@link #ALONE}.
 *
 * @param index        this client, from 0
 * @param count        how many clients share the workload
 * @param startAtMillis the measured phase's start, milliseconds since the epoch (0: as soon as ready; several clients
 *                     then meet in the cluster and start together)
 * @param runName      the run the clients belong to, as {@code --run-id} names it (null: the start instant names it)
 */
public record ClientShard(int index, int count, long startAtMillis,
                          @com.fasterxml.jackson.annotation.JsonInclude(
                                  com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL) String runName) {

    public static final ClientShard ALONE = new ClientShard(0, 1, 0);

    public ClientShard(int index, int count, long startAtMillis) {
        this(index, count, startAtMillis, null);
    }
    private static final Pattern SLASH = Pattern.compile("(\\d{1,6})/(\\d{1,6})");

    public ClientShard {
        if (count < 1 || index < 0 || index >= count) {
            throw new BadSetting("--client must be i/N with 0 <= i < N, got " + index + "/" + count);
        }
    }

    /** From the options as typed: {@code i/N} (null: alone) and the start (null: none). */
    public static ClientShard parse(String client, String startAt) {
        return parse(client, startAt, null);
    }

    /** From the options as typed: {@code i/N} (null: alone), the start (null: none) and the run's name (null: none). */
    public static ClientShard parse(String client, String startAt, String runId) {
        int index = 0;
        int count = 1;
        if (client != null) {
            Matcher m = SLASH.matcher(client.strip());
            if (!m.matches()) {
                throw new BadSetting("--client must look like 2/8 (this client's index from 0, then how many), got '"
                        + client + "'");
            }
            index = Integer.parseInt(m.group(1));
            count = Integer.parseInt(m.group(2));
        }
        long start = startAt == null ? 0 : instant(startAt);
        String name = runId == null || runId.isBlank() ? null : runId.strip();
        if (name != null && !name.matches("[A-Za-z0-9._:-]{1,100}")) {
            throw new BadSetting("--run-id must be 1 to 100 letters, digits, '.', '_', ':' or '-', got '" + runId
                    + "'");
        }
        if (count > 1 && start == 0 && name == null) {
            throw new BadSetting("--client " + client + " needs --run-id (a name every client of the run is given, "
                    + "e.g. the Job's name: the clients meet in the cluster and start together once all are ready) or "
                    + "--start-at (a fixed instant, e.g. $(date -u -d '+2 min' +%Y-%m-%dT%H:%M:%SZ))");
        }
        return new ClientShard(index, count, start, name);
    }

    /** An ISO-8601 instant (2026-11-25T10:00:00Z) or seconds since the epoch, in milliseconds. */
    static long instant(String text) {
        String t = text.strip();
        try {
            if (t.matches("\\d{9,12}")) {
                return Long.parseLong(t) * 1000;
            }
            return Instant.parse(t).toEpochMilli();
        } catch (DateTimeParseException | NumberFormatException e) {
            throw new BadSetting("--start-at must be an instant such as 2026-11-25T10:00:00Z or seconds since the "
                    + "epoch, got '" + text + "'");
        }
    }

    public boolean shared() {
        return count > 1;
    }

    /**
     * The run all clients belong to: its {@code --run-id}, else their common start as an ISO instant; null for one
     * client alone.
     */
    public String runId() {
        return runName != null ? runName : startAtMillis == 0 ? null : Instant.ofEpochMilli(startAtMillis).toString();
    }

    /** The one client the merged result stands for: the whole workload, the same run. */
    public ClientShard whole() {
        return new ClientShard(0, 1, startAtMillis, runName);
    }

    /** Whether the clients find their common start at a barrier in the cluster (no --start-at). */
    public boolean meets() {
        return shared() && startAtMillis == 0;
    }

    /** This client's first record of {@code records} (its slice is {@code [first, first + slice)}). */
    public long first(long records) {
        return records * index / count;
    }

    /** How many of {@code records} this client loads. */
    public long slice(long records) {
        return records * (index + 1) / count - first(records);
    }

    /** This client's share of {@code total} operations: equal shares, the remainder to the lowest indexes. */
    public long share(long total) {
        return total / count + (index < total % count ? 1 : 0);
    }

    /** This client's rate, of {@code total} per second in all. */
    public double rate(double total) {
        return total / count;
    }

    /** Where this client's schedule begins, in intervals of its own rate: clients interleave evenly. */
    public double phase() {
        return (double) index / count;
    }

    /** The record number of this client's {@code n}-th insert (from 0) after {@code records} loaded: disjoint. */
    public long insert(long records, long n) {
        return records + n * count + index;
    }
}
