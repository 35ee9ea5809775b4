package dev.cqlbench.app.release;

import dev.cqlbench.binding.Library;
import dev.cqlbench.run.BadSetting;
import dev.cqlbench.run.Variant;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.eclipse.aether.RepositorySystem;
import org.eclipse.aether.RepositorySystemSession;
import org.eclipse.aether.artifact.Artifact;
import org.eclipse.aether.artifact.DefaultArtifact;
import org.eclipse.aether.collection.CollectRequest;
import org.eclipse.aether.graph.Dependency;
import org.eclipse.aether.repository.RemoteRepository;
import org.eclipse.aether.resolution.ArtifactRequest;
import org.eclipse.aether.resolution.ArtifactResolutionException;
import org.eclipse.aether.resolution.ArtifactResult;
import org.eclipse.aether.resolution.DependencyRequest;
import org.eclipse.aether.resolution.DependencyResolutionException;
import org.eclipse.aether.supplier.RepositorySystemSupplier;
import org.eclipse.aether.supplier.SessionBuilderSupplier;
import org.eclipse.aether.util.filter.DependencyFilterUtils;
import org.eclipse.aether.util.version.GenericVersionScheme;
import org.eclipse.aether.version.InvalidVersionSpecificationException;
import org.eclipse.aether.version.Version;

/**
 * A released version of a library as a variant's classpath ({@code --library driver4@4.17.0}): the library's own
 * artifacts at that version are resolved with their dependencies from Maven repositories (the local repository the
 * build used first, then Maven Central or the mirror {@code ~/.m2/settings.xml} names; offline when it says so), and
 * take the place, on the binding's worker classpath, of every artifact of the library's groups the build put there.
 * Its other dependencies stay as built. The binding's classes are then linked against the new classpath
 * ({@link LinkCheck}): a version that does not exist, cannot be fetched or does not link is refused in one line,
 * before anything starts.
 */
public final class LibraryReleases {

    private static final String CENTRAL = "https://repo.maven.apache.org/maven2/";

    private final Path localRepository;
    private final MavenSettings settings;

    /** @param localRepository where the build put the jars a worker runs with (found from a binding's classpath) */
    public LibraryReleases(Path localRepository, MavenSettings settings) {
        this.localRepository = localRepository;
        this.settings = settings;
    }

    /**
     * The local repository that holds a default worker classpath's jars: the build's (it may be {@code
     * -Dmaven.repo.local}); else {@code ~/.m2/repository}.
     */
    public static Path localRepository(List<String> defaultClasspath, Library library) {
        for (String entry : defaultClasspath) {
            Path jar = Paths.get(entry);
            for (Library.Releases r : library.releases()) {
                for (String ga : r.artifacts()) {
                    String[] parts = ga.split(":");
                    Path version = jar.getParent();
                    Path artifact = version == null ? null : version.getParent();
                    if (artifact != null && artifact.getFileName() != null && artifact.getParent() != null
                            && artifact.getFileName().toString().equals(parts[1])
                            && artifact.getParent().endsWith(parts[0].replace('.', File.separatorChar))) {
                        Path root = artifact.getParent();
                        for (int i = 0; i < parts[0].split("\\.").length; i++) {
                            root = root.getParent();
                        }
                        return root;
                    }
                }
            }
        }
        return Paths.get(System.getProperty("user.home"), ".m2", "repository");
    }

    /**
     * {@code variant} with its release resolved: the artifacts, with their checksums, and the worker classpath that
     * replaces {@code defaultClasspath} (the binding's own, as built). Refused in one line ({@link BadSetting}) when
     * the library declares no releases, the version is outside them, cannot be found or fetched, or does not link.
     *
     * @param ownCode the classpath entries that are cqlbench's own code (the binding's classes, core): what must link
     */
    public Variant resolve(Variant variant, List<String> defaultClasspath, List<Path> ownCode) {
        Library library = variant.library();
        String version = variant.release().version();
        String asked = variant.name();
        if (library.releases().isEmpty()) {
            throw new BadSetting(asked + ": " + library.name() + " runs only the version cqlbench was built with (its "
                    + "binding declares no releases)");
        }
        Library.Releases release = releaseOf(library, version).orElseThrow(() -> new BadSetting(asked + ": cqlbench's "
                + library.name() + " binding calls releases from " + oldest(library) + " on; " + version
                + " is older"));
        Set<String> groups = groups(library);
        RepositorySystem system = new RepositorySystemSupplier().get();
        try (RepositorySystemSession.CloseableSession session = new SessionBuilderSupplier(system).get()
                .withLocalRepositoryBaseDirectories(localRepository).setOffline(settings.offline()).build()) {
            List<RemoteRepository> remotes = List.of(new RemoteRepository.Builder("central", "default",
                    settings.mirror().orElse(CENTRAL)).build());
            String first = release.artifacts().get(0) + ":" + version;
            try {
                system.resolveArtifact(session, new ArtifactRequest(new DefaultArtifact(first.replaceFirst(
                        "^([^:]+:[^:]+):", "$1:pom:")), remotes, null));
            } catch (ArtifactResolutionException e) {
                String why = reason(e);
                throw new BadSetting(asked + ": " + first + " is not in " + where(remotes)
                        + (why.startsWith("Could not find artifact") ? "" : " (" + why + ")"));
            }
            CollectRequest collect = new CollectRequest();
            release.artifacts().forEach(ga -> collect.addDependency(new Dependency(new DefaultArtifact(ga + ":"
                    + version), "runtime")));
            collect.setRepositories(remotes);
            List<ArtifactResult> results;
            try {
                results = system.resolveDependencies(session, new DependencyRequest(collect,
                        DependencyFilterUtils.classpathFilter("runtime"))).getArtifactResults();
            } catch (DependencyResolutionException e) {
                throw new BadSetting(asked + ": " + first + " or a dependency of it cannot be fetched from "
                        + where(remotes) + " (" + reason(e) + ")");
            }
            List<String> classpath = new ArrayList<>();
            List<Path> replaced = new ArrayList<>();
            List<Path> kept = new ArrayList<>();
            for (String entry : defaultClasspath) {
                Optional<String> ga = coordinates(Paths.get(entry));
                if (ga.isPresent() && groups.contains(ga.get().split(":")[0])) {
                    replaced.add(Paths.get(entry));
                } else {
                    classpath.add(entry);
                    kept.add(Paths.get(entry));
                }
            }
            List<String> artifacts = new ArrayList<>();
            List<Path> added = new ArrayList<>();
            for (ArtifactResult r : results) {
                Artifact a = r.getArtifact();
                if (a != null && a.getFile() != null && groups.contains(a.getGroupId())) {
                    Path file = a.getFile().toPath();
                    classpath.add(file.toString());
                    added.add(file);
                    artifacts.add(a.getGroupId() + ":" + a.getArtifactId() + ":" + a.getVersion()
                            + (a.getClassifier().isEmpty() ? "" : ":" + a.getClassifier()) + " sha256:" + sha256(file));
                }
            }
            List<String> missing = LinkCheck.missing(ownCode, replaced, added, kept);
            if (!missing.isEmpty()) {
                throw new BadSetting(asked + " does not link with cqlbench's " + library.name() + " binding: "
                        + missing.get(0) + (missing.size() > 1 ? " (and " + (missing.size() - 1) + " more)" : ""));
            }
            return variant.resolved(new Variant.Release(version, artifacts, classpath));
        } finally {
            system.shutdown();
        }
    }

    /** The declared coordinates that hold for {@code version}: the entry with the latest {@code since} at or below it. */
    static Optional<Library.Releases> releaseOf(Library library, String version) {
        Version v = parse(version);
        return library.releases().stream().filter(r -> parse(r.since()).compareTo(v) <= 0)
                .max((a, b) -> parse(a.since()).compareTo(parse(b.since())));
    }

    private static String oldest(Library library) {
        return library.releases().stream().map(Library.Releases::since).min((a, b) -> parse(a).compareTo(parse(b)))
                .orElseThrow();
    }

    /** The groups whose artifacts a release replaces: every group its declared coordinates name. */
    static Set<String> groups(Library library) {
        Set<String> out = new LinkedHashSet<>();
        library.releases().forEach(r -> r.artifacts().forEach(ga -> out.add(ga.split(":")[0])));
        return out;
    }

    /** {@code groupId:artifactId} of a jar in this local repository's layout. */
    Optional<String> coordinates(Path jar) {
        Path version = jar.toAbsolutePath().getParent();
        if (version == null || !jar.toAbsolutePath().startsWith(localRepository.toAbsolutePath())) {
            return Optional.empty();
        }
        Path artifact = version.getParent();
        if (artifact == null || artifact.getParent() == null) {
            return Optional.empty();
        }
        Path group = localRepository.toAbsolutePath().relativize(artifact.getParent());
        return Optional.of(group.toString().replace(File.separatorChar, '.') + ":" + artifact.getFileName());
    }

    private static Version parse(String version) {
        try {
            return new GenericVersionScheme().parseVersion(version);
        } catch (InvalidVersionSpecificationException e) {
            throw new BadSetting("'" + version + "' is not a version");
        }
    }

    private static String where(List<RemoteRepository> remotes) {
        return remotes.get(0).getUrl() + " nor in the local repository";
    }

    /** The innermost cause's message, on one line. */
    private static String reason(Exception e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        String message = t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage();
        return message.lines().findFirst().orElse(message).strip();
    }

    private static String sha256(Path file) {
        try (InputStream in = Files.newInputStream(file)) {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            byte[] buffer = new byte[1 << 16];
            for (int n; (n = in.read(buffer)) > 0; ) {
                digest.update(buffer, 0, n);
            }
            return HexFormat.of().formatHex(digest.digest());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
