package dev.cqlbench.app.it;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/** Headless Chromium (Debian's package) driven from the command line: the DOM after scripts ran, screenshots. */
final class Chromium {

    private final Path binary;
    private final Path profile;

    private Chromium(Path binary, Path profile) {
        this.binary = binary;
        this.profile = profile;
    }

    /** $CQLBENCH_CHROMIUM, else chromium / chromium-browser / google-chrome on the PATH. */
    static Optional<Chromium> find(Path profile) {
        List<String> names = new ArrayList<>();
        String given = System.getenv("CQLBENCH_CHROMIUM");
        if (given != null && !given.isBlank()) {
            names.add(given);
        }
        names.addAll(List.of("chromium", "chromium-browser", "google-chrome", "google-chrome-stable"));
        for (String name : names) {
            if (name.contains(File.separator) && Files.isExecutable(Path.of(name))) {
                return Optional.of(new Chromium(Path.of(name), profile));
            }
            for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
                Path candidate = Path.of(dir, name);
                if (!dir.isEmpty() && Files.isExecutable(candidate)) {
                    return Optional.of(new Chromium(candidate, profile));
                }
            }
        }
        return Optional.empty();
    }

    /** The page's DOM once its scripts have run (virtual time lets them finish). */
    String dumpDom(Path page) throws IOException, InterruptedException {
        return run(List.of("--dump-dom", page.toUri().toString()));
    }

    void screenshot(Path page, Path png, int width, int height) throws IOException, InterruptedException {
        run(List.of("--hide-scrollbars", "--window-size=" + width + "," + height, "--screenshot=" + png.toAbsolutePath(),
                page.toUri().toString()));
    }

    private String run(List<String> args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(binary.toString(), "--headless", "--no-sandbox", "--disable-gpu",
                "--no-first-run", "--disable-extensions", "--user-data-dir=" + profile.toAbsolutePath(),
                "--virtual-time-budget=20000"));
        command.addAll(args);
        Path log = Files.createTempFile("chromium", ".log");
        Path dom = Files.createTempFile("chromium", ".out");
        // its output to a file, not a pipe: a helper process chromium leaves behind (seen: its zygote, orphaned,
        // spinning) would hold a pipe open and block a read until the end of the build
        Process process = new ProcessBuilder(command).redirectError(log.toFile()).redirectOutput(dom.toFile()).start();
        try {
            if (!process.waitFor(120, TimeUnit.SECONDS)) {
                throw new IOException("chromium did not finish in 120 s: " + command);
            }
            if (process.exitValue() != 0) {
                throw new IOException("chromium exited " + process.exitValue() + ": " + Files.readString(log));
            }
            return Files.readString(dom, StandardCharsets.UTF_8);
        } finally {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
            stopLeftOvers();
            Files.deleteIfExists(log);
            Files.deleteIfExists(dom);
        }
    }

    /** Every process still running with this profile (helpers re-parented once chromium exited). */
    private void stopLeftOvers() {
        String marker = "--user-data-dir=" + profile.toAbsolutePath();
        ProcessHandle.allProcesses()
                .filter(p -> p.info().commandLine().map(c -> c.contains(marker)).orElse(false))
                .forEach(ProcessHandle::destroyForcibly);
    }
}
