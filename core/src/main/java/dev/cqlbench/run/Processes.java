package dev.cqlbench.run;

import io.soabase.recordbuilder.core.RecordBuilder;

/**
 * How a run's worker JVMs are forked, watched and placed on this machine.
 *
 * @param forks  fresh JVMs each variant runs in, every one in every round (an older result
 *               without it: 1)
 * @param worker how each worker JVM is started and watched
 * @param host   how the run uses this machine: CPU placement, idle workers paused, the calibration it takes (an
 *               older result without it: the defaults)
 */
@RecordBuilder
public record Processes(int forks, WorkerSettings worker, HostSettings host) implements ProcessesBuilder.With {

    public Processes {
        forks = Math.max(1, forks);
        worker = worker == null ? WorkerSettings.defaults() : worker;
        host = host == null ? HostSettings.defaults() : host;
    }

    /** {@link Defaults#FORKS} JVMs a variant, each as {@link WorkerSettings#defaults()}, the host's defaults. */
    public static Processes defaults() {
        return new Processes(Defaults.FORKS, WorkerSettings.defaults(), HostSettings.defaults());
    }
}
