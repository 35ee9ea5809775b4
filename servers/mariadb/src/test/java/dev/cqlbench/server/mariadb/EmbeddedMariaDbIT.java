package dev.cqlbench.server.mariadb;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EmbeddedMariaDbIT {

    @Test
    void startsOnLoopbackServesJdbcAndLeavesNoProcessWhenClosed(@TempDir Path dir) throws Exception {
        List<ProcessHandle> processes;
        try (EmbeddedMariaDb db = EmbeddedMariaDb.start(dir, Duration.ofMinutes(3))) {
            processes = db.processes();
            assertThat(processes).as("the node JVM and mysqld").hasSizeGreaterThanOrEqualTo(2);
            try (Connection connection = DriverManager.getConnection(db.jdbcUrl(), db.user(), "");
                 Statement statement = connection.createStatement()) {
                statement.execute("CREATE DATABASE IF NOT EXISTS hatshop");
                try (ResultSet rs = statement.executeQuery("SELECT VERSION(), @@bind_address")) {
                    assertThat(rs.next()).isTrue();
                    assertThat(rs.getString(1)).contains("MariaDB");
                    assertThat(rs.getString(2)).isEqualTo("127.0.0.1");
                }
            }
        }
        assertThat(processes).noneMatch(ProcessHandle::isAlive);
    }

    @Test
    void mysqldStopsWhenItsParentGoesAway(@TempDir Path dir) throws Exception {
        EmbeddedMariaDb db = EmbeddedMariaDb.start(dir, Duration.ofMinutes(3));
        List<ProcessHandle> processes = db.processes();
        ProcessHandle node = processes.get(0);
        // what the node sees when cqlbench dies, however it dies: its stdin closes
        closeStdinOf(db);
        node.onExit().get(60, TimeUnit.SECONDS);
        for (ProcessHandle handle : processes) {
            handle.onExit().get(30, TimeUnit.SECONDS);
        }
        assertThat(processes).noneMatch(ProcessHandle::isAlive);
    }

    private static void closeStdinOf(EmbeddedMariaDb db) throws Exception {
        var field = EmbeddedMariaDb.class.getDeclaredField("process");
        field.setAccessible(true);
        ((Process) field.get(db)).getOutputStream().close();
    }
}
