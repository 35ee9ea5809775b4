package dev.cqlbench.scenario.hatshop;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.cqlbench.binding.HatEvent;
import dev.cqlbench.scenario.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HatEventsTest {

    @Test
    void aWrittenStreamReadsBackEqual(@TempDir Path dir) throws Exception {
        List<HatEvent> events = HatEvents.generate(3, 2_000, 50, EventMix.mixed());
        StringBuilder lines = new StringBuilder();
        for (HatEvent e : events) {
            lines.append(Json.lines().writeValueAsString(e)).append('\n');
        }
        Path file = dir.resolve("e.jsonl");
        Files.writeString(file, lines);
        assertThat(HatEvents.read(file)).isEqualTo(events);
    }

    @Test
    void badLinesAreNamed(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("bad.jsonl");
        Files.writeString(file, "{\"type\":\"CREATE\"}\n");
        assertThatThrownBy(() -> HatEvents.read(file)).isInstanceOf(IOException.class)
                .hasMessageContaining("line 1: an event needs a type and data");
        Files.writeString(file, "\n");
        assertThatThrownBy(() -> HatEvents.read(file)).hasMessageContaining("holds no events");
    }
}
