package dev.cqlbench.binding.springdata;

/**
 * What the repository generated for a user's table offers the binding: each call one direct call of the
 * repository (no reflection while timed).
 */
public interface RepositoryCalls {

    /** {@code insert(entity)}. */
    void insert(Object entity);

    /** {@code findById(id)}, or null. */
    Object findById(Object id);

    /** The profile's query {@code q} (in the profile's order), an {@code @Query} method: its entities. */
    java.util.List<?> query(int q, Object[] args);
}
