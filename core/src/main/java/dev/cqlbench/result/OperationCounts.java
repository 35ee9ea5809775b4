package dev.cqlbench.result;

import dev.cqlbench.measure.AuditedCounts;
import dev.cqlbench.run.Maps;
import java.util.Map;
import java.util.TreeMap;

/**
 * What an operation counted besides its timings and errors, added up over its rounds, forks and clients.
 *
 * @param verification       values compared with what they must be, and how many differed ({@link Verification})
 * @param requests           requests sent (writes: a batch, or a single write, is one)
 * @param partitions         distinct partitions written (writes)
 * @param rowsUnacknowledged rows found in the table whose write was not acknowledged (writes)
 * @param recordsAtEnd       records in the table after each round, added up (mixes)
 * @param store              what the binding's store counted that is not an error, by kind (hatshop: transactions
 *                           retried after a deadlock); empty when nothing
 * @param server             what the servers counted during its audited blocks; null where no block was audited
 */
public record OperationCounts(Verification verification, long requests, long partitions,
                              long rowsUnacknowledged, long recordsAtEnd, Map<String, Long> store,
                              AuditedCounts server) {

    public static final OperationCounts NONE = new OperationCounts(Verification.NONE, 0, 0, 0, 0, Map.of(), null);

    public OperationCounts {
        verification = verification == null ? Verification.NONE : verification;
        store = store == null ? Map.of() : Maps.sorted(store);
    }

    /** Both added up. */
    public OperationCounts plus(OperationCounts o) {
        if (o == null) {
            return this;
        }
        Map<String, Long> stored = new TreeMap<>(store);
        o.store.forEach((k, v) -> stored.merge(k, v, Long::sum));
        return new OperationCounts(verification.plus(o.verification), requests + o.requests,
                partitions + o.partitions, rowsUnacknowledged + o.rowsUnacknowledged, recordsAtEnd + o.recordsAtEnd,
                stored, AuditedCounts.sum(server, o.server));
    }

    /** Values compared, how many differed, how many could not be read back. */
    public static OperationCounts checked(long checked, long differed, long unverifiable) {
        return NONE.with(new Verification(checked, differed, unverifiable));
    }

    public OperationCounts with(Verification v) {
        return new OperationCounts(v, requests, partitions, rowsUnacknowledged, recordsAtEnd, store,
                server);
    }

    /** Writes: requests sent, distinct partitions written, rows present whose write was not acknowledged. */
    public static OperationCounts written(long requests, long partitions, long rowsUnacknowledged) {
        return new OperationCounts(null, requests, partitions, rowsUnacknowledged, 0, null, null);
    }

    public static OperationCounts recordsAtEnd(long records) {
        return new OperationCounts(null, 0, 0, 0, records, null, null);
    }

    /** What the binding's store counted, by kind. */
    public static OperationCounts stored(Map<String, Long> byKind) {
        return new OperationCounts(null, 0, 0, 0, 0, byKind, null);
    }

    public static OperationCounts audited(AuditedCounts counted) {
        return new OperationCounts(null, 0, 0, 0, 0, null, counted);
    }
}
