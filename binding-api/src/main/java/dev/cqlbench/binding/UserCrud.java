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

    /**
     * The four operations as four steps, each the library's own call (and its mapping to and from {@link User}):
     * what a binding would otherwise write as an anonymous class or an adapter. Each operation runs its step and
     * nothing else; a step throws what the library throws, and {@code read} returns null when no row exists.
     */
    static UserCrud of(Write insert, Read read, Write update, Delete delete) {
        return new UserCrudSteps(insert, read, update, delete);
    }

    /** The step of an insert or an update: writes one user. */
    @FunctionalInterface
    interface Write {
        void accept(User user) throws Exception;
    }

    /** The step of a read: the whole row of {@code id}, or null when no row exists. */
    @FunctionalInterface
    interface Read {
        User apply(UUID id) throws Exception;
    }

    /** The step of a delete. */
    @FunctionalInterface
    interface Delete {
        void accept(UUID id) throws Exception;
    }

    /** The crud operations on {@code keyspace.user}, statements prepared; an {@link AsyncUserCrud} where the
     * library has an asynchronous API. */
    record On(String keyspace) implements Capability<UserCrud> {
        @Override
        public Class<UserCrud> type() {
            return UserCrud.class;
        }
    }
}
