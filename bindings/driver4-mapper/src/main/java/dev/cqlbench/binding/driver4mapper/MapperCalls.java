package dev.cqlbench.binding.driver4mapper;

import com.datastax.oss.driver.api.core.cql.BatchableStatement;
import dev.cqlbench.profile.EntityCalls;

/**
 * What the classes generated for a user's table offer the binding: each call one direct call of the generated DAO
 * (no reflection while timed), entities made from values and values read from them (untimed).
 *
 * @param <E> the generated entity class
 */
public interface MapperCalls<E> extends EntityCalls<E> {

    /** {@code @Insert}, or {@code @Increment} on a counter table. */
    @Override
    void insert(E entity);

    /**
     * The insert with the profile's condition: {@code @Insert(ifNotExists = true)}, or {@code @Update} with its
     * {@code customIfClause}; whether it was applied.
     */
    boolean insertIf(E entity);

    /** The {@code @Insert} (or {@code @Increment}) as a statement, for a batch. */
    BatchableStatement<?> insertStatement(E entity);

    /** {@code @Select} by the whole primary key (driver types); null when there is no such row. */
    @Override
    E read(Object[] key);

    /**
     * The profile's query {@code q} (in the profile's order) through {@code @Query}: its entities (a list), or its
     * rows decoded ({@link dev.cqlbench.profile.DecodedRows}) when they are not whole rows.
     */
    Object query(int q, Object[] args);
}
