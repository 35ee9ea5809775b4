package dev.cqlbench.binding;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;
import java.util.UUID;

/**
 * One event of study 03's hat shop, in the study's JSON shape: {@code {"type": …, "data": {…}}}.
 *
 * @param data an {@link Order} for CREATE, else one of the change records below
 */
@JsonPropertyOrder({"type", "data"})
public record HatEvent(Type type, Object data) {

    public enum Type {
        /** A new order with its line items and client. */
        CREATE,
        /** Read an order and all its line items. */
        READ,
        /** The order's status and date (the study's UPDATE of the orders row). */
        UPDATE_STATUS,
        /** Colour, size and quantity of one line item. */
        UPDATE_ATTRIBUTES,
        /** The order's status alone: a single-column update. */
        UPDATE_COLUMN,
        /** The order and its line items. */
        DELETE
    }

    @JsonPropertyOrder({"id", "lineItems", "client", "status", "subTotal", "date"})
    public record Order(UUID id, List<LineItem> lineItems, Client client, String status, double subTotal, long date) {}

    @JsonPropertyOrder({"id", "product", "quantity", "linePrice"})
    public record LineItem(UUID id, Product product, int quantity, double linePrice) {}

    @JsonPropertyOrder({"id", "productType", "name", "weight", "price", "colour", "size"})
    public record Product(UUID id, String productType, String name, double weight, double price, String colour,
                          String size) {}

    @JsonPropertyOrder({"id", "name", "address", "email"})
    public record Client(UUID id, String name, String address, String email) {}

    /** READ and DELETE. */
    public record OrderRef(UUID id) {}

    @JsonPropertyOrder({"id", "status", "date"})
    public record StatusChange(UUID id, String status, long date) {}

    @JsonPropertyOrder({"id", "lineItemId", "colour", "size", "quantity", "linePrice"})
    public record AttributeChange(UUID id, UUID lineItemId, String colour, String size, int quantity,
                                  double linePrice) {}

    @JsonPropertyOrder({"id", "status"})
    public record ColumnChange(UUID id, String status) {}

    public UUID orderId() {
        if (data instanceof Order o) {
            return o.id();
        } else if (data instanceof OrderRef r) {
            return r.id();
        } else if (data instanceof StatusChange s) {
            return s.id();
        } else if (data instanceof AttributeChange a) {
            return a.id();
        } else if (data instanceof ColumnChange c) {
            return c.id();
        }
        throw new IllegalStateException("unknown event data " + data);
    }
}
