package dev.cqlbench.binding;

import java.util.List;

/**
 * Study 03's tables. Cassandra: {@code orders} with the ids of its line items, and the line items either in
 * {@code line_items} (partitioned by line item: the study's first design) or in {@code line_items_by_order}
 * (partitioned by order, clustered by line item: its second). MariaDB: {@code orders} and {@code line_items}
 * with a foreign key. Colour and size live on the line item, since UPDATE_ATTRIBUTES changes them.
 */
public final class HatshopSchema {

    public static final String ORDERS = "orders";
    public static final String LINE_ITEMS = "line_items";
    public static final String LINE_ITEMS_BY_ORDER = "line_items_by_order";

    private HatshopSchema() {}

    /** Marks the tables cqlbench created: it empties them before every replay, and never empties others. */
    public static final String COMMENT = "created by cqlbench (hatshop scenario): emptied before every replay";

    private static final String LINE_COLUMNS = "product_id uuid, colour text, size text, quantity int, "
            + "line_price decimal";

    /** Cassandra: an order and the ids of its line items. */
    public static final CqlTable ORDERS_TABLE = CqlTable.of(ORDERS, "order_id uuid, line_item_ids list<uuid>, "
            + "client_id uuid, date_created timestamp, status text, sub_total decimal", "order_id",
            CqlTable.comment(COMMENT));
    /** Cassandra, the normalized model: line items by their id. */
    public static final CqlTable LINE_ITEMS_TABLE = CqlTable.of(LINE_ITEMS,
            "line_item_id uuid, order_id uuid, " + LINE_COLUMNS, "line_item_id", CqlTable.comment(COMMENT));
    /** Cassandra, the denormalized model: an order's line items in its partition. */
    public static final CqlTable LINE_ITEMS_BY_ORDER_TABLE = CqlTable.of(LINE_ITEMS_BY_ORDER,
            "order_id uuid, line_item_id uuid, " + LINE_COLUMNS, "order_id, line_item_id", CqlTable.comment(COMMENT));

    public static String createOrders(String keyspace) {
        return ORDERS_TABLE.create(keyspace);
    }

    public static String createLineItems(String keyspace) {
        return LINE_ITEMS_TABLE.create(keyspace);
    }

    public static String createLineItemsByOrder(String keyspace) {
        return LINE_ITEMS_BY_ORDER_TABLE.create(keyspace);
    }

    /** MariaDB/MySQL: the study's two tables, InnoDB, line items referencing their order. */
    public static List<String> sqlTables() {
        return List.of(
                "CREATE TABLE IF NOT EXISTS " + ORDERS + " (order_id CHAR(36) CHARACTER SET ascii NOT NULL PRIMARY KEY, "
                        + "client_id CHAR(36) CHARACTER SET ascii NOT NULL, date_created BIGINT NOT NULL, "
                        + "status VARCHAR(32) NOT NULL, sub_total DECIMAL(12,2) NOT NULL) ENGINE=InnoDB COMMENT='"
                        + COMMENT + "'",
                "CREATE TABLE IF NOT EXISTS " + LINE_ITEMS + " (line_item_id CHAR(36) CHARACTER SET ascii NOT NULL "
                        + "PRIMARY KEY, order_id CHAR(36) CHARACTER SET ascii NOT NULL, "
                        + "product_id CHAR(36) CHARACTER SET ascii NOT NULL, colour VARCHAR(32) NOT NULL, "
                        + "size VARCHAR(8) NOT NULL, quantity INT NOT NULL, line_price DECIMAL(12,2) NOT NULL, "
                        + "KEY line_items_order (order_id), CONSTRAINT line_items_order_fk FOREIGN KEY (order_id) "
                        + "REFERENCES " + ORDERS + " (order_id)) ENGINE=InnoDB COMMENT='" + COMMENT + "'");
    }

    /** MariaDB: table → column names expected (a clash check, as for Cassandra). */
    public static final List<String> SQL_ORDERS_COLUMNS = List.of("order_id", "client_id", "date_created", "status",
            "sub_total");
    public static final List<String> SQL_LINE_ITEM_COLUMNS = List.of("line_item_id", "order_id", "product_id", "colour",
            "size", "quantity", "line_price");
}
