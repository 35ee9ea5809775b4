package dev.cqlbench.app.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cqlbench.analysis.Reading;
import dev.cqlbench.app.TestResults;
import dev.cqlbench.result.RunResult;
import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The file formats people and scripts read: result.json and timeline.csv against golden files; results recorded
 * by real runs of every scenario, in the first format (test resources results/) and the current one (results/v3/),
 * still read, and write back unchanged.
 */
class ResultFormatsTest {

    static String golden(String name) throws IOException {
        try (InputStream in = ResultFormatsTest.class.getResourceAsStream("/golden/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /**
     * Asserts {@code actual} is the golden file {@code name}; with {@code CQLBENCH_WRITE_GOLDEN=1} in the environment
     * the file is written instead (read the diff before committing it: a golden file is the format's contract).
     */
    static void matchesGolden(String name, String actual) throws IOException {
        if ("1".equals(System.getenv("CQLBENCH_WRITE_GOLDEN"))) {
            java.nio.file.Files.writeString(Path.of("src/test/resources/golden", name), actual);
            return;
        }
        assertThat(actual).as("golden/%s (CQLBENCH_WRITE_GOLDEN=1 rewrites it)", name).isEqualTo(golden(name));
    }

    static RunResult recorded(String scenario) throws URISyntaxException {
        return ResultFiles.read(Path.of(ResultFormatsTest.class.getResource("/results/" + scenario + ".json").toURI()));
    }

    @Test
    void resultJsonMatchesTheGoldenFile() throws IOException {
        matchesGolden("result.json", ResultFormat.JSON.render(Reading.of(TestResults.fixed())) + "\n");
    }

    @Test
    void theGoldenResultOfFormat7ReadsAsTheSameResult() throws Exception {
        // format 7 wrote the plan's warmup under each scenario's own name ("warmupOps")
        assertThat(golden("../results/v7/golden.json")).contains("\"warmupOps\" : 500")
                .contains("\"formatVersion\" : 7");
        assertThat(ResultFormat.JSON.render(Reading.of(recorded("v7/golden"))) + "\n").isEqualTo(golden("result.json"));
    }

    @Test
    void timelineCsvMatchesTheGoldenFile() throws Exception {
        matchesGolden("timeline.csv", ResultFormat.TIMELINE_CSV.render(Reading.of(recorded("scale-out"))));
    }

    @Test
    void theNotesOfEarlierFormatsBecomeTypedCounts() throws Exception {
        // v3/crud.json's driver4 write noted checked 600, jitMillis 85, server.operations 200, server.cql.prepared
        // 200 and server.coordinated.node1 200 (and more server counters) in its first cycle's audited block
        RunResult crud = recorded("v3/crud");
        dev.cqlbench.result.OperationResult write = crud.variants().get(0).operations().get(0);
        assertThat(write.operation()).isEqualTo("write");
        assertThat(write.counts().verification().checked()).isEqualTo(600);
        assertThat(crud.total("driver4", "write").jitMillis()).as("its blocks carry the JIT time the notes added up")
                .isPositive();
        assertThat(write.counts().server().operations()).isEqualTo(200);
        assertThat(write.counts().server().count("cql.prepared")).isEqualTo(200);
        assertThat(write.counts().server().coordinated()).containsExactly(200L);
        assertThat(write.counts().store()).as("no note left unread").isEmpty();
        // writes noted rowsVerified, requests and partitions
        dev.cqlbench.result.OperationResult cell = recorded("v3/writes").variants().get(0).operations().get(0);
        assertThat(cell.counts().requests()).isEqualTo(10);
        assertThat(cell.counts().partitions()).isEqualTo(20_000);
        assertThat(cell.counts().store()).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"crud", "decode", "hatshop", "writes", "mixes", "scale-out", "v3/crud", "v3/decode",
        "v3/hatshop", "v3/writes", "v3/mixes", "v3/scale-out", "v3/crud-32-rounds"})
    void recordedResultsReadAndWriteBackUnchanged(String scenario, @TempDir Path dir) throws Exception {
        RunResult result = recorded(scenario);
        assertThat(result.scenario()).isEqualTo(scenario.replaceFirst("^v3/", "").replace("-32-rounds", ""));
        assertThat(result.frame().charts()).isNotEmpty();
        ResultFiles.write(Reading.of(result), dir);
        assertThat(ResultFiles.read(dir.resolve(ResultFiles.RESULT_JSON))).isEqualTo(result);
        assertThat(dir.resolve(ResultFiles.REPORT_HTML)).isNotEmptyFile();
        assertThat(dir.resolve(ResultFiles.SUMMARY_CSV)).isNotEmptyFile();
    }
}
