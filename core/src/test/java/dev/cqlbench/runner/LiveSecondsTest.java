package dev.cqlbench.runner;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cqlbench.measure.HistogramCodec;
import dev.cqlbench.result.OperationDistribution;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A block watched live: its seconds, per kind, add up exactly to what the tally records, whatever the timing (the
 * ticker cuts seconds while operations complete on other threads); a block nobody watches sends none, and watching
 * changes nothing in the result.
 */
class LiveSecondsTest {

    /** Collects the seconds; live or not as asked. */
    private static final class Watcher implements RunListener {
        final boolean live;
        final ConcurrentLinkedQueue<LiveSecond> seconds = new ConcurrentLinkedQueue<>();

        Watcher(boolean live) {
            this.live = live;
        }

        @Override
        public boolean live() {
            return live;
        }

        @Override
        public void second(LiveSecond second) {
            seconds.add(second);
        }
    }

    /** Two kinds alternating, every seventh operation failing, completed on a pool of threads; for 1.2 s. */
    private static Tally run(Watcher watcher, Tally.Options options) throws InterruptedException {
        Tally tally = new Tally("mix", 0, List.of("mix/READ", "mix/UPDATE"), options, null);
        ExecutorService pool = Executors.newFixedThreadPool(3);
        try {
            TimedBlock<Slot> block = TimedBlock.of(tally, Instruments.quiet("v").listening(watcher), 4);
            block.run(0, new Pace(0, 1200, 0), new TimedBlock.Dispatcher<>() {
                private long n;

                @Override
                public boolean issue(Slot slot) {
                    long i = n++;
                    slot.kind = (int) (i % 2);
                    pool.execute(() -> slot.accept(null, i % 7 == 3 ? new IllegalStateException("no") : null));
                    return true;
                }
            });
        } finally {
            pool.shutdown();
            pool.awaitTermination(5, TimeUnit.SECONDS);
        }
        return tally;
    }

    @Test
    void theSecondsOfEachKindAddUpToItsCountErrorsAndLatencies() throws InterruptedException {
        Watcher watcher = new Watcher(true);
        Tally tally = run(watcher, Tally.Options.CONCURRENT);
        assertThat(watcher.seconds).as("a second a second, and the last partial one").isNotEmpty();
        for (int k = 0; k < 2; k++) {
            OperationDistribution kind = tally.kind(k).distributions().get(0);
            long completed = 0;
            long latencies = 0;
            Map<String, Long> errors = new TreeMap<>();
            for (LiveSecond s : watcher.seconds) {
                LiveSecond.Kind of = s.kinds().get(k);
                assertThat(of.operation()).isEqualTo(k == 0 ? "mix/READ" : "mix/UPDATE");
                completed += of.completed();
                of.errorsByKind().forEach((e, n) -> errors.merge(e, n, Long::sum));
                latencies += of.histogram() == null ? 0 : HistogramCodec.decode(of.histogram()).getTotalCount();
                assertThat(s.inFlight()).isBetween(0L, 4L);
                assertThat(s.intendedRate()).isZero();
            }
            assertThat(kind.count()).isPositive();
            assertThat(completed).isEqualTo(kind.count());
            assertThat(errors).isEqualTo(kind.errorsByKind()).containsKey("IllegalStateException");
            assertThat(latencies).isEqualTo(kind.count() - kind.errors());
        }
        assertThat(watcher.seconds.stream().mapToLong(LiveSecond::epochSecond).distinct().count())
                .as("each second its own wall-clock second").isEqualTo(watcher.seconds.size());
        LiveSecond last = watcher.seconds.stream().reduce((a, b) -> b).orElseThrow();
        assertThat(last.inFlight()).as("the block drained before its last second closed").isZero();
        assertThat(tally.total().distributions().get(0).timeline()).as("a tally that keeps no timeline keeps none watched").isEmpty();
    }

    @Test
    void errorsFoundAfterTheBlockGoOutBeforeTheCyclesResult() throws InterruptedException {
        Watcher watcher = new Watcher(true);
        Tally tally = run(watcher, Tally.Options.CONCURRENT);
        int during = watcher.seconds.size();
        tally.error(1, "ReadMismatch", 2); // read back wrong once the block ended
        tally.errorOfAll("StateMismatch", 1); // the database's state, of no kind
        tally.total();
        assertThat(watcher.seconds).hasSize(during + 1);
        LiveSecond last = watcher.seconds.stream().reduce((a, b) -> b).orElseThrow();
        assertThat(last.kinds()).containsExactly(new LiveSecond.Kind("mix/UPDATE", 0, Map.of("ReadMismatch", 2L), null),
                new LiveSecond.Kind("mix", 0, Map.of("StateMismatch", 1L), null));
        for (int k = 0; k < 2; k++) {
            Map<String, Long> errors = new TreeMap<>();
            int kind = k;
            watcher.seconds.stream().flatMap(s -> s.kinds().stream())
                    .filter(of -> of.operation().equals(tally.kinds().get(kind)))
                    .forEach(of -> of.errorsByKind().forEach((e, n) -> errors.merge(e, n, Long::sum)));
            assertThat(errors).isEqualTo(tally.kind(k).distributions().get(0).errorsByKind());
        }
        tally.total();
        assertThat(watcher.seconds).as("nothing new: nothing sent twice").hasSize(during + 1);
    }

    @Test
    void nobodyWatchingNoSecondsAndAKeptTimelineIsTheSame() throws InterruptedException {
        Watcher quiet = new Watcher(false);
        run(quiet, Tally.Options.CONCURRENT);
        assertThat(quiet.seconds).isEmpty();

        Watcher live = new Watcher(true);
        Tally kept = run(live, Tally.Options.CONCURRENT.withTimeline());
        long pointOps = kept.total().distributions().get(0).timeline().stream().mapToLong(p -> p.ops()).sum();
        long liveOk = live.seconds.stream().flatMap(s -> s.kinds().stream())
                .mapToLong(k -> k.completed() - k.errorsByKind().values().stream().mapToLong(Long::longValue).sum())
                .sum();
        OperationDistribution total = kept.total().distributions().get(0);
        assertThat(pointOps).as("the kept points count the successful operations, as before")
                .isEqualTo(total.count() - total.errors()).isEqualTo(liveOk);
    }

    @Test
    void warmUpsAreNeverWatched() throws InterruptedException {
        Watcher watcher = new Watcher(true);
        run(watcher, Tally.Options.CONCURRENT.warmup());
        assertThat(watcher.seconds).isEmpty();
    }
}
