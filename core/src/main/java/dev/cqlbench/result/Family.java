package dev.cqlbench.result;

import com.fasterxml.jackson.annotation.JsonIgnore;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * What a run asks, fixed from its settings before any data, and stored with its result so that a report reads it
 * as it was asked:
 * <ul>
 *   <li>{@link #primary}: the questions the run exists for (the study's claims its variants can test, or the user's
 *       own {@code --question}s, or, with neither, every variant against the reference in each operation): their
 *       intervals hold jointly at the family level ({@code --family-confidence}), and an adaptive run stops once
 *       each is settled or can no longer be;</li>
 *   <li>{@link #descriptive}: every other comparison its report shows: each at its own level, marked by the
 *       Benjamini–Hochberg rule, so that of the marks at most {@code --false-discovery-rate} are wrong on average
 *       (their intervals are Benjamini and Yekutieli's, which cover as a set at that rate).</li>
 * </ul>
 *
 * @param primary     the confirmatory family, in the scenario's order
 * @param descriptive the other comparisons, in the scenario's order; none of them primary
 * @param origin      where the primary questions came from: {@link #CLAIMS}, {@link #ASKED} or {@link #REFERENCE}
 */
public record Family(List<Claim> primary, List<Question> descriptive, String origin) {

    public static final String CLAIMS = "the study's claims";
    public static final String ASKED = "--question";
    public static final String REFERENCE = "every variant against the reference";
    public static final Family NONE = new Family(List.of(), List.of(), REFERENCE);

    public Family {
        primary = List.copyOf(primary);
        descriptive = List.copyOf(descriptive);
    }

    /**
     * The family of a run whose scenario asks {@code asked} and whose claims are {@code claims} (the user's questions,
     * or the study's claims the run's variants can test, or none): with no claim, every question of the scenario
     * against {@code reference} in one operation is primary. A question asked twice (or the other way round) counts
     * once, as primary if it is either.
     */
    public static Family of(List<Claim> claims, List<Question> asked, String reference, String origin) {
        List<Claim> primary = new ArrayList<>();
        for (Claim c : claims) {
            if (primary.stream().noneMatch(p -> same(p.question(), c.question()))) {
                primary.add(c);
            }
        }
        String from = origin;
        if (primary.isEmpty()) {
            from = REFERENCE;
            for (Question q : asked) {
                if (q.b().variant().equals(reference) && q.sameOperations() && q.a().operations().size() == 1
                        && !q.a().variant().equals(reference) && primary.stream().noneMatch(p -> same(p.question(), q))) {
                    primary.add(Claim.of(q));
                }
            }
        }
        List<Question> rest = new ArrayList<>();
        for (Question q : asked) {
            if (primary.stream().noneMatch(p -> same(p.question(), q)) && rest.stream().noneMatch(r -> same(r, q))) {
                rest.add(q);
            }
        }
        return new Family(primary, rest, from);
    }

    private static boolean same(Question a, Question b) {
        return a.equals(b) || a.equals(b.reversed());
    }

    /** Every question, primary first. */
    @JsonIgnore
    public List<Question> all() {
        List<Question> out = new ArrayList<>(primary.stream().map(Claim::question).toList());
        out.addAll(descriptive);
        return out;
    }

    /** The primary questions. */
    @JsonIgnore
    public List<Question> primaryQuestions() {
        return primary.stream().map(Claim::question).toList();
    }

    /** Whether {@code q} (either way round) is one of the primary questions. */
    public boolean isPrimary(Question q) {
        return primary.stream().anyMatch(c -> same(c.question(), q));
    }

    /** Whether {@code q} (either way round) is asked at all. */
    public boolean asks(Question q) {
        return isPrimary(q) || descriptive.stream().anyMatch(d -> same(d, q));
    }

    /** The variants its questions name. */
    @JsonIgnore
    public Set<String> variants() {
        return all().stream().flatMap(q -> java.util.stream.Stream.of(q.a().variant(), q.b().variant()))
                .collect(Collectors.toCollection(java.util.LinkedHashSet::new));
    }
}
