package dev.cqlbench.run;

/**
 * How a run uses the machine it runs on.
 *
 * @param placement        "auto", "split" or "shared" ({@code --placement}): whether servers on this machine and
 *                         the clients run on CPUs of their own; auto splits when cqlbench starts or keeps the
 *                         servers here
 * @param pauseIdleWorkers whether every worker JVM but the one measuring is stopped meanwhile
 *                         ({@code --pause-idle-workers})
 * @param calibration      where the run's variance components come from ({@code --calibration}): null, this host's
 *                         own calibration ('cqlbench calibrate') or else the one the project measured; a file; or
 *                         {@link #NO_CALIBRATION}: the run's own JVMs alone
 */
public record HostSettings(String placement, boolean pauseIdleWorkers, String calibration) {

    /** What {@code --calibration} takes for none. */
    public static final String NO_CALIBRATION = "none";

    public HostSettings(String placement, boolean pauseIdleWorkers) {
        this(placement, pauseIdleWorkers, null);
    }

    /** What {@code --placement} takes. */
    public static final java.util.List<String> PLACEMENTS = java.util.List.of("auto", "split", "shared");

    public HostSettings {
        placement = placement == null ? Defaults.PLACEMENT : placement;
    }

    /** The defaults; also what results of earlier versions, which recorded none, are read with. */
    public static HostSettings defaults() {
        return new HostSettings(Defaults.PLACEMENT, Defaults.PAUSE_IDLE_WORKERS);
    }
}
