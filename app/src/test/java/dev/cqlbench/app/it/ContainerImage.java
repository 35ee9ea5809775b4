package dev.cqlbench.app.it;

import dev.cqlbench.app.orchestrate.Layout;
import java.io.File;
import java.io.IOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * The container image's file system and entry point, laid out in a directory the way Jib lays them out from
 * {@code app/pom.xml}'s {@code image} profile, so a test runs cqlbench as the image's entry point does, without a
 * registry or a Docker daemon: the app's classes and its jars under {@code app/} (Jib's classes and libs layers), on
 * the classpath in the build's order; under the profile's {@code into} directory, the checkout's files its
 * {@code includes} name, each binding's {@code worker-lib} among them; the profile's JVM flags, main class and working
 * directory. The image is built with {@code -Dcqlbench.skipWorkerLib=false}, which copies each binding's runtime
 * jars (the ones its {@code worker.classpath} lists) into {@code worker-lib}; a test build skips that copy, so here
 * {@code worker-lib} links those same jars. {@code worker.classpath} itself is not in the image (nor here): the
 * workers run from {@code worker-lib} alone, with no local Maven repository. Files are links, not copies. The JVM is
 * the one running the tests: a Java 17 JDK, as the image's base ({@code eclipse-temurin:17-jdk}) is.
 */
final class ContainerImage {

    private static final Path HOME = Paths.get(System.getProperty(Layout.HOME_PROPERTY));

    private final Path root;
    private final List<String> entryPoint;
    private final Path workingDirectory;

    private ContainerImage(Path root, List<String> entryPoint, Path workingDirectory) {
        this.root = root;
        this.entryPoint = entryPoint;
        this.workingDirectory = workingDirectory;
    }

    /** The image laid out under {@code root}, from the build's outputs and the pom's image profile. */
    static ContainerImage layOut(Path root) throws Exception {
        Element jib = jibConfiguration(HOME.resolve("app/pom.xml"));
        String into = text(jib, "into");
        Path home = inImage(root, into);

        List<String> classpath = new ArrayList<>();
        link(root.resolve("app/classes"), HOME.resolve("app/target/classes"));
        classpath.add(root.resolve("app/classes").toString());
        String appClasspath = Files.readString(HOME.resolve("app/target/app.classpath")).strip();
        for (String entry : appClasspath.split(File.pathSeparator)) {
            Path jar = root.resolve("app/libs").resolve(Paths.get(entry).getFileName());
            link(jar, Paths.get(entry));
            classpath.add(jar.toString());
        }

        for (Map.Entry<String, Path> file : checkoutFiles().entrySet()) {
            if (included(text(jib, "includes"), file.getKey())) {
                link(home.resolve(file.getKey()), file.getValue());
            }
        }

        List<String> command = new ArrayList<>(List.of(Paths.get(System.getProperty("java.home"), "bin", "java")
                .toString()));
        NodeList flags = jib.getElementsByTagName("jvmFlag");
        for (int i = 0; i < flags.getLength(); i++) {
            command.add(flags.item(i).getTextContent().strip().replace("=" + into, "=" + home));
        }
        command.addAll(List.of("-cp", String.join(File.pathSeparator, classpath), text(jib, "mainClass")));
        Path workingDirectory = Files.createDirectories(inImage(root, text(jib, "workingDirectory")));
        return new ContainerImage(root, command, workingDirectory);
    }

    /** cqlbench started as the image's entry point with these arguments; its output goes to files in {@code dir}. */
    Launcher start(Path dir, String... args) throws IOException {
        List<String> command = new ArrayList<>(entryPoint);
        command.addAll(List.of(args));
        return new Launcher(dir, workingDirectory.toFile(), Map.of(), command);
    }

    /**
     * cqlbench run to its end (up to {@code seconds}) as the image's entry point: its exit code and output, after
     * checking that none of the processes it started is left.
     */
    dev.cqlbench.app.Cli.Outcome run(Path dir, long seconds, List<String> args) throws Exception {
        Launcher cqlbench = start(dir, args.toArray(String[]::new));
        try {
            cqlbench.awaitExit(seconds);
            if (!cqlbench.seen.isEmpty()) { // (a run refused starts none: its output says why)
                cqlbench.assertNoChildLeft();
            }
            return cqlbench.outcome();
        } finally {
            cqlbench.destroyAll();
        }
    }

    /** A path of the image (absolute, as the pom writes it) in its directory here. */
    Path path(String inImage) {
        return inImage(root, inImage);
    }

    private static Path inImage(Path root, String absolute) {
        return root.resolve(absolute.replaceFirst("^/+", ""));
    }

    /**
     * The checkout's files the image profile may pick, by their path from the checkout's root: the root pom, the
     * bindings' build output, and the {@code worker-lib} copies an image build makes.
     */
    private static Map<String, Path> checkoutFiles() throws IOException {
        Map<String, Path> files = new LinkedHashMap<>();
        files.put("pom.xml", HOME.resolve("pom.xml"));
        try (Stream<Path> bindings = Files.list(HOME.resolve("bindings"))) {
            for (Path binding : bindings.filter(b -> Files.isDirectory(b.resolve("target"))).toList()) {
                Path target = binding.resolve("target");
                try (Stream<Path> built = Files.walk(target, 8)) {
                    built.filter(Files::isRegularFile).filter(f -> !f.startsWith(target.resolve("worker-lib")))
                            .forEach(f -> files.put(HOME.relativize(f).toString(), f));
                }
                String relative = HOME.relativize(target.resolve("worker-lib")).toString();
                for (String jar : Files.readString(target.resolve("worker.classpath")).strip()
                        .split(File.pathSeparator)) {
                    files.put(relative + "/" + Paths.get(jar).getFileName(), Paths.get(jar));
                }
            }
        }
        return files;
    }

    /** Whether Jib's comma-separated glob {@code includes} take this path (relative to the checkout). */
    private static boolean included(String includes, String relative) {
        for (String glob : includes.split(",")) {
            PathMatcher matcher = FileSystems.getDefault().getPathMatcher("glob:" + glob.strip());
            if (matcher.matches(Paths.get(relative))) {
                return true;
            }
        }
        return false;
    }

    private static void link(Path link, Path target) throws IOException {
        Files.createDirectories(link.getParent());
        Files.createSymbolicLink(link, target.toAbsolutePath());
    }

    private static Element jibConfiguration(Path pom) throws Exception {
        var document = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(pom.toFile());
        NodeList profiles = document.getElementsByTagName("profile");
        for (int i = 0; i < profiles.getLength(); i++) {
            Element profile = (Element) profiles.item(i);
            if ("image".equals(text(profile, "id"))) {
                return (Element) profile.getElementsByTagName("configuration").item(0);
            }
        }
        throw new IllegalStateException(pom + " has no image profile");
    }

    private static String text(Element parent, String tag) {
        return parent.getElementsByTagName(tag).item(0).getTextContent().strip();
    }
}
