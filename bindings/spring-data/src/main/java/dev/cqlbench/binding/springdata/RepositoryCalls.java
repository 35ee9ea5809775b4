package dev.cqlbench.binding.springdata;

import org.springframework.data.cassandra.core.mapping.MapId;

/**
 * What the repository generated for a user's table offers the binding: each call one direct call of the
 * repository (no reflection while timed).
 *
 * @param <E> the generated entity class
 */
public interface RepositoryCalls<E> {

    /** {@code insert(entity)}. */
    void insert(E entity);

    /** {@code findById(id)}, or null. */
    E read(MapId id);

    /** The profile's query {@code q} (in the profile's order), an {@code @Query} method: its entities. */
    java.util.List<?> query(int q, Object[] args);
}
