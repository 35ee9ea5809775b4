package dev.cqlbench.analysis;

import java.util.ArrayList;
import java.util.List;

/**
 * The stopping rule of an adaptive run, apart from the clock: at the rounds {@link Looks} fixes it looks, spending
 * 1/L of the error, and stops once every question is answered; a run that ends otherwise analyses its data once more
 * with what the looks left. The orchestrator and the simulation suite run this same rule.
 */
public final class Stopper {

    private final boolean adaptive;
    private final List<Integer> schedule;
    private final List<Integer> looks = new ArrayList<>();
    private boolean answered;

    /** For a run of at most {@code cap} rounds; not {@code adaptive}: it never looks. */
    public Stopper(int cap, boolean adaptive) {
        this.adaptive = adaptive;
        this.schedule = adaptive ? Looks.schedule(cap) : List.of(cap);
    }

    /** Whether the run looks after {@code finished} rounds. */
    public boolean looksAt(int finished) {
        return adaptive && !answered && schedule.contains(finished);
    }

    /** The share of the error the next look spends. */
    public double nextShare() {
        return Looks.share(looks.size(), planned(), false);
    }

    /**
     * Looks after {@code finished} rounds (one of {@link #looksAt}) at the analysis {@code at} gives for
     * {@link #nextShare()}: true when every question is answered, and the run stops.
     */
    public boolean look(int finished, java.util.function.DoubleFunction<Analysis> at) {
        Analysis analysis = at.apply(nextShare());
        looks.add(finished);
        answered = analysis.decided();
        return answered;
    }

    /** The rounds at which the run looked. */
    public List<Integer> looks() {
        return List.copyOf(looks);
    }

    public int planned() {
        return schedule.size();
    }

    /** Whether it stopped at a look because every question was answered. */
    public boolean answered() {
        return answered;
    }

    /** The share of the error the run's final analysis spends: its last look's, or what the looks left. */
    public double finalShare() {
        return answered ? Looks.share(looks.size() - 1, planned(), false) : Looks.share(looks.size(), planned(), true);
    }
}
