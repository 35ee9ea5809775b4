package dev.cqlbench.binding.achilles;

import com.datastax.driver.core.BoundStatement;
import com.datastax.driver.core.PreparedStatement;
import dev.cqlbench.profile.EntityCalls;
import info.archinnov.achilles.internals.runtime.AbstractManagerFactory;
import info.archinnov.achilles.type.TypedMap;
import java.util.List;

/**
 * What the classes generated for a user's table offer the binding: each call one direct call of the
 * {@code ProfileRow_Manager} Achilles' processor generated for the table (no reflection while timed).
 *
 * @param <E> the generated entity class
 */
public interface AchillesProfileCalls<E> extends EntityCalls<E> {

    /** The manager factory the generated builder built (the binding shuts it down). */
    AbstractManagerFactory factory();

    /** A user-defined type's value: {@code udt} is the type's index in {@link AchillesProfileSources#udts}. */
    Object udt(int udt, Object[] values);

    /** A user-defined type's value's field values, in the type's order. */
    Object[] udtValues(int udt, Object value);

    /** {@code crud().insert(entity)} ({@code .ifNotExists()} when asked), executed. */
    void insert(E entity, boolean ifNotExists);

    /** {@code crud().insert(entity)}, executed (a counter table increments instead: {@link #increment}). */
    @Override
    default void insert(E entity) {
        insert(entity, false);
    }

    /** The same insert as a statement, for a batch ({@code generateAndGetBoundStatement()}). */
    BoundStatement insertStatement(E entity, boolean ifNotExists);

    /** {@code dsl().update().fromBaseTable().<counter>().Incr(n)… .where().<key>().Eq(v)…}, executed. */
    void increment(E entity);

    /** The same increment as a statement, for a COUNTER batch. */
    BoundStatement incrementStatement(E entity);

    /** The values of the insert's condition on columns, in its order, as the entity's fields hold them. */
    void conditionValues(Object[] values);

    /**
     * The insert with a condition on columns, as cassandra-stress writes it:
     * {@code dsl().update().fromBaseTable().<column>().Set(v)… .where().<key>().Eq(v)… .if_<Column>().Eq(value)…},
     * executed (Achilles throws when it is not applied).
     */
    void conditional(E entity);

    /** The same conditional update as a statement, for a batch. */
    BoundStatement conditionalStatement(E entity);

    /** {@code crud().findById(key…).get()}, or null. */
    @Override
    E read(Object[] key);

    /** {@code raw().typedQueryForSelect(statement, values…).getList()}: the rows as entities. */
    List<?> typedQuery(PreparedStatement statement, Object[] encodedValues);

    /** {@code raw().nativeQuery(statement, values…).getList()}: the rows as column name → value. */
    List<TypedMap> nativeQuery(PreparedStatement statement, Object[] encodedValues);

    /** {@code raw().nativeQuery(statement, values…).execute()}: a statement that returns no rows. */
    void execute(PreparedStatement statement, Object[] encodedValues);
}
