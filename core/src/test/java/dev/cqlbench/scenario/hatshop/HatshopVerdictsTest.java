package dev.cqlbench.scenario.hatshop;

import static dev.cqlbench.result.TestResults.around;
import static dev.cqlbench.result.TestResults.blocks;
import static dev.cqlbench.result.TestResults.result;
import static org.assertj.core.api.Assertions.assertThat;

import dev.cqlbench.analysis.Reading;
import dev.cqlbench.binding.HatEvent;
import dev.cqlbench.report.Verdict;
import dev.cqlbench.report.Verdict.Status;
import dev.cqlbench.result.TestResults.Measured;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Study 03's claims judged on made-up replays whose truth is known. */
class HatshopVerdictsTest {

    private static final HatshopPlan PLAN = new HatshopOptions().with("--count", "100", "--orders", "10").plan();
    private static final int ROUNDS = 12;

    /** A database whose event types take these median times (µs), in HatEvent.Type order, and its replays. */
    private static Measured database(String name, double replay, long seed, double... byType) {
        Map<String, double[]> blocks = new LinkedHashMap<>();
        HatEvent.Type[] types = HatEvent.Type.values();
        for (int i = 0; i < types.length; i++) {
            blocks.put(HatshopPlan.label(types[i].name(), PLAN.longestStep(), PLAN.steps()),
                    around(byType[i], 0.02, ROUNDS, seed + i));
        }
        blocks.put(HatshopPlan.label(HatshopPlan.ALL, PLAN.longestStep(), PLAN.steps()),
                around(replay, 0.02, ROUNDS, seed + 99));
        return blocks(PLAN, name, blocks);
    }

    private static List<Status> statuses(Measured... variants) {
        return HatshopVerdicts.of(Reading.of(result("hatshop", PLAN, variants)), PLAN).stream().map(Verdict::status)
                .toList();
    }

    /** Each database's replay time (µs per event) and its median times by event type, HatEvent.Type order. */
    private static List<Status> threeDatabases(double[] mariadb, double[] byOrder, double[] first) {
        return statuses(database("mariadb", mariadb[0], 1, java.util.Arrays.copyOfRange(mariadb, 1, 7)),
                database("cassandra-line_items_by_order", byOrder[0], 20, java.util.Arrays.copyOfRange(byOrder, 1, 7)),
                database("cassandra-line_items", first[0], 40, java.util.Arrays.copyOfRange(first, 1, 7)));
    }

    @Test
    void aRunShapedLikeTheStudysFigure4IsConfirmedClaimByClaim() {
        // replay, then CREATE, READ, UPDATE_STATUS, UPDATE_ATTRIBUTES, UPDATE_COLUMN, DELETE
        assertThat(threeDatabases(new double[] {100, 800, 500, 900, 900, 900, 700},
                new double[] {100 * 270 / 55.7, 810, 600, 700, 700, 700, 690},
                new double[] {600, 900, 900, 800, 800, 800, 800})).containsOnly(Status.CONFIRMED).hasSize(5);
    }

    @Test
    void theOppositeRunContradictsThem() {
        assertThat(threeDatabases(new double[] {300, 800, 900, 500, 500, 500, 400},
                new double[] {100, 400, 500, 900, 900, 900, 400},
                new double[] {90, 300, 400, 800, 800, 800, 350})).containsOnly(Status.CONTRADICTED).hasSize(5);
    }

    @Test
    void withoutMariaDbOnlyTheDataModelsCanBeJudged() {
        Measured byOrder = database("cassandra-line_items_by_order", 100, 20, 400, 500, 600, 600, 600, 800);
        Measured first = database("cassandra-line_items", 200, 40, 800, 900, 800, 800, 800, 900);
        // a claim that needs MariaDB is not one of this run's questions: no page names it
        assertThat(statuses(byOrder, first)).containsExactly(Status.NOT_ASKED, Status.NOT_ASKED,
                Status.NOT_ASKED, Status.NOT_ASKED, Status.CONFIRMED);
    }
}
