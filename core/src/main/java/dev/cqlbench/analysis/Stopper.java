package dev.cqlbench.analysis;

import dev.cqlbench.result.Question;
import java.util.ArrayList;
import java.util.List;
import java.util.function.DoubleFunction;

/**
 * The stopping rule of an adaptive run, apart from the clock: once its settling rounds have shown the pace, it plans
 * its looks ({@link Looks}); at each it analyses its data spending the share the elapsed time gives, and stops once
 * every primary question is settled or none still open can be within the rounds left ({@link Standing#futile}); a run that
 * ends otherwise analyses its data once more with what its looks left. The orchestrator and the simulation suite run
 * this same rule.
 */
public final class Stopper {

    private final boolean adaptive;
    private final int cap;
    private List<Integer> schedule = List.of();
    private int horizon;
    private final List<Integer> looks = new ArrayList<>();
    private double spent;
    private double lastShare;
    private boolean answered;
    private boolean hopeless;
    private List<Question> futile = List.of();

    /** For a run of at most {@code cap} measured rounds; not {@code adaptive}: it never looks. */
    public Stopper(int cap, boolean adaptive) {
        this.adaptive = adaptive;
        this.cap = cap;
        this.horizon = cap;
        if (adaptive) {
            schedule = Looks.schedule(cap);
        }
    }

    /**
     * Places the looks by the measured rounds the run can still hold: at most {@code cap}, and within the time left
     * at the pace its settling rounds showed ({@code secondsPerRound}; no time limit: {@code secondsLeft} infinite).
     */
    public void plan(double secondsPerRound, double secondsLeft) {
        replan(0, secondsPerRound, secondsLeft);
    }

    /**
     * After {@code finished} measured rounds, places the looks still to come by the pace the rounds so far showed: the
     * run can hold {@code finished} + (time left ÷ pace) rounds, at most {@code cap}; its looks still ahead are those
     * of {@link Looks} past {@code finished}, or one halfway to that horizon when none is. The share each look spends
     * follows the elapsed time, not the looks' number, so looking again costs no error; the times of the looks come
     * from the pace and the clock, never from the comparisons.
     */
    public void replan(int finished, double secondsPerRound, double secondsLeft) {
        int fit = secondsPerRound <= 0 || Double.isInfinite(secondsLeft) ? cap
                : (int) Math.max(1, Math.min(cap, finished + Math.floor(Math.max(0, secondsLeft) / secondsPerRound)));
        horizon = fit;
        if (!adaptive) {
            return;
        }
        List<Integer> ahead = new ArrayList<>(Looks.schedule(fit).stream().filter(r -> r > finished).toList());
        int half = (finished + fit) / 2;
        if (ahead.isEmpty() && half > finished && half < fit && half >= dev.cqlbench.run.Defaults.FIRST_LOOK) {
            ahead.add(half);
        }
        schedule = ahead;
    }

    /** The measured rounds the run expects to hold (its looks' plan). */
    public int horizon() {
        return horizon;
    }

    /** Whether the run looks after {@code finished} rounds. */
    public boolean looksAt(int finished) {
        return adaptive && !answered && schedule.contains(finished);
    }

    /** The share of the error a look at elapsed share {@code t} of the budget spends. */
    public double shareAt(double t) {
        return Math.max(0, Looks.spent(t) - spent);
    }

    /**
     * Looks after {@code finished} rounds at elapsed share {@code t} of the budget, at the analysis {@code at}
     * gives for that look's share: true when the run stops, every question answered ({@link #answered}) or every one
     * still open unable to be in the rounds the run can still hold ({@link #futile}).
     */
    public boolean look(int finished, double t, DoubleFunction<Analysis> at) {
        double share = shareAt(t);
        Analysis analysis = at.apply(share);
        looks.add(finished);
        spent += share;
        lastShare = share;
        Standing standing = analysis.standing();
        List<Question> open = standing.open();
        futile = open.isEmpty() ? List.of() : standing.futile(horizon, Math.max(0, 1 - spent));
        answered = open.isEmpty();
        hopeless = !answered && futile.size() == open.size();
        return answered || hopeless;
    }

    /** The rounds at which the run looked. */
    public List<Integer> looks() {
        return List.copyOf(looks);
    }

    /** Looks taken and still planned, the end's analysis included. */
    public int planned() {
        return looks.size() + schedule.size() + 1;
    }

    /** Whether it stopped at a look because every primary question was settled. */
    public boolean answered() {
        return answered;
    }

    /** Whether it stopped at a look because no open primary question could settle in the rounds left. */
    public boolean hopeless() {
        return hopeless;
    }

    /** The questions the last look found could not be answered within the rounds left. */
    public List<Question> futile() {
        return futile;
    }

    /** The share of the error the run's final analysis spends: the look it stopped at, or what the looks left. */
    public double finalShare() {
        return answered || hopeless ? lastShare : Math.max(0, 1 - spent);
    }
}
