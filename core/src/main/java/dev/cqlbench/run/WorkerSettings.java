package dev.cqlbench.run;

import java.util.ArrayList;
import java.util.List;

/**
 * How worker JVMs are forked and watched.
 *
 * @param jvmArgs        every worker's JVM arguments (a library's own come on top)
 * @param timeoutSeconds a worker that completes no operation for this long is hung
 * @param outputDir      the run's result directory: where workers write files of their own (hatshop's event log)
 * @param hdrLog         whether workers write HdrHistogram interval logs to {@code outputDir/hdr} ({@code --hdr-log})
 */
public record WorkerSettings(List<String> jvmArgs, long timeoutSeconds, String outputDir, boolean hdrLog) {

    public WorkerSettings {
        jvmArgs = jvmArgs == null ? List.of() : List.copyOf(jvmArgs);
    }

    /**
     * Workers with this heap and G1 unless {@code extraArgs} pick another collector (the JVM refuses two). No -Xms
     * and no pre-touching unless {@code preTouch}: resident memory then shows what each library really uses.
     */
    public static WorkerSettings of(int heapMb, List<String> extraArgs, long timeoutSeconds, String outputDir,
                                    boolean hdrLog) {
        return of(heapMb, false, extraArgs, timeoutSeconds, outputDir, hdrLog);
    }

    /**
     * The same, the whole heap committed and touched when the JVM starts where {@code preTouch} ({@code -Xms} the
     * maximum, {@code -XX:+AlwaysPreTouch}): memory a heap first writes during the measured rounds costs page faults
     * in the blocks that write it ({@link Defaults#PRE_TOUCH_MEMORY_SHARE}).
     */
    public static WorkerSettings of(int heapMb, boolean preTouch, List<String> extraArgs, long timeoutSeconds,
                                    String outputDir, boolean hdrLog) {
        List<String> args = new ArrayList<>(List.of("-Xmx" + heapMb + "m"));
        if (preTouch) {
            args.add("-Xms" + heapMb + "m");
            args.add("-XX:+AlwaysPreTouch");
        }
        if (extraArgs.stream().noneMatch(a -> a.matches("-XX:\\+Use\\w*GC"))) {
            args.add("-XX:+UseG1GC");
        }
        args.addAll(extraArgs);
        return new WorkerSettings(args, timeoutSeconds, outputDir, hdrLog);
    }

    /**
     * Whether {@code jvms} heaps of {@code heapMb} each, every page touched, fit this machine's {@code totalBytes}
     * of memory beside its nodes and the JVMs' own memory: at most {@link Defaults#PRE_TOUCH_MEMORY_SHARE} of it.
     */
    public static boolean preTouchFits(int jvms, int heapMb, long totalBytes) {
        return totalBytes > 0 && (double) jvms * heapMb * 1048576 <= Defaults.PRE_TOUCH_MEMORY_SHARE * totalBytes;
    }

    /** The defaults: {@link Defaults#WORKER_HEAP_MB}, no result directory. */
    public static WorkerSettings defaults() {
        return of(Defaults.WORKER_HEAP_MB, List.of(), Defaults.WORKER_TIMEOUT_SECONDS, null, false);
    }
}
