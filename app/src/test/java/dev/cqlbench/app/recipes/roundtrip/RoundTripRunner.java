package dev.cqlbench.app.recipes.roundtrip;

import dev.cqlbench.binding.User;
import dev.cqlbench.binding.UserCrud;
import dev.cqlbench.measure.ErrorCounts;
import dev.cqlbench.result.CycleMeasurements;
import dev.cqlbench.runner.TimedBlock;
import dev.cqlbench.runner.Checked;
import dev.cqlbench.runner.Instruments;
import dev.cqlbench.runner.Pace;
import dev.cqlbench.runner.ScenarioRunner;
import dev.cqlbench.runner.Tally;
import dev.cqlbench.scenario.crud.UserGenerator;

/** Says what one operation is; the measured block does the rest (window, clock, tally, CPU, events). */
record RoundTripRunner(UserCrud crud, RoundTripPlan plan, Instruments instruments) implements ScenarioRunner {

    @Override
    public void warmup() {
        cycle(UserGenerator.WARMUP_CYCLE, Tally.Options.ONE_AT_A_TIME.warmup());
    }

    @Override
    public CycleMeasurements runCycle(int cycle) {
        return cycle(cycle, Tally.Options.ONE_AT_A_TIME);
    }

    private CycleMeasurements cycle(int cycle, Tally.Options options) {
        Tally inserts = Tally.of("insert", cycle, options, instruments.intervalLog());
        Tally reads = Tally.of("read", cycle, options, instruments.intervalLog());
        Checked checked = new Checked();
        for (int repetition = 0; repetition < plan.repetitions() && !instruments.stopped(); repetition++) {
            User[] users = UserGenerator.users(plan.seed(), "roundtrip-" + repetition, cycle, plan.users());
            TimedBlock.of(inserts, instruments, 1).run(repetition, Pace.UNTIL_DONE, TimedBlock.items(0, users.length,
                    (i, done) -> {
                        crud.insert(users[(int) i]);
                        done.accept(null, null);
                    }, TimedBlock.Check.NONE));
            TimedBlock.of(reads, instruments, 1).run(repetition, Pace.UNTIL_DONE, TimedBlock.items(0, users.length,
                    (i, done) -> done.accept(crud.read(users[(int) i].id()), null),
                    checked.counting((i, read) -> read == null ? ErrorCounts.READ_MISSING
                            : read.equals(users[(int) i]) ? null : ErrorCounts.READ_MISMATCH)));
        }
        checked.countIn(reads);
        return inserts.total().and(reads.total());
    }
}
