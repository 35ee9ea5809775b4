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
            em.persist(new UserKundera(user.id(), user.firstName(), user.lastName(), user.city()));
        } finally {
            em.clear();
        }
    }

    @Override
    public User read(UUID id) {
        try {
            UserKundera found = em.find(UserKundera.class, id);
            return found == null ? null
                    : new User(found.getId(), found.getFirstName(), found.getLastName(), found.getCity());
        } finally {
            em.clear();
        }
    }

    @Override
    public void update(User user) {
        try {
            em.merge(new UserKundera(user.id(), user.firstName(), user.lastName(), user.city()));
        } finally {
            em.clear();
        }
    }

    @Override
    public void delete(UUID id) {
        try {
            em.remove(new UserKundera(id, null, null, null));
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
