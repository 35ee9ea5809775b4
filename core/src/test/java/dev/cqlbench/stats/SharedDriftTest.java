package dev.cqlbench.stats;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class SharedDriftTest {

    private static List<Map<Long, Double>> series(SyntheticBlocks synthetic, int rounds, int count) {
        double[] host = synthetic.host(rounds);
        List<Map<Long, Double>> out = new ArrayList<>();
        for (int s = 0; s < count; s++) {
            double[] blocks = synthetic.blocks(host, 100 + 40 * s);
            Map<Long, Double> byRound = new TreeMap<>();
            for (int r = 0; r < rounds; r++) {
                byRound.put((long) r, blocks[r]);
            }
            out.add(byRound);
        }
        return out;
    }

    @Test
    void theHostsDriftIsFoundAndSetApartFromEachSeriesOwnNoise() {
        // shaped like a crud run on the 2-core host: 36 series, 200 rounds, drift sd 0.13 with ρ 0.7, own noise 0.13
        for (long seed = 0; seed < 20; seed++) {
            SharedDrift drift = SharedDrift.of(series(new SyntheticBlocks(seed, 0.13, 0.7, 0.13), 200, 36));
            assertThat(drift.series()).isEqualTo(36);
            assertThat(drift.rounds()).isEqualTo(200);
            assertThat(Math.log1p(drift.spread())).as("seed %d", seed).isBetween(0.09, 0.17);
            assertThat(drift.rho()).as("seed %d", seed).isBetween(0.5, 0.85);
        }
    }

    @Test
    void aSteadyHostShowsLittleDrift() {
        SharedDrift drift = SharedDrift.of(series(new SyntheticBlocks(5, 0, 0, 0.13), 200, 36));
        // only each round's share of 36 series' own noise: 0.13 / √36 ≈ 0.022
        assertThat(Math.log1p(drift.spread())).isLessThan(0.035);
        assertThat(drift.rho()).isLessThan(0.3);
    }

    @Test
    void roundsASeriesLacksAreTolerated() {
        List<Map<Long, Double>> s = series(new SyntheticBlocks(7, 0.13, 0.7, 0.05), 100, 6);
        for (long r = 0; r < 30; r++) {
            s.get(0).remove(r); // left out as warming up
        }
        SharedDrift drift = SharedDrift.of(s);
        assertThat(drift.rounds()).isEqualTo(100);
        assertThat(Math.log1p(drift.spread())).isBetween(0.09, 0.17);
    }

    @Test
    void tooFewSeriesOrRoundsGiveNothing() {
        assertThat(SharedDrift.of(series(new SyntheticBlocks(1, 0.1, 0.5, 0.1), 100, SharedDrift.MIN_SERIES - 1)))
                .isNull();
        assertThat(SharedDrift.of(series(new SyntheticBlocks(1, 0.1, 0.5, 0.1), Estimate.MIN_ROUNDS - 1, 10)))
                .isNull();
    }
}
