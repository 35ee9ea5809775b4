package dev.cqlbench.binding;

import java.util.UUID;

/**
 * The four operations of the crud scenario, one at a time. Implementations never touch the clock:
 * timing, counting and verification live in the runner. Failures are thrown; the runner classifies them.
 */
public interface UserCrud {
    void insert(User user) throws Exception;

    /** Reads the whole row; returns null when no row exists. */
    User read(java.util.UUID id) throws Exception;

    /** Sets first_name, last_name and city of an existing id. */
    void update(User user) throws Exception;

    void delete(UUID id) throws Exception;
}
