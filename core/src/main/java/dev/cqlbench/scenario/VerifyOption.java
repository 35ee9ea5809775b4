package dev.cqlbench.scenario;

import picocli.CommandLine.Option;

/** {@code --verify}/{@code --no-verify}: the read-back of every acknowledged write, on unless turned off. */
public final class VerifyOption {

    @Option(names = "--verify", negatable = true, fallbackValue = "true",
            description = "After each timed section, read every acknowledged write back and compare it with what was "
                    + "written (untimed); the result states how many values were checked and how many differed. "
                    + "--no-verify skips the read-back; the run's own reads are checked either way (default: on).")
    boolean verify = true;

    public boolean verify() {
        return verify;
    }
}
