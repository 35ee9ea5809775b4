package dev.cqlbench.scenario.crud;

import java.util.Locale;

/** The operation types of study 01, in the order the study runs them. */
public enum CrudOperation {
    WRITE, READ, UPDATE, DELETE;

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
