package dev.cqlbench.scenario;

import dev.cqlbench.analysis.Question;
import dev.cqlbench.analysis.QuestionSource;
import dev.cqlbench.run.RunSettings;
import java.util.List;

/** The analysis's questions, from the run's scenario ({@link Scenario#questions}); registered as a service. */
public final class ScenarioQuestions implements QuestionSource {

    @Override
    public List<Question> questions(RunSettings settings) {
        return Scenarios.questions(settings);
    }
}
