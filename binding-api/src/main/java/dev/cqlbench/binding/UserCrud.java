package dev.cqlbench.binding;

import java.util.UUID;

/**
 * The four operations of the crud scenario, one at a time. Implementations never touch the clock:
 * timing, counting and verification live in the runner. Failures are thrown; the runner classifies them.
 */
public interface UserCrud {
    void insert(User user) throws Exception;

    /** Reads the whole row; returns null when no row exists. */
    User read(UUID id) throws Exception;

    /** Sets first_name, last_name and city of an existing id. */
    void update(User user) throws Exception;

    void delete(UUID id) throws Exception;

    /** The crud operations on {@code keyspace.user}, statements prepared; an {@link AsyncUserCrud} where the
     * library has an asynchronous API. */
    record On(String keyspace) implements Capability<UserCrud> {
        @Override
        public Class<UserCrud> type() {
            return UserCrud.class;
        }
    }
}
