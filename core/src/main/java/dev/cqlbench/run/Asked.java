package dev.cqlbench.run;

import io.soabase.recordbuilder.core.RecordBuilder;
import java.util.List;

/**
 * What a run asks, fixed before its data, and how sure its answers must be.
 *
 * @param reference        the variant every other is compared with (the scenario's baseline unless
 *                         {@code --reference} names another); null: the first variant
 * @param questions        the user's own questions ({@code --question}), as typed: the run's primary questions in place
 *                         of its study's claims; empty for none
 * @param confidenceLevel  the level of each figure's own interval
 * @param familyConfidence the level at which the comparisons a report marks hold jointly (an older result without it:
 *                         {@link Defaults#FAMILY_CONFIDENCE})
 * @param stopping         when rounds stop before the plan's last cycle; null (an older result without it): never
 */
@RecordBuilder
public record Asked(String reference, List<String> questions, double confidenceLevel, double familyConfidence,
                    Stopping stopping) implements AskedBuilder.With {

    public Asked {
        questions = questions == null ? List.of() : List.copyOf(questions);
        familyConfidence = familyConfidence > 0 && familyConfidence < 1 ? familyConfidence
                : Defaults.FAMILY_CONFIDENCE;
    }

    /** The scenario's own questions at the default levels, stopped by {@link Stopping#defaults()}. */
    public static Asked defaults() {
        return new Asked(null, List.of(), Defaults.CONFIDENCE, Defaults.FAMILY_CONFIDENCE, Stopping.defaults());
    }
}
