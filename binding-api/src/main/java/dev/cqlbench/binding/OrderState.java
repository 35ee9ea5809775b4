package dev.cqlbench.binding;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.UUID;

/**
 * An order as a database holds it after the events so far, in plain values: what every executor returns for
 * READ and for the consistency check, whatever its tables look like.
 */
public record OrderState(UUID id, UUID clientId, String status, long date, BigDecimal subTotal,
                         List<LineState> lineItems) {

    /** One line item as stored (the product by id; colour, size, quantity and price change with updates). */
    public record LineState(UUID id, UUID productId, String colour, String size, int quantity,
                            BigDecimal linePrice) {}

    public OrderState {
        subTotal = money(subTotal);
        lineItems = lineItems.stream()
                .map(l -> new LineState(l.id(), l.productId(), l.colour(), l.size(), l.quantity(), money(l.linePrice())))
                .sorted(Comparator.comparing(LineState::id))
                .toList();
    }

    /** Money as stored: two decimals. */
    public static BigDecimal money(double value) {
        return BigDecimal.valueOf(value).setScale(2, RoundingMode.HALF_UP);
    }

    static BigDecimal money(BigDecimal value) {
        return value == null ? null : value.setScale(2, RoundingMode.HALF_UP);
    }

    /** The canonical text of this order: equal states, equal text, whichever database it came from. */
    public String canonical() {
        StringBuilder out = new StringBuilder();
        out.append(id).append('|').append(clientId).append('|').append(status).append('|').append(date).append('|')
                .append(subTotal == null ? "null" : subTotal.toPlainString());
        for (LineState l : lineItems) {
            out.append("|").append(l.id()).append(',').append(l.productId()).append(',').append(l.colour())
                    .append(',').append(l.size()).append(',').append(l.quantity()).append(',')
                    .append(l.linePrice() == null ? "null" : l.linePrice().toPlainString());
        }
        return out.toString();
    }

    /** SHA-256 of {@link #canonical()}, first 16 hex digits: the per-order checksum compared across databases. */
    public String checksum() {
        return sha256(canonical()).substring(0, 16);
    }

    public static String sha256(String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                    .digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }
}
