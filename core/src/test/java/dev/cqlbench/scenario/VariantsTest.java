package dev.cqlbench.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.cqlbench.binding.Library;
import dev.cqlbench.binding.LibraryCatalog;
import dev.cqlbench.run.BadSetting;
import dev.cqlbench.run.Variant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What the user types as --library becomes variants: names, copies, and released versions. */
class VariantsTest {

    private static final Library DRIVER4 = new Library("driver4", "driver 4", true, List.of("UserCrud"), null,
            List.of(), null, "driver4", "B", null, List.of(new Library.Releases("4.18.0",
                    List.of("org.apache.cassandra:java-driver-core"))));
    private static final Library MAPPER = new Library("driver4-mapper", "mapper", true, List.of("UserCrud"),
            "driver4", List.of(), null, "driver4-mapper", "M");
    private static final LibraryCatalog CATALOG = new LibraryCatalog(List.of(DRIVER4, MAPPER));
    private static final List<Variant> AVAILABLE = List.of(Variant.of(DRIVER4), Variant.of(MAPPER));

    private static List<Variant> resolve(String... names) {
        return Variants.resolve(List.of(names), "crud", AVAILABLE, CATALOG);
    }

    @Test
    void aVersionAfterTheNameAsksForThatReleaseOfTheLibrary() {
        List<Variant> variants = resolve("driver4@4.17.0", "driver4", "driver4-mapper@4.19.3-beta+1");
        assertThat(variants).extracting(Variant::name)
                .containsExactly("driver4@4.17.0", "driver4", "driver4-mapper@4.19.3-beta+1");
        assertThat(variants.get(0).library()).isEqualTo(DRIVER4);
        assertThat(variants.get(0).release().version()).isEqualTo("4.17.0");
        assertThat(variants.get(0).release().resolved()).isFalse();
        assertThat(variants.get(1).release()).isNull();
        assertThat(variants.get(2).release().version()).isEqualTo("4.19.3-beta+1");
    }

    @Test
    void theSameReleaseTwiceIsTwoIndependentCopiesAndItsCopiesKeepTheRelease() {
        List<Variant> variants = resolve("driver4@4.17.0", "driver4@4.17.0", "driver4");
        assertThat(variants).extracting(Variant::name)
                .containsExactly("driver4@4.17.0", "driver4@4.17.0#2", "driver4");
        assertThat(variants.get(1).release().version()).isEqualTo("4.17.0");
        assertThat(variants.get(1).on("east").release().version()).isEqualTo("4.17.0");
        Variant resolved = variants.get(0).resolved(new Variant.Release("4.17.0",
                List.of("com.datastax.oss:java-driver-core:4.17.0 sha256:ab"), List.of("/r/core-4.17.0.jar")));
        assertThat(resolved.release().resolved()).isTrue();
        assertThat(resolved.copy(2).release()).isEqualTo(resolved.release());
    }

    @Test
    void aNameThatIsNotAVersionAfterTheAtIsAnUnknownLibrary() {
        assertThatThrownBy(() -> resolve("driver4@latest")).isInstanceOf(BadSetting.class)
                .hasMessageContaining("unknown library 'driver4@latest'");
        assertThatThrownBy(() -> resolve("driver9@4.17.0")).isInstanceOf(BadSetting.class)
                .hasMessageContaining("unknown library 'driver9'");
    }
}
