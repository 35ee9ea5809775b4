package dev.cqlbench.scenario.hatshop;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.cqlbench.binding.HatEvent;
import dev.cqlbench.binding.OrderState;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class OrderBookTest {

    private static final UUID LINE_A = UUID.fromString("00000000-0000-4000-8000-00000000000a");
    private static final UUID LINE_B = UUID.fromString("00000000-0000-4000-8000-00000000000b");

    private static HatEvent.Order order(UUID id) {
        HatEvent.Product product = new HatEvent.Product(UUID.randomUUID(), "HAT", "Fez", 100.5, 10.0, "Puce", "M");
        return new HatEvent.Order(id, List.of(new HatEvent.LineItem(LINE_B, product, 2, 20.0),
                new HatEvent.LineItem(LINE_A, product, 1, 10.0)),
                new HatEvent.Client(UUID.randomUUID(), "A B", "1, Mill Lane, Leeds", "AB@fakemail.com"),
                "ORDERED", 30.0, 1000L);
    }

    @Test
    void eachEventTypeChangesWhatItNames() {
        UUID id = UUID.randomUUID();
        OrderBook book = new OrderBook();
        book.apply(new HatEvent(HatEvent.Type.CREATE, order(id)));
        book.apply(new HatEvent(HatEvent.Type.UPDATE_STATUS, new HatEvent.StatusChange(id, "PACKED", 2000L)));
        assertThat(book.get(id).status()).isEqualTo("PACKED");
        assertThat(book.get(id).date()).isEqualTo(2000L);
        book.apply(new HatEvent(HatEvent.Type.UPDATE_COLUMN, new HatEvent.ColumnChange(id, "DISPATCHED")));
        assertThat(book.get(id).status()).isEqualTo("DISPATCHED");
        assertThat(book.get(id).date()).isEqualTo(2000L);
        book.apply(new HatEvent(HatEvent.Type.UPDATE_ATTRIBUTES,
                new HatEvent.AttributeChange(id, LINE_A, "Teal", "XL", 3, 29.999)));
        OrderState.LineState a = book.get(id).lineItems().get(0);
        assertThat(a.id()).isEqualTo(LINE_A);
        assertThat(a.colour()).isEqualTo("Teal");
        assertThat(a.quantity()).isEqualTo(3);
        assertThat(a.linePrice()).isEqualTo(new BigDecimal("30.00"));
        assertThat(book.get(id).lineItems().get(1).colour()).isEqualTo("Puce");
        book.apply(new HatEvent(HatEvent.Type.DELETE, new HatEvent.OrderRef(id)));
        assertThat(book.get(id)).isNull();
        assertThat(book.size()).isZero();
    }

    @Test
    void aStreamThatCannotBeReplayedIsRefused() {
        UUID id = UUID.randomUUID();
        OrderBook book = new OrderBook();
        assertThatThrownBy(() -> book.apply(new HatEvent(HatEvent.Type.READ, new HatEvent.OrderRef(id))))
                .hasMessageContaining("does not exist");
        book.apply(new HatEvent(HatEvent.Type.CREATE, order(id)));
        assertThatThrownBy(() -> book.apply(new HatEvent(HatEvent.Type.CREATE, order(id))))
                .hasMessageContaining("exists already");
        assertThatThrownBy(() -> book.apply(new HatEvent(HatEvent.Type.UPDATE_ATTRIBUTES,
                new HatEvent.AttributeChange(id, UUID.randomUUID(), "Teal", "XL", 3, 1.0))))
                .hasMessageContaining("does not have");
    }

    @Test
    void checksumsIgnoreRowOrderAndScaleButNotValues() {
        UUID id = UUID.randomUUID();
        UUID client = UUID.randomUUID();
        UUID product = UUID.randomUUID();
        OrderState.LineState a = new OrderState.LineState(LINE_A, product, "Puce", "M", 1, new BigDecimal("10"));
        OrderState.LineState b = new OrderState.LineState(LINE_B, product, "Puce", "M", 2, new BigDecimal("20.00"));
        OrderState one = new OrderState(id, client, "ORDERED", 5L, new BigDecimal("30.0"), List.of(a, b));
        OrderState other = new OrderState(id, client, "ORDERED", 5L, new BigDecimal("30.00"), List.of(b, a));
        assertThat(one.checksum()).isEqualTo(other.checksum()).hasSize(16);
        OrderState changed = new OrderState(id, client, "PACKED", 5L, new BigDecimal("30.00"), List.of(b, a));
        assertThat(changed.checksum()).isNotEqualTo(one.checksum());

        SortedMap<UUID, String> expected = OrderBook.checksums(List.of(one));
        assertThat(OrderBook.differences(expected, Map.of(id, one.checksum()), 10)).isEmpty();
        assertThat(OrderBook.differences(expected, Map.of(id, changed.checksum()), 10)).containsExactly(
                "order " + id + " differs");
        assertThat(OrderBook.differences(expected, Map.of(), 10)).containsExactly("order " + id + " missing");
        assertThat(OrderBook.digest(expected)).isEqualTo(OrderBook.digest(OrderBook.checksums(List.of(other))))
                .isNotEqualTo(OrderBook.digest(OrderBook.checksums(List.of(changed))));
    }
}
