package dev.cqlbench.app.release;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.cqlbench.app.orchestrate.Layout;
import dev.cqlbench.binding.Library;
import dev.cqlbench.run.BadSetting;
import dev.cqlbench.run.Variant;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Releases of a library as variants: which coordinates a version has, which jars it replaces, what the user's Maven
 * settings say; and, against Maven Central (or the local repository that already holds them), driver 4.17.0 resolved
 * in place of the built driver, a version that does not exist and one that does not link refused in one line.
 */
class LibraryReleasesTest {

    private static final Library DRIVER4 = new Library("driver4", "driver 4", true, List.of("UserCrud"), null,
            List.of(), null, "driver4", "B", null, List.of(
                    new Library.Releases("4.18.0", List.of("org.apache.cassandra:java-driver-core")),
                    new Library.Releases("4.0.0", List.of("com.datastax.oss:java-driver-core"))));

    @Test
    void aVersionTakesTheCoordinatesOfTheLatestEntryAtOrBelowIt() {
        assertThat(LibraryReleases.releaseOf(DRIVER4, "4.17.0")).map(r -> r.artifacts().get(0))
                .contains("com.datastax.oss:java-driver-core");
        assertThat(LibraryReleases.releaseOf(DRIVER4, "4.18.0")).map(r -> r.artifacts().get(0))
                .contains("org.apache.cassandra:java-driver-core");
        assertThat(LibraryReleases.releaseOf(DRIVER4, "4.19.3")).map(r -> r.artifacts().get(0))
                .contains("org.apache.cassandra:java-driver-core");
        assertThat(LibraryReleases.releaseOf(DRIVER4, "4.0.0-rc1")).isEmpty(); // a release candidate comes before
        assertThat(LibraryReleases.releaseOf(DRIVER4, "3.11.0")).isEmpty();
        assertThat(LibraryReleases.groups(DRIVER4)).containsExactly("org.apache.cassandra", "com.datastax.oss");
    }

    @Test
    void theLocalRepositoryIsTheOneTheBuildPutTheLibraryIn(@TempDir Path dir) {
        Path repo = dir.resolve("m2/repository");
        String jar = repo.resolve("org/apache/cassandra/java-driver-core/4.19.3/java-driver-core-4.19.3.jar")
                .toString();
        assertThat(LibraryReleases.localRepository(List.of("/x/classes", jar), DRIVER4)).isEqualTo(repo);
        LibraryReleases releases = new LibraryReleases(repo, MavenSettings.NONE);
        assertThat(releases.coordinates(Path.of(jar))).contains("org.apache.cassandra:java-driver-core");
        assertThat(releases.coordinates(dir.resolve("elsewhere/a.jar"))).isEmpty();
    }

    @Test
    void mavenSettingsGiveOfflineAndTheMirrorOfCentral(@TempDir Path dir) throws Exception {
        Path settings = Files.writeString(dir.resolve("settings.xml"), """
                <settings>
                  <offline>true</offline>
                  <mirrors>
                    <mirror><id>other</id><mirrorOf>snapshots</mirrorOf><url>https://other/</url></mirror>
                    <mirror><id>corp</id><mirrorOf>external:*,!local</mirrorOf><url>https://nexus.corp/m2/</url></mirror>
                  </mirrors>
                </settings>
                """);
        assertThat(MavenSettings.read(settings)).isEqualTo(new MavenSettings(true, Optional.of("https://nexus.corp/m2/")));
        assertThat(MavenSettings.read(dir.resolve("absent.xml"))).isEqualTo(MavenSettings.NONE);
        Path broken = Files.writeString(dir.resolve("broken.xml"), "<settings><offline>");
        assertThatThrownBy(() -> MavenSettings.read(broken)).isInstanceOf(BadSetting.class)
                .hasMessageContaining("cannot read the Maven settings");
    }

    @Test
    void driver4Of4170ReplacesTheBuiltDriverAndLinksWhileOthersAreRefused() {
        Layout layout = Layout.fromSystemProperty();
        Library driver4 = layout.catalog().find("driver4").orElseThrow();
        List<String> built = layout.workerClasspathEntries(driver4);
        LibraryReleases releases = new LibraryReleases(LibraryReleases.localRepository(built, driver4),
                MavenSettings.user());

        Variant resolved = releases.resolve(Variant.of(driver4).at("4.17.0"), built, layout.ownCode(built));
        assertThat(resolved.name()).isEqualTo("driver4@4.17.0");
        assertThat(resolved.release().artifacts()).anyMatch(a -> a.matches(
                "com\\.datastax\\.oss:java-driver-core:4\\.17\\.0 sha256:[0-9a-f]{64}"));
        List<String> classpath = resolved.release().classpath();
        assertThat(classpath).anyMatch(e -> e.endsWith("java-driver-core-4.17.0.jar"))
                .noneMatch(e -> e.contains("org/apache/cassandra/java-driver-core"))
                .noneMatch(e -> e.contains("native-protocol/1.5.2"))
                // the binding's own classes (its jar when the build made one after them) and everything else the
                // build gave it stay
                .anyMatch(e -> e.endsWith("bindings/driver4/target/classes")
                        || e.matches(".*bindings/driver4/target/cqlbench-binding-driver4-[^/]*\\.jar"))
                .anyMatch(e -> e.contains("netty-handler"));

        assertThatThrownBy(() -> releases.resolve(Variant.of(driver4).at("4.99.0"), built, layout.ownCode(built)))
                .isInstanceOf(BadSetting.class)
                .hasMessageStartingWith("driver4@4.99.0: org.apache.cassandra:java-driver-core:4.99.0 is not in ");
        // 4.16.0 exists, but has no VectorType yet (the binding's vector columns)
        assertThatThrownBy(() -> releases.resolve(Variant.of(driver4).at("4.16.0"), built, layout.ownCode(built)))
                .isInstanceOf(BadSetting.class)
                .hasMessageStartingWith("driver4@4.16.0 does not link with cqlbench's driver4 binding: class "
                        + "com.datastax.oss.driver.api.core.type.VectorType");
        assertThatThrownBy(() -> releases.resolve(Variant.of(driver4).at("3.11.0"), built, layout.ownCode(built)))
                .isInstanceOf(BadSetting.class).hasMessage("driver4@3.11.0: cqlbench's driver4 binding calls "
                        + "releases from 4.0.0 on; 3.11.0 is older");
    }
}
