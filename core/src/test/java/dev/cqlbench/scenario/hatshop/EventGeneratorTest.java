package dev.cqlbench.scenario.hatshop;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cqlbench.binding.HatEvent;
import dev.cqlbench.scenario.Json;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class EventGeneratorTest {

    private static String stream(long seed, int count, int orders) throws Exception {
        EventGenerator generator = new EventGenerator(seed, orders, EventMix.mixed());
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < count; i++) {
            out.append(Json.lines().writeValueAsString(generator.next())).append('\n');
        }
        return out.toString();
    }

    @Test
    void theSameSeedGivesTheSameStreamByteForByte() throws Exception {
        assertThat(stream(42, 2_000, 50)).isEqualTo(stream(42, 2_000, 50));
        assertThat(stream(42, 2_000, 50)).isNotEqualTo(stream(43, 2_000, 50));
    }

    @Test
    void everyEventNamesAnOrderThatIsAliveAndThePoolStaysWithinItsSize() {
        EventGenerator generator = new EventGenerator(7, 20, EventMix.mixed());
        Set<UUID> live = new HashSet<>();
        Set<UUID> everCreated = new HashSet<>();
        Map<HatEvent.Type, Integer> counts = new EnumMap<>(HatEvent.Type.class);
        for (int i = 0; i < 20_000; i++) {
            HatEvent event = generator.next();
            counts.merge(event.type(), 1, Integer::sum);
            if (event.type() == HatEvent.Type.CREATE) {
                assertThat(everCreated.add(event.orderId())).as("order ids are never reused").isTrue();
                live.add(event.orderId());
            } else {
                assertThat(live).contains(event.orderId());
                if (event.type() == HatEvent.Type.DELETE) {
                    live.remove(event.orderId());
                }
            }
            assertThat(live).hasSizeLessThanOrEqualTo(20);
            assertThat(generator.liveOrders()).isEqualTo(live.size());
        }
        assertThat(counts).containsKeys(HatEvent.Type.values());
        assertThat(counts.get(HatEvent.Type.READ)).isGreaterThan(counts.get(HatEvent.Type.DELETE));
    }

    @Test
    void ordersLookLikeTheStudysAndAddUp() {
        EventGenerator generator = new EventGenerator(1, 10, EventMix.mixed());
        HatEvent first = generator.next();
        assertThat(first.type()).isEqualTo(HatEvent.Type.CREATE);
        HatEvent.Order order = (HatEvent.Order) first.data();
        assertThat(order.status()).isEqualTo("ORDERED");
        assertThat(order.lineItems()).isNotEmpty().hasSizeLessThanOrEqualTo(EventGenerator.MAX_LINE_ITEMS);
        double sum = order.lineItems().stream().mapToDouble(HatEvent.LineItem::linePrice).sum();
        assertThat(order.subTotal()).isEqualTo(EventGenerator.money(sum));
        assertThat(order.lineItems()).allSatisfy(item -> {
            assertThat(item.product().productType()).isEqualTo("HAT");
            assertThat(item.linePrice()).isEqualTo(EventGenerator.money(item.product().price() * item.quantity()));
        });
        assertThat(order.client().email()).endsWith("@fakemail.com");
    }

    @Test
    void theUpdatesMixFillsThePoolThenOnlyUpdates() {
        EventGenerator generator = new EventGenerator(3, 5, EventMix.updates());
        Map<HatEvent.Type, Integer> counts = new EnumMap<>(HatEvent.Type.class);
        for (int i = 0; i < 1_000; i++) {
            counts.merge(generator.next().type(), 1, Integer::sum);
        }
        assertThat(counts).containsOnlyKeys(HatEvent.Type.CREATE, HatEvent.Type.UPDATE_STATUS);
        assertThat(counts.get(HatEvent.Type.CREATE)).isEqualTo(5);
        EventGenerator again = new EventGenerator(3, 5, EventMix.updates());
        for (int i = 0; i < 5; i++) {
            assertThat(again.next().type()).isEqualTo(HatEvent.Type.CREATE);
        }
        assertThat(again.next().type()).isEqualTo(HatEvent.Type.UPDATE_STATUS);
    }

    @Test
    void jsonHasTheStudysShape() throws Exception {
        String line = Json.lines().writeValueAsString(new EventGenerator(42, 5, EventMix.mixed()).next());
        assertThat(line).startsWith("{\"type\":\"CREATE\",\"data\":{\"id\":\"")
                .contains("\"lineItems\":[{\"id\":").contains("\"product\":{\"id\":")
                .contains("\"productType\":\"HAT\"").contains("\"client\":{\"id\":")
                .contains("\"status\":\"ORDERED\"").doesNotContain("orderId");
    }
}
