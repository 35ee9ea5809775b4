package dev.cqlbench.scenario;

import dev.cqlbench.result.Family;
import dev.cqlbench.analysis.QuestionSource;
import dev.cqlbench.run.RunSettings;

/** The analysis's questions, from the run's scenario ({@link Scenarios#family}); registered as a service. */
public final class ScenarioQuestions implements QuestionSource {

    @Override
    public Family family(RunSettings settings) {
        return Scenarios.family(settings);
    }
}
