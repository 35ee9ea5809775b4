package dev.cqlbench.binding.kundera;

import dev.cqlbench.binding.User;
import dev.cqlbench.binding.UserCrud;
import javax.persistence.EntityManager;

/**
 * Study 01's four operations through Kundera's JPA EntityManager, as the study's code did (one application-managed
 * EntityManager, persist / find / merge / remove), with one difference: the persistence context is cleared after
 * every operation. Kundera's EntityManager keeps every persisted or found entity in its first-level cache and
 * {@code find} answers from that cache without asking Cassandra; clearing it makes each read a real SELECT.
 * Not thread-safe (neither is an EntityManager); the sync runner calls it from one thread.
 */
final class KunderaUserCrud {

    private KunderaUserCrud() {}

    static UserCrud of(EntityManager em) {
        return UserCrud.of(
                user -> thenClear(em, () -> em.persist(UserKundera.of(user))),
                id -> {
                    try {
                        UserKundera found = em.find(UserKundera.class, id);
                        return found == null ? null : new User(found.id, found.firstName, found.lastName, found.city);
                    } finally {
                        em.clear();
                    }
                },
                user -> thenClear(em, () -> em.merge(UserKundera.of(user))),
                id -> thenClear(em, () -> em.remove(UserKundera.withId(id))));
    }

    /** Runs a write, then clears the persistence context, whether the write failed or not. */
    private static void thenClear(EntityManager em, Runnable write) {
        try {
            write.run();
        } finally {
            em.clear();
        }
    }
}
