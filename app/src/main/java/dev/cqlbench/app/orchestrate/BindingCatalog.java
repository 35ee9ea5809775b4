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

    private static final Set<String> CRUD = Set.of("crud");
    private static final Set<String> CRUD_DECODE = Set.of("crud", "decode");
    private static final Set<String> HATSHOP = Set.of("hatshop");
    private static final Set<String> WRITES = Set.of("writes");

    public static final List<BindingModule> ALL = List.of(
            new BindingModule("driver4", "driver4",
                    "Apache Cassandra Java driver 4.x core, prepared statements", true, null,
                    Set.of("crud", "decode", "mixes")),
            new BindingModule("driver4-mapper", "driver4-mapper",
                    "driver 4.x object mapper, generated @Dao", true, "driver4", CRUD_DECODE),
            new BindingModule("driver3", "driver3",
                    "DataStax driver 3.x core, QueryBuilder statements as study 01 (not prepared)", true, null,
                    CRUD_DECODE),
            new BindingModule("driver3-prepared", "driver3",
                    "DataStax driver 3.x core, prepared statements", true, null, CRUD_DECODE),
            new BindingModule("driver3-mapper", "driver3-mapper",
                    "DataStax driver 3.x mapping Mapper<T> (study 01's \"Datastax ORM\")", true, "driver3-prepared",
                    CRUD_DECODE),
            new BindingModule("spring-data", "spring-data",
                    "Spring Data Cassandra 4.x CassandraTemplate (AsyncCassandraTemplate in async mode)", true, "driver4",
                    CRUD_DECODE),
            new BindingModule("spring-data-repository", "spring-data",
                    "Spring Data Cassandra 4.x CrudRepository", false, "driver4", CRUD),
            new BindingModule("kundera", "kundera",
                    "Kundera 3.13 JPA EntityManager over its DataStax driver 3 client (unprepared statements)", false,
                    "driver3", CRUD, List.of("--add-opens", "java.base/java.lang=ALL-UNNAMED")),
            new BindingModule("achilles", "achilles",
                    "Achilles 6.1 generated manager, crud()", true, "driver3-prepared", CRUD),
            new BindingModule("cassandra-line_items", "driver4",
                    "Cassandra via driver 4 async; line items keyed by line item (study 03's first model)", true, null,
                    HATSHOP),
            new BindingModule("cassandra-line_items_by_order", "driver4",
                    "Cassandra via driver 4 async; line items partitioned by order (study 03's second model)", true,
                    null, HATSHOP),
            new BindingModule("mariadb", "jdbc",
                    "MariaDB via JDBC (MariaDB Connector/J) and a HikariCP pool, orders + line_items", true, null,
                    HATSHOP),
            writes(dev.cqlbench.scenario.writes.WritePattern.LOGGED_BATCH),
            writes(dev.cqlbench.scenario.writes.WritePattern.UNLOGGED_BATCH),
            writes(dev.cqlbench.scenario.writes.WritePattern.TOKEN_AWARE_BATCH),
            writes(dev.cqlbench.scenario.writes.WritePattern.ASYNC));

    private static BindingModule writes(dev.cqlbench.scenario.writes.WritePattern pattern) {
        return new BindingModule(pattern.variant(), "driver4", "driver 4: " + pattern.description(), true, null,
                WRITES);
    }

    /** A MariaDB variant with a pool of {@code size} connections (the pool-size sweep). */
    public static BindingModule mariaDbPool(int size) {
        return new BindingModule(dev.cqlbench.scenario.hatshop.HatshopPlan.poolVariant(size), "jdbc",
                "MariaDB via JDBC and a HikariCP pool of " + size, true, null, HATSHOP);
    }

    private BindingCatalog() {}

    public static String names(String scenario) {
        return forScenario(scenario).stream().map(BindingModule::variant).collect(Collectors.joining(", "));
    }

    public static List<BindingModule> forScenario(String scenario) {
        return ALL.stream().filter(m -> m.scenarios().contains(scenario)).toList();
    }

    /** Resolves {@code all} or a comma-separated list, keeping the user's order and dropping repeats. */
    public static List<BindingModule> resolve(List<String> requested, String scenario) {
        Set<String> wanted = new LinkedHashSet<>();
        for (String name : requested) {
            if (name.strip().equals("all")) {
                forScenario(scenario).forEach(m -> wanted.add(m.variant()));
            } else {
                wanted.add(name.strip());
            }
        }
        List<BindingModule> modules = new ArrayList<>();
        for (String name : wanted) {
            BindingModule module = ALL.stream().filter(m -> m.variant().equals(name)).findFirst()
                    .orElseThrow(() -> new CqlbenchException(ExitCode.USAGE,
                            "unknown library '" + name + "'; known for " + scenario + ": " + names(scenario)
                                    + ", or all"));
            if (!module.scenarios().contains(scenario)) {
                throw new CqlbenchException(ExitCode.USAGE, name + " does not implement the " + scenario
                        + " scenario; those that do: " + names(scenario));
            }
            modules.add(module);
        }
        if (modules.isEmpty()) {
            throw new CqlbenchException(ExitCode.USAGE, "no library given; known: " + names(scenario) + ", or all");
        }
        return modules;
    }
}
