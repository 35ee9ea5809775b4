package dev.cqlbench.app.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cqlbench.analysis.Reading;
import dev.cqlbench.app.TestResults;
import dev.cqlbench.result.RunResult;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SummaryCsvTest {

    @Test
    void leadingColumnsAreTheDocumentedContract() {
        assertThat(SummaryCsv.HEADER).startsWith(
                "scenario,variant,operation,count,errors,throughput_ops_s,mean_us,p50_us,p99_us,p999_us,max_us");
    }

    @Test
    void matchesTheGoldenFile() throws IOException {
        ResultFormatsTest.matchesGolden("summary.csv", SummaryCsv.render(Reading.of(TestResults.fixed())));
    }

    @Test
    void resultJsonReadsBackEqual(@TempDir Path dir) {
        RunResult result = TestResults.fixed();
        ResultFiles.write(Reading.of(result), dir);
        assertThat(ResultFiles.read(dir.resolve(ResultFiles.RESULT_JSON))).isEqualTo(result);
        assertThat(dir.resolve(ResultFiles.SUMMARY_CSV)).exists();
    }

    @Test
    void aForeignJsonIsRefused(@TempDir Path dir) throws IOException {
        Path foreign = Files.writeString(dir.resolve("x.json"), "{\"format\":\"something-else\"}");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> ResultFiles.read(foreign))
                .hasMessageContaining("not a cqlbench result");
    }
}
