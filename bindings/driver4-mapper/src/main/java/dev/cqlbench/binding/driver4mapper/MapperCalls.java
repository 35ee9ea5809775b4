package dev.cqlbench.binding.driver4mapper;

/**
 * What the classes generated for a user's table offer the binding: each call one direct call of the generated DAO
 * (no reflection while timed), entities made from values and values read from them (untimed).
 */
public interface MapperCalls {

    /** An entity holding {@code values} (driver types, in the profile's column order). */
    Object entity(Object[] values);

    /** The entity's values (driver types, in the profile's column order). */
    Object[] values(Object entity);

    /** {@code @Insert}, or {@code @Increment} on a counter table. */
    void insert(Object entity);

    /**
     * The insert with the profile's condition: {@code @Insert(ifNotExists = true)}, or {@code @Update} with its
     * {@code customIfClause}; whether it was applied.
     */
    boolean insertIfNotExists(Object entity);

    /** The {@code @Insert} (or {@code @Increment}) as a statement, for a batch. */
    Object insertStatement(Object entity);

    /** {@code @Select} by the whole primary key (driver types); null when there is no such row. */
    Object read(Object[] key);

    /**
     * The profile's query {@code q} (in the profile's order) through {@code @Query}: its entities (a list), or its
     * rows decoded ({@link dev.cqlbench.binding.driver4.Driver4Rows.Decoded}) when they are not whole rows.
     */
    Object query(int q, Object[] args);
}
