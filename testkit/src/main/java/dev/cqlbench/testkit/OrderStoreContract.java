package dev.cqlbench.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cqlbench.binding.HatEvent;
import dev.cqlbench.binding.OrderState;
import dev.cqlbench.binding.OrderStore;
import dev.cqlbench.result.OperationDistribution;
import dev.cqlbench.runner.Instruments;
import dev.cqlbench.scenario.hatshop.EventMix;
import dev.cqlbench.scenario.hatshop.HatEvents;
import dev.cqlbench.scenario.hatshop.HatshopOptions;
import dev.cqlbench.scenario.hatshop.HatshopPlan;
import dev.cqlbench.scenario.hatshop.HatshopRunner;
import dev.cqlbench.scenario.hatshop.OrderBook;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The contract every hat-shop executor passes against a real database: each event type does what the stream
 * says (checked against {@link OrderBook}), and a concurrent replay leaves exactly the orders the stream
 * implies. A store's integration test extends this and says how to open the store for a model.
 */
public abstract class OrderStoreContract {

    protected static final String DATABASE = "hatshop_contract";

    private OrderStore store;

    /** Opens the store under test; the scenario's tables exist (or the store creates them). */
    protected abstract OrderStore open(OrderStore.Spec spec) throws Exception;

    /** The data model this test runs. */
    protected abstract String model();

    @BeforeEach
    void openStore() throws Exception {
        store = open(new OrderStore.Spec(DATABASE, model(), 8, 4, OrderStore.Spec.DURABLE));
        store.reset();
    }

    @AfterEach
    void closeStore() {
        if (store != null) {
            store.close();
        }
    }

    @Test
    void everyEventTypeDoesWhatTheStreamSays() throws Exception {
        List<HatEvent> events = HatEvents.generate(11, 300, 20, EventMix.mixed());
        OrderBook book = new OrderBook();
        for (HatEvent event : events) {
            book.apply(event);
            UUID id = event.orderId();
            switch (event.type()) {
                case CREATE -> store.create((HatEvent.Order) event.data()).toCompletableFuture().get();
                case READ -> assertThat(store.read(id).toCompletableFuture().get()).isEqualTo(book.get(id));
                case UPDATE_STATUS -> store.updateStatus((HatEvent.StatusChange) event.data()).toCompletableFuture().get();
                case UPDATE_ATTRIBUTES -> store.updateAttributes((HatEvent.AttributeChange) event.data())
                        .toCompletableFuture().get();
                case UPDATE_COLUMN -> store.updateColumn((HatEvent.ColumnChange) event.data()).toCompletableFuture().get();
                case DELETE -> {
                    store.delete(id).toCompletableFuture().get();
                    assertThat(store.read(id).toCompletableFuture().get()).isNull();
                }
            }
            if (event.type() != HatEvent.Type.DELETE && event.type() != HatEvent.Type.READ) {
                OrderState stored = store.read(id).toCompletableFuture().get();
                assertThat(stored).as("%s of %s", event.type(), id).isEqualTo(book.get(id));
            }
        }
        assertThat(OrderBook.checksums(store.readAll())).isEqualTo(OrderBook.checksums(book.orders()));
        assertThat(book.size()).isGreaterThan(5);
        store.reset();
        assertThat(store.readAll()).isEmpty();
    }

    @Test
    void aConcurrentReplayLeavesWhatTheStreamImplies() throws Exception {
        HatshopPlan plan = new HatshopOptions().with("--count", "600", "--orders", "40", "--mix", "mixed",
                "--concurrency", "16", "--pool-size", "4", "--repetitions", "2", "--cycles", "1", "--warmup-events",
                "100", "--no-event-log", "--seed", "5", "--keyspace", DATABASE).plan();
        List<HatEvent> events = plan.events();
        HatshopRunner runner = new HatshopRunner(store, plan, events, plan.warmupStream(), Instruments.quiet("contract"),
                null);
        runner.warmup();
        List<OperationDistribution> cycles = runner.runCycle(0).distributions();
        OrderBook book = new OrderBook();
        events.forEach(book::apply);
        OperationDistribution all = cycles.get(cycles.size() - 1);
        assertThat(all.operation()).isEqualTo(HatshopPlan.ALL);
        assertThat(all.errorsByKind()).isEmpty();
        assertThat(all.count()).isEqualTo(1200);
        assertThat(all.stateDigest()).isEqualTo(OrderBook.digest(OrderBook.checksums(book.orders())));
        assertThat(cycles.stream().filter(c -> c.operation().equals("READ")).findFirst().orElseThrow().count())
                .isEqualTo(2L * plan.eventCounts().get("READ"));
    }
}
