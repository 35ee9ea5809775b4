package dev.cqlbench.binding.driver3mapper;

/**
 * What the classes generated for a user's table offer the binding: each call one direct call of the driver 3
 * {@code Mapper} or of the generated {@code @Accessor} (no reflection while timed).
 */
public interface Driver3MapperCalls {

    Object entity(Object[] values);

    Object[] values(Object entity);

    /** {@code mapper.save(entity)}. */
    void save(Object entity);

    /** {@code mapper.saveQuery(entity)} (with {@code Option.ifNotExists(true)} when asked): a statement. */
    Object saveQuery(Object entity, boolean ifNotExists);

    /** {@code mapper.get(key…)}, or null. */
    Object get(Object[] key);

    /** The profile's query {@code q} through the accessor: its entities (a list), or its result set. */
    Object query(int q, Object[] args);
}
