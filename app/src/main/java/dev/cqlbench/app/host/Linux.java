package dev.cqlbench.app.host;

import com.sun.jna.LastErrorException;
import com.sun.jna.Library;
import com.sun.jna.Native;
import com.sun.jna.Platform;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The few Linux calls cqlbench makes on its own processes, through JNA (already on the classpath for OSHI): a
 * thread's CPU affinity (sched_setaffinity(2)) and stop and continue signals (kill(2)). Elsewhere, or where the C
 * library cannot be loaded, {@link #AVAILABLE} is false and cqlbench runs every process where the OS puts it.
 */
final class Linux {

    /** SIGSTOP and SIGCONT on Linux x86-64 and arm64 (other architectures number them differently). */
    static final int SIGSTOP = 19;
    static final int SIGCONT = 18;

    private interface C extends Library {
        int sched_setaffinity(int pid, long size, long[] mask) throws LastErrorException;

        int sched_getaffinity(int pid, long size, long[] mask) throws LastErrorException;

        int kill(int pid, int signal) throws LastErrorException;
    }

    private static final C LIBC = load();

    /** Whether the calls work here: Linux on a 64-bit x86 or ARM, its C library loaded. */
    static final boolean AVAILABLE = LIBC != null;

    /** 1,024 CPUs, glibc's cpu_set_t. */
    private static final int MASK_LONGS = 16;

    private Linux() {}

    private static C load() {
        if (!Platform.isLinux() || !Platform.is64Bit() || !(Platform.isIntel() || Platform.isARM())) {
            return null;
        }
        try {
            return Native.load("c", C.class);
        } catch (UnsatisfiedLinkError | RuntimeException e) {
            return null;
        }
    }

    /** The CPUs thread {@code tid} may run on (0: the calling thread). */
    static CpuSet affinity(int tid) {
        long[] mask = new long[MASK_LONGS];
        LIBC.sched_getaffinity(tid, mask.length * 8L, mask);
        return CpuSet.ofMask(mask);
    }

    /**
     * Lets thread {@code tid} (0: the calling thread) run only on {@code cpus}; false when the thread is gone (it
     * ended meanwhile).
     */
    static boolean setAffinity(int tid, CpuSet cpus) {
        try {
            LIBC.sched_setaffinity(tid, MASK_LONGS * 8L, cpus.mask(MASK_LONGS));
            return true;
        } catch (LastErrorException e) {
            if (e.getErrorCode() == 3) { // ESRCH: the thread ended
                return false;
            }
            throw new IllegalStateException("sched_setaffinity(" + tid + ", " + cpus + "): errno "
                    + e.getErrorCode(), e);
        }
    }

    /** Sends {@code signal} to process {@code pid}; false when it is gone. */
    static boolean signal(long pid, int signal) {
        try {
            LIBC.kill(Math.toIntExact(pid), signal);
            return true;
        } catch (LastErrorException e) {
            return false;
        }
    }

    /** The threads of process {@code pid} now (its /proc/PID/task), empty when it is gone. */
    static List<Integer> threads(long pid) {
        List<Integer> out = new ArrayList<>();
        try (Stream<Path> tasks = Files.list(Paths.get("/proc", Long.toString(pid), "task"))) {
            tasks.forEach(t -> out.add(Integer.parseInt(t.getFileName().toString())));
        } catch (IOException | RuntimeException e) {
            return List.of();
        }
        return out;
    }

    /**
     * Lets every thread of process {@code pid} run only on {@code cpus}, as {@code taskset -a} does: threads started
     * later inherit the affinity of the thread that starts them, and a second pass catches those started during the
     * first.
     */
    static void setProcessAffinity(long pid, CpuSet cpus) {
        for (int pass = 0; pass < 2; pass++) {
            for (int tid : threads(pid)) {
                setAffinity(tid, cpus);
            }
        }
    }

    /** The state letter of process {@code pid} (R, S, D, T for stopped, …); '?' when it is gone. */
    static char state(long pid) {
        try {
            String stat = Files.readString(Paths.get("/proc", Long.toString(pid), "stat"));
            int close = stat.lastIndexOf(')');
            return close < 0 || close + 2 >= stat.length() ? '?' : stat.charAt(close + 2);
        } catch (IOException | RuntimeException e) {
            return '?';
        }
    }
}
