package dev.cqlbench.profile;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The CQL every driver binding prepares, and the names generated classes give columns. */
class StatementsTest {

    @Test
    void insertReadAndQueriesAreInTheRunsKeyspace() {
        Profile p = ProfileReader.read(Path.of("../profiles/timeseries.yaml"), "ts");
        assertThat(Statements.insert(p, "ks")).isEqualTo("INSERT INTO ks.readings (sensor_id, day, ts, value, unit, "
                + "tags) VALUES (?, ?, ?, ?, ?, ?)");
        assertThat(Statements.read(p, "ks")).isEqualTo("SELECT sensor_id, day, ts, value, unit, tags FROM "
                + "ks.readings WHERE sensor_id = ? AND day = ? AND ts = ?");
        assertThat(Statements.query(p, "window", "ks")).isEqualTo("SELECT ts, value FROM ks.readings WHERE "
                + "sensor_id = ? AND day = ? AND ts >= ? AND ts <= ?");
        assertThat(p.queries().get("window").binds()).containsExactly("sensor_id", "day", "ts", "ts");
        Profile lwt = ProfileReader.read(Path.of("../profiles/lwt.yaml"), "lwt");
        assertThat(Statements.insert(lwt, "ks")).endsWith(") IF NOT EXISTS");
    }

    @Test
    void aCounterTableAddsToEachCounterAndBindsTheKeyLast() {
        Profile p = ProfileReader.read(Path.of("../profiles/counters.yaml"), "c");
        assertThat(Statements.insert(p, "ks")).isEqualTo("UPDATE ks.page_views SET views = views + ?, clicks = "
                + "clicks + ? WHERE page = ? AND day = ?");
        assertThat(Statements.insertOrder(p)).containsExactly(2, 3, 0, 1);
    }

    @Test
    void markersAreNumberedOutsideStringsOnly() {
        assertThat(Statements.namedMarkers("SELECT * FROM t WHERE a = ? AND b = '?' AND c IN ?"))
                .isEqualTo("SELECT * FROM t WHERE a = :p0 AND b = '?' AND c IN :p1");
        assertThat(Statements.numberedMarkers("UPDATE t SET v = ? WHERE k = ?", "?"))
                .isEqualTo("UPDATE t SET v = ?0 WHERE k = ?1");
    }
}
