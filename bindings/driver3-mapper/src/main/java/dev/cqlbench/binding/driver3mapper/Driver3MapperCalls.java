package dev.cqlbench.binding.driver3mapper;

import com.datastax.driver.core.Statement;
import dev.cqlbench.profile.EntityCalls;

/**
 * What the classes generated for a user's table offer the binding: each call one direct call of the driver 3
 * {@code Mapper} or of the generated {@code @Accessor} (no reflection while timed).
 *
 * @param <E> the generated entity class
 */
public interface Driver3MapperCalls<E> extends EntityCalls<E> {

    /** {@code mapper.save(entity)}. */
    @Override
    void insert(E entity);

    /** {@code mapper.saveQuery(entity)} (with {@code Option.ifNotExists(true)} when asked): a statement. */
    Statement insertStatement(E entity, boolean ifNotExists);

    /** {@code mapper.get(key…)}, or null. */
    @Override
    E read(Object[] key);

    /** The profile's query {@code q} through the accessor: its entities (a list), or its rows decoded. */
    Object query(int q, Object[] args);
}
