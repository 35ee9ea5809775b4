package dev.cqlbench.runner;

import dev.cqlbench.run.Maps;
import java.util.List;
import java.util.Map;

/**
 * One second of a measured block as it closes, for watching a run live ({@code --metrics-port}): what each of the
 * block's operation kinds completed in it. The result keeps its own exact record; these seconds add up to it (every
 * operation of a block counts in exactly one of its seconds).
 *
 * @param epochSecond  the wall-clock second the second began in, seconds since the epoch
 * @param kinds        per operation kind, in the tally's order
 * @param inFlight     operations sent and not yet settled when the second closed
 * @param lagMaxSeconds open loop: the most an operation of the second started after its scheduled time; 0 in closed
 *                     loop
 * @param intendedRate open loop: the operations per second the block is scheduled at; 0 in closed loop
 */
public record LiveSecond(int cycle, int repetition, long epochSecond, List<Kind> kinds, long inFlight,
                         double lagMaxSeconds, double intendedRate) {

    public LiveSecond {
        kinds = List.copyOf(kinds);
    }

    /**
     * @param operation    the kind's label, as the result names the operation
     * @param completed    operations completed in the second, successful or not (weighted as the result counts them:
     *                     a batch's rows)
     * @param errorsByKind the failed ones among them, by kind of error
     * @param histogram    the successful ones' response times, ns, {@link dev.cqlbench.measure.HistogramCodec}; null
     *                     when none succeeded
     */
    public record Kind(String operation, long completed, Map<String, Long> errorsByKind, String histogram) {

        public Kind {
            errorsByKind = Maps.sorted(errorsByKind);
        }
    }
}
