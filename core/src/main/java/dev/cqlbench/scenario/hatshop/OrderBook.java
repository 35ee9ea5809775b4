package dev.cqlbench.scenario.hatshop;

import dev.cqlbench.binding.HatEvent;
import dev.cqlbench.binding.OrderState;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.UUID;

/**
 * What the databases must hold after a stream of events: the events applied in memory, one by one, with the
 * rules every executor follows. It is the reference of the consistency check, and tells which order each
 * READ must return.
 */
public final class OrderBook {

    private final Map<UUID, OrderState> orders = new HashMap<>();

    /**
     * Applies one event. Throws {@link IllegalArgumentException} when the event names an order that does not
     * exist (or CREATE one that does): such a stream cannot be replayed the same way on every database.
     */
    public void apply(HatEvent event) {
        UUID id = event.orderId();
        OrderState current = orders.get(id);
        if (event.type() == HatEvent.Type.CREATE) {
            if (current != null) {
                throw new IllegalArgumentException("CREATE of order " + id + ", which exists already");
            }
            orders.put(id, created((HatEvent.Order) event.data()));
            return;
        }
        if (current == null) {
            throw new IllegalArgumentException(event.type() + " of order " + id + ", which does not exist");
        }
        Object data = event.data();
        switch (event.type()) {
            case READ -> { }
            case DELETE -> orders.remove(id);
            case UPDATE_STATUS -> {
                HatEvent.StatusChange s = (HatEvent.StatusChange) data;
                orders.put(id, new OrderState(id, current.clientId(), s.status(), s.date(), current.subTotal(),
                        current.lineItems()));
            }
            case UPDATE_COLUMN -> {
                HatEvent.ColumnChange c = (HatEvent.ColumnChange) data;
                orders.put(id, new OrderState(id, current.clientId(), c.status(), current.date(), current.subTotal(),
                        current.lineItems()));
            }
            case UPDATE_ATTRIBUTES -> {
                HatEvent.AttributeChange a = (HatEvent.AttributeChange) data;
                List<OrderState.LineState> items = new ArrayList<>();
                boolean found = false;
                for (OrderState.LineState l : current.lineItems()) {
                    if (l.id().equals(a.lineItemId())) {
                        found = true;
                        items.add(new OrderState.LineState(l.id(), l.productId(), a.colour(), a.size(), a.quantity(),
                                OrderState.money(a.linePrice())));
                    } else {
                        items.add(l);
                    }
                }
                if (!found) {
                    throw new IllegalArgumentException("UPDATE_ATTRIBUTES of line item " + a.lineItemId()
                            + ", which order " + id + " does not have");
                }
                orders.put(id, new OrderState(id, current.clientId(), current.status(), current.date(),
                        current.subTotal(), items));
            }
            default -> throw new IllegalStateException("unhandled " + event.type());
        }
    }

    /** The state of an order now, or null. */
    public OrderState get(UUID id) {
        return orders.get(id);
    }

    public int size() {
        return orders.size();
    }

    public Collection<OrderState> orders() {
        return orders.values();
    }

    static OrderState created(HatEvent.Order order) {
        return new OrderState(order.id(), order.client().id(), order.status(), order.date(),
                OrderState.money(order.subTotal()),
                order.lineItems().stream().map(l -> new OrderState.LineState(l.id(), l.product().id(),
                        l.product().colour(), l.product().size(), l.quantity(), OrderState.money(l.linePrice())))
                        .toList());
    }

    /** Order id → checksum, sorted by id. */
    public static SortedMap<UUID, String> checksums(Collection<OrderState> orders) {
        SortedMap<UUID, String> out = new TreeMap<>();
        for (OrderState o : orders) {
            out.put(o.id(), o.checksum());
        }
        return out;
    }

    /** One checksum over every order's checksum: equal digests, equal databases. */
    public static String digest(SortedMap<UUID, String> checksums) {
        StringBuilder all = new StringBuilder();
        checksums.forEach((id, sum) -> all.append(id).append('=').append(sum).append('\n'));
        return OrderState.sha256(all.toString()).substring(0, 16);
    }

    /** Up to {@code limit} differences between expected and actual checksums, as one-line descriptions. */
    public static List<String> differences(SortedMap<UUID, String> expected, Map<UUID, String> actual, int limit) {
        List<String> out = new ArrayList<>();
        for (Map.Entry<UUID, String> e : expected.entrySet()) {
            String got = actual.get(e.getKey());
            if (got == null) {
                out.add("order " + e.getKey() + " missing");
            } else if (!got.equals(e.getValue())) {
                out.add("order " + e.getKey() + " differs");
            }
        }
        for (UUID id : actual.keySet()) {
            if (!expected.containsKey(id)) {
                out.add("order " + id + " should not exist");
            }
        }
        return out.size() > limit ? out.subList(0, limit) : out;
    }
}
