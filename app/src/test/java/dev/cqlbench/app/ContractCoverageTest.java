package dev.cqlbench.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every capability a binding declares has its contract test in the binding's own module: a library that offers a
 * capability no test of its module holds it to fails the build here, not a user's run. The in-tree bindings and
 * {@code examples/my-dao} alike. A contract is the testkit's class for that capability (a test of the module that
 * extends it, directly or through a class of the module, and names the library); a capability the testkit has no
 * contract class for is held by an integration test of the module that opens it for that library.
 */
class ContractCoverageTest {

    /** What holds each capability: the testkit's contract classes, else a test that opens the capability. */
    private static final Map<String, List<String>> HELD_BY = Map.of(
            "UserCrud", List.of("extends UserCrudContract"),
            "AsyncUserCrud", List.of("extends UserCrudContract"), // its asynchronous calls: a test of that contract
            "ActivityReader", List.of("extends UserCrudContract"), // study 02's row: a test of that contract
            "ProfileTable", List.of("extends ProfileTableContract", "extends OneTableContract"),
            "OrderStore", List.of("extends OrderStoreContract"),
            "RowWriter", List.of("new RowWriter.On("),
            "KeyValueStore", List.of("new KeyValueStore.On("));

    record Module(Path dir, JsonNode declaration) {}

    @Test
    void everyDeclaredCapabilityHasItsContractTestInItsModule() throws IOException {
        List<Module> modules = modules(DocsLinksTest.repositoryRoot());
        assertThat(modules).extracting(m -> m.dir().getFileName().toString()).contains("driver4", "kundera", "jdbc",
                "my-dao");
        int held = 0;
        for (Module module : modules) {
            List<String> tests = testSources(module.dir());
            for (JsonNode library : module.declaration().path("libraries")) {
                String name = library.path("name").asText();
                for (JsonNode capability : library.path("capabilities")) {
                    List<String> holders = HELD_BY.get(capability.asText());
                    assertThat(holders).as("%s declares %s, which this test has no contract for", name,
                            capability.asText()).isNotNull();
                    boolean found = tests.stream().anyMatch(source -> source.contains("\"" + name + "\"")
                            && holders.stream().anyMatch(source::contains));
                    assertThat(found).as("%s (%s) declares %s: a test of its module that %s and names \"%s\"",
                            name, module.dir(), capability.asText(), String.join(" or ", holders), name).isTrue();
                    held++;
                }
            }
        }
        assertThat(held).as("declared capabilities held by their contract").isGreaterThanOrEqualTo(26);
    }

    /** Every module that declares libraries: the bindings and the examples. */
    static List<Module> modules(Path root) throws IOException {
        List<Module> modules = new ArrayList<>();
        for (String parent : List.of("bindings", "examples")) {
            try (Stream<Path> dirs = Files.list(root.resolve(parent))) {
                for (Path dir : dirs.sorted().toList()) {
                    Path declaration = dir.resolve("src/main/resources/META-INF/cqlbench/binding.json");
                    if (Files.isRegularFile(declaration)) {
                        modules.add(new Module(dir, new ObjectMapper().readTree(declaration.toFile())));
                    }
                }
            }
        }
        return modules;
    }

    private static List<String> testSources(Path module) throws IOException {
        Path tests = module.resolve("src/test/java");
        if (!Files.isDirectory(tests)) {
            return List.of();
        }
        List<String> sources = new ArrayList<>();
        try (Stream<Path> files = Files.walk(tests)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                sources.add(Files.readString(file));
            }
        }
        return sources;
    }
}
