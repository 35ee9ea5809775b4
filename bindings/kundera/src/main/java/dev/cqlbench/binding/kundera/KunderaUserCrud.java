package dev.cqlbench.binding.kundera;

import dev.cqlbench.binding.User;
import dev.cqlbench.binding.UserCrud;
import java.util.UUID;
import javax.persistence.EntityManager;

/**
 * Study 01's four operations through Kundera's JPA EntityManager, as the study's code did (one application-managed
 * EntityManager, persist / find / merge / remove), with one difference: the persistence context is cleared after
 * every operation. Kundera's EntityManager keeps every persisted or found entity in its first-level cache and
 * {@code find} answers from that cache without asking Cassandra; clearing it makes each read a real SELECT.
 * Not thread-safe (neither is an EntityManager); the sync runner calls it from one thread.
 */
final class KunderaUserCrud implements UserCrud {

    private final EntityManager em;

    KunderaUserCrud(EntityManager em) {
        this.em = em;
    }

    @Override
    public void insert(User user) {
        try {
            em.persist(UserKundera.of(user));
        } finally {
            em.clear();
        }
    }

    @Override
    public User read(UUID id) {
        try {
            UserKundera found = em.find(UserKundera.class, id);
            return found == null ? null
                    : new User(found.id, found.firstName, found.lastName, found.city);
        } finally {
            em.clear();
        }
    }

    @Override
    public void update(User user) {
        try {
            em.merge(UserKundera.of(user));
        } finally {
            em.clear();
        }
    }

    @Override
    public void delete(UUID id) {
        try {
            em.remove(UserKundera.withId(id));
        } finally {
            em.clear();
        }
    }

    void close() {
        if (em.isOpen()) {
            em.close();
        }
    }
}
