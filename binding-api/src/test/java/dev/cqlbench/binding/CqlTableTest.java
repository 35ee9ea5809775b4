package dev.cqlbench.binding;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class CqlTableTest {

    @Test
    void columnsKeepTheirOrderAndTheCommasInsideTheirTypes() {
        CqlTable table = CqlTable.of("t", " id uuid, attrs map<text, text>,pairs map<text, frozen<list<int>>>, n int",
                "id", null);
        assertThat(table.columns()).containsExactly(new CqlTable.Column("id", "uuid"),
                new CqlTable.Column("attrs", "map<text, text>"),
                new CqlTable.Column("pairs", "map<text, frozen<list<int>>>"), new CqlTable.Column("n", "int"));
        assertThat(table.columnNames()).containsExactly("id", "attrs", "pairs", "n");
    }

    @Test
    void theCreateStatementHoldsEveryColumnTheKeyAndTheOptions() {
        CqlTable table = CqlTable.of("readings", "sensor bigint, ts timestamp, value double", "sensor, ts",
                CqlTable.comment("it's cqlbench's"));
        assertThat(table.create("ks")).isEqualTo("CREATE TABLE IF NOT EXISTS ks.readings (sensor bigint, "
                + "ts timestamp, value double, PRIMARY KEY (sensor, ts)) WITH comment = 'it''s cqlbench''s'");
        assertThat(CqlTable.of("user", "id uuid", "id", null).create("ks"))
                .isEqualTo("CREATE TABLE IF NOT EXISTS ks.user (id uuid, PRIMARY KEY (id))");
    }

    @Test
    void aColumnWithoutItsTypeIsRefused() {
        assertThatThrownBy(() -> CqlTable.of("t", "id uuid, name", "id", null))
                .hasMessage("not a column and its type: ' name' in t");
    }
}
