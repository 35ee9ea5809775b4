package dev.cqlbench.app.host;

import dev.cqlbench.analysis.Calibration;
import dev.cqlbench.app.CqlbenchException;
import dev.cqlbench.app.ExitCode;
import dev.cqlbench.result.VarianceModel;
import dev.cqlbench.run.HostSettings;
import dev.cqlbench.scenario.Json;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

/**
 * Where calibrations are kept: this host's own, written by 'cqlbench calibrate' into {@link #dir()} (one file a host,
 * by its name), and the one this project measured on its own 2-core host, shipped with cqlbench, which a run on a
 * host without its own takes and names as assumed. A run resolves its {@link VarianceModel} here before its first
 * measured round.
 */
public final class Calibrations {

    /** The environment variable naming the directory of this host's calibrations. */
    public static final String ENV = "CQLBENCH_CALIBRATION_DIR";
    /** The calibration this project measured, on the classpath. */
    static final String REFERENCE = "/dev/cqlbench/app/host/reference-calibration.json";

    private Calibrations() {}

    /** {@code $CQLBENCH_CALIBRATION_DIR}, else {@code ~/.cqlbench/calibration}. */
    public static Path dir() {
        String env = System.getenv(ENV);
        return env != null && !env.isBlank() ? Path.of(env)
                : Path.of(System.getProperty("user.home"), ".cqlbench", "calibration");
    }

    /** The file of a host's own calibration in {@code dir}. */
    public static Path fileOf(Path dir, Calibration.Host host) {
        return dir.resolve(host.name().replaceAll("[^A-Za-z0-9._-]", "_") + ".json");
    }

    /** Writes {@code calibration} as its host's own, in {@code dir}; the file written. */
    public static Path save(Path dir, Calibration calibration) {
        return write(fileOf(dir, calibration.host()), calibration);
    }

    /** Writes {@code calibration} to {@code file} (its directories made); the file. */
    public static Path write(Path file, Calibration calibration) {
        try {
            Path parent = file.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            Json.pretty().writeValue(file.toFile(), calibration);
            return file;
        } catch (IOException e) {
            throw new CqlbenchException(ExitCode.OUTPUT, "cannot write the calibration to " + file + ": "
                    + e.getMessage());
        }
    }

    /** A calibration file, as 'cqlbench calibrate' wrote it. */
    public static Calibration read(Path file) {
        try {
            return Json.pretty().readValue(file.toFile(), Calibration.class);
        } catch (IOException e) {
            throw new CqlbenchException(ExitCode.USAGE, "--calibration " + file + ": not a calibration cqlbench can "
                    + "read (" + e.getMessage().lines().findFirst().orElse("") + ")");
        }
    }

    /** This host's own calibration in {@code dir}, if one was measured here. */
    public static Optional<Calibration> own(Path dir, Calibration.Host here) {
        Path file = fileOf(dir, here);
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        Calibration c = read(file);
        return c.host().sameAs(here) ? Optional.of(c) : Optional.empty();
    }

    /** The calibration this project measured on its 2-core host. */
    public static Calibration reference() {
        try (InputStream in = Calibrations.class.getResourceAsStream(REFERENCE)) {
            if (in == null) {
                throw new IllegalStateException(REFERENCE + " is missing from the classpath");
            }
            return Json.pretty().readValue(in, Calibration.class);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * What a run's intervals take, from {@code --calibration} ({@code asked}: null, this host's or else the
     * project's; a file; {@link HostSettings#NO_CALIBRATION}), for its variants (variant → library key) on
     * {@code here}, in a run of {@code scenario}.
     */
    public static VarianceModel model(String asked, Map<String, String> libraries, Calibration.Host here,
                                      String scenario) {
        if (HostSettings.NO_CALIBRATION.equals(asked)) {
            return VarianceModel.none(libraries);
        }
        Calibration calibration = asked != null ? read(Path.of(asked))
                : own(dir(), here).orElseGet(Calibrations::reference);
        return calibration.model(libraries, here, scenario);
    }
}
