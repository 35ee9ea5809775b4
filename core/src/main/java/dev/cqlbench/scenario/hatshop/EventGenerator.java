package dev.cqlbench.scenario.hatshop;

import dev.cqlbench.binding.HatEvent;
import dev.cqlbench.binding.HatEvent.Type;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;

/**
 * Study 03's seeded stream of hat-shop events over a pool of at most {@code orders} live orders. Driven by
 * {@link java.util.Random} (as the study's generator) so the same seed, count, pool size and mix give the
 * same events, byte for byte. Every READ, UPDATE and DELETE names an order that exists at that point of the
 * stream; a DELETE frees its place in the pool.
 */
public final class EventGenerator {

    private static final String[] HATS = {"Beanie", "Flat", "Fedora", "Trilby", "Cloche", "Pork Pie", "Bowler",
        "Panama", "Tin Foil", "Deerstalker"};
    private static final String[] COLOURS = {"Burnt Sienna", "Puce", "Teal", "Mauve", "Crimson", "Ochre",
        "Charcoal", "Olive", "Navy", "Silver"};
    private static final String[] SIZES = {"XS", "S", "M", "L", "XL", "XXL"};
    private static final String[] STATUSES = {"ORDERED", "PACKED", "DISPATCHED", "OUT_FOR_DELIVERY", "DELIVERED"};
    private static final String[] FIRST = {"Katherine", "Tom", "Aisha", "Ravi", "Mei", "Jonas", "Olga", "Pedro"};
    private static final String[] LAST = {"Sims", "Okafor", "Brown", "Kowalski", "Tanaka", "Silva", "Moreau"};
    private static final String[] STREETS = {"frantic Drive", "Mill Lane", "Hatter Row", "Felt Street"};
    private static final String[] TOWNS = {"Worcester", "Leeds", "Bristol", "Luton", "Stockport"};
    private static final long FIRST_DATE = 1_481_537_772_610L;
    static final int MAX_LINE_ITEMS = 5;

    private final Random random;
    private final int orders;
    private final EventMix mix;
    private final List<UUID> live = new ArrayList<>();
    private final Map<UUID, List<UUID>> lineItems = new LinkedHashMap<>();
    private long date = FIRST_DATE;
    private boolean filled;

    public EventGenerator(long seed, int orders, EventMix mix) {
        if (orders < 1) {
            throw new IllegalArgumentException("the pool needs at least one order");
        }
        this.random = new Random(seed);
        this.orders = orders;
        this.mix = mix;
    }

    public HatEvent next() {
        date += 1 + random.nextInt(2_000);
        Type type = draw();
        if (type == Type.CREATE) {
            HatEvent.Order order = order();
            live.add(order.id());
            lineItems.put(order.id(), order.lineItems().stream().map(HatEvent.LineItem::id).toList());
            return new HatEvent(type, order);
        }
        UUID id = live.get(random.nextInt(live.size()));
        return switch (type) {
            case READ -> new HatEvent(type, new HatEvent.OrderRef(id));
            case UPDATE_STATUS -> new HatEvent(type, new HatEvent.StatusChange(id, pick(STATUSES), date));
            case UPDATE_ATTRIBUTES -> {
                List<UUID> items = lineItems.get(id);
                int quantity = 1 + random.nextInt(10);
                double price = money(5 + random.nextDouble() * 95);
                yield new HatEvent(type, new HatEvent.AttributeChange(id, items.get(random.nextInt(items.size())),
                        pick(COLOURS), pick(SIZES), quantity, money(price * quantity)));
            }
            case UPDATE_COLUMN -> new HatEvent(type, new HatEvent.ColumnChange(id, pick(STATUSES)));
            case DELETE -> {
                live.remove(id);
                lineItems.remove(id);
                yield new HatEvent(type, new HatEvent.OrderRef(id));
            }
            case CREATE -> throw new IllegalStateException("handled above");
        };
    }

    /** Orders alive at this point of the stream. */
    public int liveOrders() {
        return live.size();
    }

    private Type draw() {
        if (mix.fillFirst() && !filled) {
            if (live.size() < orders) {
                return Type.CREATE;
            }
            filled = true;
        }
        boolean canCreate = live.size() < orders;
        boolean canOther = !live.isEmpty();
        int total = 0;
        for (Type type : Type.values()) {
            total += allowed(type, canCreate, canOther) ? mix.weight(type) : 0;
        }
        if (total == 0) {
            return canOther ? Type.READ : Type.CREATE; // the mix allows nothing possible now
        }
        int ticket = random.nextInt(total);
        for (Type type : Type.values()) {
            int weight = allowed(type, canCreate, canOther) ? mix.weight(type) : 0;
            if (ticket < weight) {
                return type;
            }
            ticket -= weight;
        }
        throw new IllegalStateException("unreachable");
    }

    private static boolean allowed(Type type, boolean canCreate, boolean canOther) {
        return type == Type.CREATE ? canCreate : canOther;
    }

    private HatEvent.Order order() {
        int count = 1 + random.nextInt(MAX_LINE_ITEMS);
        List<HatEvent.LineItem> items = new ArrayList<>(count);
        double subTotal = 0;
        for (int i = 0; i < count; i++) {
            double price = money(5 + random.nextDouble() * 95);
            int quantity = 1 + random.nextInt(10);
            HatEvent.Product product = new HatEvent.Product(uuid(), "HAT", pick(HATS),
                    money(100 + random.nextDouble() * 500), price, pick(COLOURS), pick(SIZES));
            double linePrice = money(price * quantity);
            subTotal += linePrice;
            items.add(new HatEvent.LineItem(uuid(), product, quantity, linePrice));
        }
        String first = pick(FIRST);
        String last = pick(LAST);
        HatEvent.Client client = new HatEvent.Client(uuid(), first + " " + last,
                (1 + random.nextInt(400)) + ", " + pick(STREETS) + ", " + pick(TOWNS),
                first + last + "@fakemail.com");
        return new HatEvent.Order(uuid(), List.copyOf(items), client, "ORDERED", money(subTotal), date);
    }

    private String pick(String[] values) {
        return values[random.nextInt(values.length)];
    }

    private UUID uuid() {
        return new UUID((random.nextLong() & ~0xF000L) | 0x4000L,
                (random.nextLong() & 0x3FFFFFFFFFFFFFFFL) | 0x8000000000000000L);
    }

    static double money(double value) {
        return Math.round(value * 100) / 100.0;
    }
}
