package dev.cqlbench.analysis;

import dev.cqlbench.result.Question;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * The stopping rule of an adaptive run, apart from the clock: it plans its rounds from the pace its rounds showed and
 * the time it has left, at most its cycles, until its first look, and then keeps that plan ({@link Looks}); at each
 * look it analyses its data at that look's exact boundary, and stops once every primary question is settled or none
 * still open can be within the rounds it can still hold ({@link Standing#futile}); a run that ends otherwise analyses
 * its data once more with what its looks left. The orchestrator and the simulation suite run this same rule.
 */
public final class Stopper {

    private final boolean adaptive;
    private final int cap;
    private int planned;
    private List<Integer> schedule = List.of();
    private int reach;
    private final List<Integer> looks = new ArrayList<>();
    private boolean answered;
    private boolean hopeless;
    private List<Question> futile = List.of();

    /** For a run of at most {@code cap} measured rounds; not {@code adaptive}: it never looks. */
    public Stopper(int cap, boolean adaptive) {
        this.adaptive = adaptive;
        this.cap = cap;
        this.planned = cap;
        this.reach = cap;
        if (adaptive) {
            schedule = Looks.schedule(cap);
        }
    }

    /**
     * After {@code finished} measured rounds at {@code secondsPerRound} each with {@code secondsLeft} of the time
     * limit left (infinite: none), the rounds the run can hold: its plan until its first look, then only what its
     * futility rule projects to (the plan and its looks stay).
     */
    public void plan(int finished, double secondsPerRound, double secondsLeft) {
        int fit = secondsPerRound <= 0 || Double.isInfinite(secondsLeft) ? cap
                : (int) Math.max(1, Math.min(cap, finished + Math.floor(Math.max(0, secondsLeft) / secondsPerRound)));
        reach = Math.min(fit, planned);
        if (!looks.isEmpty()) {
            return;
        }
        planned = fit;
        reach = fit;
        if (adaptive) {
            // a look due at {@code finished} itself is still to come: the plan is made just before it
            schedule = Looks.schedule(fit).stream().filter(r -> r >= finished && r > 0).toList();
        }
    }

    /** The measured rounds the run planned: its last analysis comes after them at the latest. */
    public int planned() {
        return planned;
    }

    /** The measured rounds the run expects to hold, at most its plan. */
    public int reach() {
        return reach;
    }

    /** Whether the run looks after {@code finished} rounds. */
    public boolean looksAt(int finished) {
        return adaptive && !answered && schedule.contains(finished);
    }

    /** Whether the run has planned all it may: {@code finished} rounds are its planned rounds. */
    public boolean reachedPlan(int finished) {
        return adaptive && finished >= planned;
    }

    /**
     * The looks of an analysis after {@code finished} rounds: a look's if it is one (taken once, whether or not the run
     * has looked there already: the analysis of a run that stopped at its look is that look's), else the run's end.
     */
    public Looks at(int finished, boolean atLook) {
        List<Integer> taken = new ArrayList<>(looks);
        if (atLook && (taken.isEmpty() || taken.get(taken.size() - 1) != finished)) {
            taken.add(finished);
        }
        return Looks.of(taken, planned, atLook);
    }

    /** The looks the last analysis would have if the run reaches its plan: those taken, those planned, its end. */
    public Looks atPlannedEnd() {
        List<Integer> all = new ArrayList<>(looks);
        all.addAll(schedule);
        return Looks.of(all, planned, false);
    }

    /**
     * Looks after {@code finished} rounds, at the analysis {@code at} gives for that look: true when the run stops,
     * every question answered ({@link #answered}) or every one still open unable to be in the rounds the run can
     * still hold ({@link #futile}).
     */
    public boolean look(int finished, Function<Looks, Analysis> at) {
        Analysis analysis = at.apply(at(finished, true));
        looks.add(finished);
        schedule = schedule.stream().filter(r -> r > finished).toList();
        Standing standing = analysis.standing();
        List<Question> open = standing.unsettled();
        futile = open.isEmpty() ? List.of() : standing.futile(reach, atPlannedEnd());
        answered = open.isEmpty();
        hopeless = !answered && futile.size() == open.size();
        return answered || hopeless;
    }

    /** The rounds at which the run looked. */
    public List<Integer> looks() {
        return List.copyOf(looks);
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

    /** Whether the run's last analysis is its last look's (it stopped there). */
    public boolean stoppedAtLook() {
        return answered || hopeless;
    }
}
