package dev.cqlbench.profile;

/**
 * What the classes generated for a user's table offer its {@link GeneratedTable}, whatever the mapper: each call one
 * direct call of the generated entity or of the library (no reflection while timed). A mapper's own calls (its
 * conditional inserts, its batches, its queries) extend these.
 *
 * @param <E> the generated entity class
 */
public interface EntityCalls<E> {

    /** An entity holding {@code values} (the library's types, in the profile's column order). */
    E entity(Object[] values);

    /** The entity's values (the library's types, in the profile's column order). */
    Object[] values(E entity);

    /** The library's plain insert of the entity (no condition), executed. */
    void insert(E entity);

    /** The entity read by its whole primary key (the library's types), or null when there is no such row. */
    E read(Object[] key);
}
