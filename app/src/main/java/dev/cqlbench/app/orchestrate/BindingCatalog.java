package dev.cqlbench.app.orchestrate;

import dev.cqlbench.app.CqlbenchException;
import dev.cqlbench.app.ExitCode;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/** The variants cqlbench knows. A new library adds one line here and one module under bindings/. */
public final class BindingCatalog {

    public static final List<BindingModule> ALL = List.of(
            new BindingModule("driver4", "driver4",
                    "Apache Cassandra Java driver 4.x core: prepared statements, token-aware", true));

    private BindingCatalog() {}

    public static String names() {
        return ALL.stream().map(BindingModule::variant).collect(Collectors.joining(", "));
    }

    /** Resolves {@code all} or a comma-separated list, keeping the user's order and dropping repeats. */
    public static List<BindingModule> resolve(List<String> requested) {
        Set<String> wanted = new LinkedHashSet<>();
        for (String name : requested) {
            if (name.equals("all")) {
                ALL.forEach(m -> wanted.add(m.variant()));
            } else {
                wanted.add(name.strip());
            }
        }
        List<BindingModule> modules = new ArrayList<>();
        for (String name : wanted) {
            modules.add(ALL.stream().filter(m -> m.variant().equals(name)).findFirst()
                    .orElseThrow(() -> new CqlbenchException(ExitCode.USAGE,
                            "unknown library '" + name + "'; known: " + names() + ", or all")));
        }
        if (modules.isEmpty()) {
            throw new CqlbenchException(ExitCode.USAGE, "no library given; known: " + names() + ", or all");
        }
        return modules;
    }
}
