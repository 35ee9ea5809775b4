package dev.cqlbench.scenario;

import java.util.List;

/**
 * What a scenario's set-up may do on the run's relational database, before any worker starts (the workers' own
 * binding creates the tables it needs).
 */
public interface SqlAdmin {

    /**
     * A scenario that empties its tables refuses, in {@code database}, tables of these names that hold rows and do
     * not carry {@code comment} (someone else's data is never emptied), with a {@link SchemaClash}; with
     * {@code --drop-existing} it drops them, in the order given (tables that reference others first).
     */
    void refuseForeignTables(String database, List<String> tables, String comment, String scenario, String when);
}
