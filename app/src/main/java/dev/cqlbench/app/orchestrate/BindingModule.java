package dev.cqlbench.app.orchestrate;

import java.util.List;
import java.util.Set;

/**
 * A variant users can type and the Maven module whose classpath its worker JVM gets.
 *
 * @param module    directory under {@code bindings/}
 * @param async     whether the library has an asynchronous API ({@code --mode async})
 * @param baseline  the native variant this one is built on, for "what does the mapping cost"; null for natives
 * @param scenarios the scenarios it implements
 * @param jvmArgs   what the library needs on its worker JVM's command line, recorded in the result
 */
public record BindingModule(String variant, String module, String description, boolean async, String baseline,
                            Set<String> scenarios, List<String> jvmArgs) {

    public BindingModule(String variant, String module, String description, boolean async, String baseline,
                         Set<String> scenarios) {
        this(variant, module, description, async, baseline, scenarios, List.of());
    }

    /** Whether its worker talks to the relational database (JDBC) rather than to Cassandra. */
    public boolean sql() {
        return module.equals("jdbc");
    }
}
