package dev.cqlbench.analysis;

import dev.cqlbench.result.Family;
import dev.cqlbench.run.RunSettings;
import java.util.ServiceLoader;

/**
 * Where a run's questions come from: its scenario declares them, and scenarios build on this package, so they reach
 * it as a service (the scenario registry provides the one implementation) and dependencies run one way.
 */
public interface QuestionSource {

    /** What a run with these settings asks: its primary questions and the other comparisons its report shows. */
    Family family(RunSettings settings);

    /** The source on the classpath. */
    static QuestionSource loaded() {
        return Loaded.SOURCE;
    }

    /** Loaded once, on first use. */
    final class Loaded {
        static final QuestionSource SOURCE = ServiceLoader.load(QuestionSource.class).findFirst()
                .orElseThrow(() -> new IllegalStateException("no " + QuestionSource.class.getName()
                        + " on the classpath (the scenario registry provides it)"));

        private Loaded() {}
    }
}
