package dev.cqlbench.result;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.Map;
import org.junit.jupiter.api.Test;

class BatchesTest {

    private final ObjectMapper json = new ObjectMapper();

    @Test
    void aNumberFromAnEarlierResultIsEveryMeasuresBatch() throws Exception {
        Batches read = json.readValue("5", Batches.class);
        for (Measure m : Measure.values()) {
            assertThat(read.of(m)).isEqualTo(5);
        }
        assertThat(json.readValue("0", Batches.class).frozen()).isFalse();
    }

    @Test
    void eachMeasuresBatchIsWrittenAndReadBack() throws Exception {
        Batches frozen = new Batches(Map.of(Measure.TIME, 1, Measure.ALLOCATION, 5), 1);
        String written = json.writeValueAsString(frozen);
        assertThat(written).isEqualTo("{\"TIME\":1,\"ALLOCATION\":5}");
        Batches read = json.readValue(written, Batches.class);
        assertThat(read.of(Measure.TIME)).isEqualTo(1);
        assertThat(read.of(Measure.ALLOCATION)).isEqualTo(5);
        assertThat(read.frozen()).isTrue();
    }

    @Test
    void aMeasureThisVersionDoesNotKnowIsLeftOut() throws Exception {
        Batches read = json.readValue("{\"TIME\":2,\"SOMETHING_NEW\":7}", Batches.class);
        assertThat(read.byMeasure()).containsOnlyKeys(Measure.TIME);
    }
}
