package dev.cqlbench.report;

import dev.cqlbench.result.Claim;
import dev.cqlbench.result.Question;
import dev.cqlbench.stats.Comparison;
import dev.cqlbench.stats.PairedRatio;
import java.util.Locale;

/**
 * One of a study's claims against what the run measured: the claim in the project's words (docs/studies.md), the
 * run's answer in one sentence with its interval, and the verdict.
 *
 * @param study  "01", "02"…
 * @param claim  what the study says
 * @param answer what this run measured, effect ± interval
 * @param claimed the comparison the claim rests on and the factor the study claims, where it rests on one (a page
 *               marks the claim beside the run's interval); null otherwise
 */
public record Verdict(String study, String claim, String answer, Status status, Claimed claimed) {

    /** The study's factor for one of the run's comparisons: A's measure is B's times {@code [low, high]}. */
    public record Claimed(Question question, double low, double high) {}

    public Verdict(String study, String claim, String answer, Status status) {
        this(study, claim, answer, status, null);
    }

    /** The same verdict, resting on {@code question}, for which the study claims a factor in {@code [low, high]}. */
    public Verdict claiming(Question question, double low, double high) {
        return new Verdict(study, claim, answer, status, new Claimed(question, low, high));
    }

    /** The same verdict with {@code more} said after its answer (what it holds for); itself when there is none. */
    public Verdict withAnswer(String more) {
        return more == null || more.isEmpty() ? this : new Verdict(study, claim, answer + more, status, claimed);
    }

    /** What the run says of a claim. */
    public enum Status {
        CONFIRMED("confirmed"),
        CONTRADICTED("contradicted"),
        CONSISTENT("not decided: the interval holds the claim but is wider than its tolerance"),
        WITHIN_PRECISION("not decided: the interval is too wide"),
        TOO_FEW("not decided: too few rounds for an interval"),
        NOT_MEASURED("not measured in this run"),
        /** The claim names variants the run does not have: it is not one of the run's questions, and no page names it. */
        NOT_ASKED("not asked: its variants are not in this run");

        public final String words;

        Status(String words) {
            this.words = words;
        }
    }

    /** Whether the run settled the claim: confirmed (or the same within the stated margin) or contradicted. */
    public boolean decided() {
        return status == Status.CONFIRMED || status == Status.CONTRADICTED;
    }

    /**
     * A claim that A's measure is B's times a factor in {@code [low, high]}, judged by the interval of A/B as
     * {@link Claim#judge} says; too few samples when the two shared too few rounds for an interval.
     */
    public static Status ofRatio(PairedRatio r, double low, double high) {
        if (r == null) {
            return Status.TOO_FEW; // both ran (the callers check), in too few rounds together
        }
        return ofInterval(r.lower(), r.upper(), low, high);
    }

    /** The same for a ratio of unpaired samples or series ({@link Comparison}). */
    public static Status ofRatio(Comparison c, double low, double high) {
        if (c == null) {
            return Status.TOO_FEW;
        }
        return ofInterval(c.ratioLower(), c.ratioUpper(), low, high);
    }

    /**
     * Several comparisons behind one claim: contradicted if any is, confirmed if all are; else too few samples when
     * any had too few, or within the precision reached.
     */
    public static Status overall(java.util.List<Status> statuses) {
        if (statuses.isEmpty()) {
            return Status.TOO_FEW;
        }
        if (statuses.contains(Status.CONTRADICTED)) {
            return Status.CONTRADICTED;
        }
        if (statuses.stream().allMatch(Status.CONFIRMED::equals)) {
            return Status.CONFIRMED;
        }
        return statuses.contains(Status.TOO_FEW) ? Status.TOO_FEW : Status.WITHIN_PRECISION;
    }

    static Status ofInterval(double lower, double upper, double low, double high) {
        return switch (Claim.judge(lower, upper, low, high)) {
            case CONFIRMED -> Status.CONFIRMED;
            case CONTRADICTED -> Status.CONTRADICTED;
            case CONSISTENT -> Status.CONSISTENT;
            case OPEN -> Status.WITHIN_PRECISION;
        };
    }

    /**
     * "achilles takes 27.9 % more time than kundera (+20.3 to +36.0 %)", or the same within the margin with its
     * interval, or no difference shown with its interval and what the run would find.
     */
    public static String answer(PairedRatio r, String measure, double margin) {
        return r == null ? "too few rounds in common" : r.sentence(measure, margin);
    }

    /** A claim's factor as the study's percentage: 1.28 → "+28 %". */
    public static String percent(double factor) {
        return String.format(Locale.ROOT, "%+.0f %%", (factor - 1) * 100);
    }
}
