package dev.cqlbench.server.jvm;

/** What a forked JVM of {@link ClassDataArchiveTest} runs: a few classes loaded, one line said. */
public final class ArchiveProbe {

    private ArchiveProbe() {}

    public static void main(String[] args) {
        System.out.println(String.join(" ", java.util.List.of("probe", "ran")));
    }
}
