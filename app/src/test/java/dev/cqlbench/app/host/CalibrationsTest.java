package dev.cqlbench.app.host;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.cqlbench.analysis.Calibration;
import dev.cqlbench.app.CqlbenchException;
import dev.cqlbench.app.ExitCode;
import dev.cqlbench.result.Measure;
import dev.cqlbench.result.VarianceModel;
import dev.cqlbench.run.HostSettings;
import dev.cqlbench.scenario.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CalibrationsTest {

    private static final Map<String, String> RUN = Map.of("driver4", "driver4 4.19.3", "spring-data",
            "spring-data 4.5.13");

    @Test
    void theProjectsCalibrationMeasuredEveryComponentARunTakes() {
        Calibration reference = Calibrations.reference();
        assertThat(reference.runs()).isGreaterThanOrEqualTo(6);
        Calibration.Fit time = reference.measures().get(Measure.TIME);
        assertThat(time.jvm().keySet()).anyMatch(k -> k.startsWith("driver4 "))
                .anyMatch(k -> k.startsWith("spring-data "));
        assertThat(time.run().known()).isTrue();
        assertThat(time.run().weight()).isGreaterThanOrEqualTo(reference.runs() - 1.0);
        assertThat(time.round().known()).isTrue();
    }

    @Test
    void aHostKeepsItsOwnCalibrationAndAnotherHostDoesNotTakeIt(@TempDir Path dir) throws Exception {
        Calibration reference = Calibrations.reference();
        Path file = Calibrations.save(dir, reference);
        assertThat(file.getParent()).isEqualTo(dir);
        Calibration back = Calibrations.own(dir, reference.host()).orElseThrow();
        assertThat((Object) Json.pretty().valueToTree(back)).isEqualTo(Json.pretty().valueToTree(reference));

        Calibration.Host h = reference.host();
        Calibration.Host bigger = new Calibration.Host(h.name(), h.cpus() * 4, h.memoryBytes(), h.arch(),
                h.javaRelease(), h.placement());
        assertThat(Calibrations.own(dir, bigger)).isEmpty();
        assertThat(reference.model(RUN, bigger).source()).doesNotStartWith("this host's");
        assertThat(reference.model(RUN, h).source()).startsWith("this host's");
    }

    @Test
    void noneAndAFileAreTakenAsToldAndAFileThatIsNotOneIsRefusedInOneLine(@TempDir Path dir) throws Exception {
        assertThat(Calibrations.model(HostSettings.NO_CALIBRATION, RUN, Calibrations.reference().host(), "crud")
                .source()).isEqualTo(VarianceModel.none(RUN).source());
        Path file = Calibrations.write(dir.resolve("sub/c.json"), Calibrations.reference());
        VarianceModel fromFile = Calibrations.model(file.toString(), RUN, Calibrations.reference().host(), "crud");
        assertThat(fromFile.priors(Measure.TIME).run("driver4", "spring-data", false).known()).isTrue();
        assertThat(fromFile.speed(Measure.TIME, "spring-data", "driver4")).as("crud's slope, in a crud run").isPresent();
        VarianceModel profile = Calibrations.model(file.toString(), RUN, Calibrations.reference().host(), "profile");
        assertThat(profile.speed(Measure.TIME, "spring-data", "driver4")).as("not in a run of another workload")
                .isEmpty();
        assertThat(profile.assumed()).contains("host-speed slopes, fitted on crud, not applied to profile");
        assertThat(profile.priors(Measure.TIME).run("driver4", "spring-data", false).known()).isTrue();

        Path bad = Files.writeString(dir.resolve("bad.json"), "{\"host\": 3");
        assertThatThrownBy(() -> Calibrations.read(bad)).isInstanceOfSatisfying(CqlbenchException.class,
                e -> assertThat(e.exitCode()).isEqualTo(ExitCode.USAGE)).hasMessageStartingWith("--calibration "
                + bad + ": not a calibration cqlbench can read");
    }
}
