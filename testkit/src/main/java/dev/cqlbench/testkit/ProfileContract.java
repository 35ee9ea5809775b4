package dev.cqlbench.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cqlbench.binding.Binding;
import dev.cqlbench.binding.BindingConfig;
import dev.cqlbench.binding.Library;
import dev.cqlbench.binding.LibraryCatalog;
import dev.cqlbench.profile.ProfileTable;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * What the contracts of a library's {@link ProfileTable} share ({@link ProfileTableContract},
 * {@link OneTableContract}): the library under test as its module declares it, its tables made through the module's
 * own CQL, then its binding opened once for the class's tests (a mapper reads a table's definition when it opens it)
 * and closed after them.
 */
@ExtendWith(EmbeddedCassandraExtension.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class ProfileContract {

    final String library;
    private final UserCrudContract.Cql cql;
    Library declared;
    Binding binding;

    /**
     * @param library the declared library under test
     * @param cql     how its module runs plain CQL (the tables, made before the binding opens)
     */
    ProfileContract(String library, UserCrudContract.Cql cql) {
        this.library = library;
        this.cql = cql;
    }

    /** The library as its module declares it (with ProfileTable), found on this classpath as a worker finds it. */
    Library declared() {
        Library found = LibraryCatalog.onClasspath(getClass().getClassLoader()).find(library)
                .orElseThrow(() -> new AssertionError(library + " is not declared in " + LibraryCatalog.RESOURCE));
        assertThat(found.implementsCapability(ProfileTable.class)).as(library + " declares ProfileTable").isTrue();
        return found;
    }

    /**
     * Runs {@code statements} (the tables), then opens the binding. The statements go through a session that reads no
     * schema metadata: driver 4 refreshes it after every DDL statement, a second each (its debouncer's window), and
     * nothing reads it here (the key is driver 4's: others ignore it).
     */
    void makeTablesThenOpen(BindingConfig config, List<String> statements) throws Exception {
        cql.execute(new BindingConfig(config.contactPoints(), config.localDatacenter(), null, null,
                config.consistency(), config.requestTimeoutMillis(), Map.of("advanced.metadata.schema.enabled",
                "false")), statements);
        binding = LibraryCatalog.open(declared, config);
    }

    @AfterAll
    void closeBinding() {
        if (binding != null) {
            binding.close();
        }
    }
}
