package dev.cqlbench.stats;

import java.util.Random;

/**
 * Per-block figures with known truth, shaped as this harness sees them on a shared 2-core host: the host's passing
 * state, common to every variant measured in a round and carried from round to round (AR(1), lag-1 correlation
 * {@code rho}), times each block's own noise; all log-normal around the true value.
 */
final class SyntheticBlocks {

    final double hostSd;
    final double rho;
    final double blockSd;
    private final Random random;

    SyntheticBlocks(long seed, double hostSd, double rho, double blockSd) {
        this.random = new Random(seed);
        this.hostSd = hostSd;
        this.rho = rho;
        this.blockSd = blockSd;
    }

    /** The host's state over {@code rounds} rounds, on the log scale, stationary with sd {@code hostSd}. */
    double[] host(int rounds) {
        double[] h = new double[rounds];
        double innovation = hostSd * Math.sqrt(1 - rho * rho);
        h[0] = hostSd * random.nextGaussian();
        for (int i = 1; i < rounds; i++) {
            h[i] = rho * h[i - 1] + innovation * random.nextGaussian();
        }
        return h;
    }

    /** One variant's blocks in those rounds, true value {@code truth}. */
    double[] blocks(double[] host, double truth) {
        double[] out = new double[host.length];
        for (int i = 0; i < host.length; i++) {
            out[i] = truth * Math.exp(host[i] + blockSd * random.nextGaussian());
        }
        return out;
    }
}
