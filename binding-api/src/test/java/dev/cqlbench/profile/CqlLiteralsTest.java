package dev.cqlbench.profile;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cqlbench.binding.CqlValues;
import java.math.BigDecimal;
import java.net.InetAddress;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Values written into a statement's text, as Kundera's native queries need them (read back by a server in ITs). */
class CqlLiteralsTest {

    private static final Profile PROFILE = ProfileReader.parse("""
            keyspace: ks
            table: t
            extra_definitions:
              - CREATE TYPE point (x double, "Label" text)
            table_definition: CREATE TABLE t (k int PRIMARY KEY, p frozen<point>)
            """, "literals.yaml");

    private static String format(String type, Object value) {
        return CqlLiterals.format(CqlType.parse(type), value, PROFILE);
    }

    @Test
    void stringsDoubleTheirQuotesAndEveryScalarHasItsCqlForm() throws Exception {
        assertThat(format("text", "it's")).isEqualTo("'it''s'");
        assertThat(format("blob", ByteBuffer.wrap(new byte[] {0, 15, -1}))).isEqualTo("0x000fff");
        assertThat(format("double", Double.NaN)).isEqualTo("NaN");
        assertThat(format("float", Float.NEGATIVE_INFINITY)).isEqualTo("-Infinity");
        assertThat(format("decimal", new BigDecimal("-1.5E+3"))).isEqualTo("-1.5E+3");
        assertThat(format("timestamp", Instant.ofEpochMilli(-1234))).isEqualTo("-1234");
        assertThat(format("time", LocalTime.of(0, 0, 0, 5))).isEqualTo("5");
        assertThat(format("date", LocalDate.of(2024, 2, 29))).isEqualTo("'2024-02-29'");
        assertThat(format("inet", InetAddress.getByName("::1"))).isEqualTo("'0:0:0:0:0:0:0:1'");
        assertThat(format("duration", new CqlValues.Duration(-1, -2, -3))).isEqualTo("-1mo2d3ns");
        assertThat(format("int", null)).isEqualTo("null");
    }

    @Test
    void collectionsTuplesAndTypesNest() {
        Map<String, Object> map = new LinkedHashMap<>();
        map.put("a", List.of(1, 2));
        assertThat(format("map<text, frozen<list<int>>>", map)).isEqualTo("{'a': [1, 2]}");
        assertThat(format("set<text>", new LinkedHashSet<>(List.of("x", "y")))).isEqualTo("{'x', 'y'}");
        assertThat(format("tuple<int, text>", new CqlValues.Tuple(List.of(1, "o'k")))).isEqualTo("(1, 'o''k')");
        Map<String, Object> fields = new LinkedHashMap<>();
        fields.put("x", 1.5);
        fields.put("Label", "p");
        assertThat(format("frozen<point>", new CqlValues.Udt("point", fields))).isEqualTo("{x: 1.5, \"Label\": 'p'}");
        assertThat(format("vector<float, 2>", List.of(1.0f, 2.5f))).isEqualTo("[1.0, 2.5]");
    }

    @Test
    void literalsTakeTheMarkersPlacesOutsideStrings() {
        assertThat(Statements.inlined("SELECT * FROM t WHERE a = ? AND b = '?' AND c > ?", List.of("'x'", "3")))
                .isEqualTo("SELECT * FROM t WHERE a = 'x' AND b = '?' AND c > 3");
    }
}
