package dev.cqlbench.profile;

/**
 * A {@link MapperTable} whose entity and calls are classes generated for the user's table and compiled when the worker
 * starts ({@link EntityCompiler}): an entity made of values, an entity's values, a plain insert and a read by key
 * are the generated {@link EntityCalls}' own; a query binds its values as the entity's columns hold them, unless the
 * library binds them otherwise.
 *
 * @param <E> an entity as the library takes it (the generated class, which a binding holds as {@code Object})
 */
public abstract class GeneratedTable<E> extends MapperTable<E, Object[]> {

    protected GeneratedTable(Profile profile) {
        super(profile);
    }

    /** The calls generated for the table (made by the binding's constructor). */
    protected abstract EntityCalls<E> calls();

    @Override
    protected final E entity(Object[] values) {
        return calls().entity(values);
    }

    @Override
    protected final Object[] values(E entity) {
        return calls().values(entity);
    }

    /** The library's plain insert ({@link EntityCalls#insert}), unless the binding inserts otherwise. */
    @Override
    protected void insert(E entity) {
        calls().insert(entity);
    }

    @Override
    protected final E byKey(Object[] key) {
        return calls().read(key);
    }

    /** Query {@code q}'s values, each as the entity's column holds it ({@link #entityValues}). */
    @Override
    protected Object[] bind(int q, Object[] values) {
        return entityValues(q, values);
    }
}
