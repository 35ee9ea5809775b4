package dev.cqlbench.scenario.mixes;

import dev.cqlbench.binding.KeyValueStore;
import java.util.SplittableRandom;

/**
 * Which existing record an operation picks, as YCSB's core workload does: uniform over the records; zipfian
 * (constant 0.99) with the popular items scattered over the key space by an FNV hash (YCSB's
 * ScrambledZipfianGenerator); latest, zipfian counted back from the newest record (SkewedLatestGenerator); hotspot,
 * a share of the operations uniform over a hot share of the records, the rest over the others
 * (HotspotIntegerGenerator); sequential, one record after the other, from the first again after the last
 * (SequentialGenerator); exponential, counted back from the newest record, {@code exponential.percentile} % of the
 * picks within the newest {@code exponential.frac} of the records (ExponentialGenerator). One chooser per
 * dispatching thread.
 */
public final class KeyChooser {

    static final double ZIPFIAN_CONSTANT = 0.99;

    private final String distribution;
    private final SplittableRandom random;
    private final Zipfian zipfian;
    private final double hotData;
    private final double hotOpn;
    /** exponential: the rate of the exponential over records counted back from the newest */
    private final double gamma;
    private long sequence;

    /** @param space the records zipfian spreads over (loaded records plus the inserts expected) */
    public KeyChooser(String distribution, long space, long seed) {
        this(new Workload("chooser", new Workload.Records(1, 1, 1), new Workload.Proportions(1, 0, 0, 0, 0),
                distribution, 1), space, seed);
    }

    /** The chooser of {@code workload}'s request distribution, with its parameters. */
    public KeyChooser(Workload workload, long space, long seed) {
        this.distribution = workload.distribution();
        this.random = new SplittableRandom(seed);
        this.zipfian = distribution.equals("zipfian") || distribution.equals("latest") ? new Zipfian(space) : null;
        this.hotData = workload.hotData();
        this.hotOpn = workload.hotOpn();
        // YCSB: P(x <= range) = percentile, range = recordcount × frac
        this.gamma = -Math.log(1 - workload.expPercentile() / 100)
                / Math.max(1, workload.recordCount() * workload.expFrac());
    }

    /** A record number in [0, existing): {@code existing} is how many records are known to be written. */
    public long next(long existing) {
        switch (distribution) {
            case "uniform":
                return random.nextLong(existing);
            case "latest":
                return existing - 1 - Math.min(existing - 1, zipfian.next(random));
            case "sequential":
                return sequence++ % existing;
            case "hotspot": {
                long hot = Math.max(1, Math.min(existing, (long) (existing * hotData)));
                if (hot == existing || random.nextDouble() < hotOpn) {
                    return random.nextLong(hot);
                }
                return hot + random.nextLong(existing - hot);
            }
            case "exponential":
                // the draw beyond what exists is drawn again (as YCSB does)
                for (int attempt = 0; attempt < 100; attempt++) {
                    long back = (long) (-Math.log(1 - random.nextDouble()) / gamma);
                    if (back < existing) {
                        return existing - 1 - back;
                    }
                }
                return random.nextLong(existing);
            default:
                // the popular items are scattered; retry the rare draw beyond what exists yet (as YCSB does)
                for (int attempt = 0; attempt < 100; attempt++) {
                    long k = Long.remainderUnsigned(KeyValueStore.fnv64(zipfian.next(random)), zipfian.items);
                    if (k < existing) {
                        return k;
                    }
                }
                return random.nextLong(existing);
        }
    }

    /** Gray et al.'s zipfian generator over [0, items), as YCSB's ZipfianGenerator. */
    static final class Zipfian {
        final long items;
        private final double alpha;
        private final double zetan;
        private final double eta;
        private final double theta = ZIPFIAN_CONSTANT;

        Zipfian(long items) {
            this.items = Math.max(1, items);
            double zeta2 = zeta(2);
            this.zetan = zeta(this.items);
            this.alpha = 1.0 / (1.0 - theta);
            this.eta = (1 - Math.pow(2.0 / this.items, 1 - theta)) / (1 - zeta2 / zetan);
        }

        private double zeta(long n) {
            double sum = 0;
            for (long i = 0; i < n; i++) {
                sum += 1 / Math.pow(i + 1, theta);
            }
            return sum;
        }

        long next(SplittableRandom random) {
            double u = random.nextDouble();
            double uz = u * zetan;
            if (uz < 1.0) {
                return 0;
            }
            if (uz < 1.0 + Math.pow(0.5, theta)) {
                return 1;
            }
            return Math.min(items - 1, (long) (items * Math.pow(eta * u - eta + 1, alpha)));
        }
    }
}
