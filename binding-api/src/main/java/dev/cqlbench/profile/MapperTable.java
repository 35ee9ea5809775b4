package dev.cqlbench.profile;

import dev.cqlbench.binding.BatchRejectedException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A user's table through an object mapper: the flow every mapper's {@link ProfileTable} shares, written once, around
 * the few steps each library takes its own way. A write: the rows as entities ({@link #entity}, each value as the
 * entity holds it, {@link #toLibrary}); several in one batch ({@link #batch}), one with the profile's condition
 * ({@link #insertIf}), or one plain ({@link #insert}); a write whose condition did not hold fails
 * ({@link ProfileTable#requireApplied}), a batch Cassandra refuses as too large is a
 * {@link BatchRejectedException}. A query: its values as the library binds them ({@link #bind}), run by its index in
 * the profile ({@link #query(int, Object)}), its rows read back as entities ({@link #values}), as decoded rows or as
 * column maps ({@link #namedColumns}). A read: the key converted, the entity read by it ({@link #byKey}).
 *
 * <p>The timed calls ({@link #write}, {@link #query(String, Object)}) add no reflection and no allocation of their
 * own to the library's call: the steps a binding writes call the library (or the classes generated for the table)
 * directly.
 *
 * @param <E> an entity as the library takes it (the generated class, which a binding holds as {@code Object})
 * @param <B> a query's bound values as the library takes them: {@code Object[]}, each as the entity's column
 *            holds it ({@link #entityValues}), or what else the library runs a query with (Kundera: its text)
 */
public abstract class MapperTable<E, B> implements ProfileTable, ColumnValues {

    protected final Profile profile;
    private final List<String> queries;
    private final EntityColumns columns;
    private final boolean conditional;

    @SuppressWarnings("unchecked") // an entity handed back to values() is one that entity() or the library made
    protected MapperTable(Profile profile) {
        this.profile = profile;
        this.queries = List.copyOf(profile.queries().keySet());
        this.columns = new EntityColumns(profile, this::toLibrary, this::fromLibrary, e -> values((E) e));
        this.conditional = profile.insert().condition() != null;
    }

    // ---- the library's steps (and its ColumnValues: each column's value as the entity holds it)

    /** An entity holding a row's values (in column order, as {@link #toLibrary} gave them). */
    protected abstract E entity(Object[] values) throws Exception;

    /** An entity's values, in column order (for checking what was read). */
    protected abstract Object[] values(E entity);

    /** The library's insert of one row, without a condition (timed). */
    protected abstract void insert(E entity);

    /** The library's insert of one row with the profile's condition (timed): whether it was applied. */
    protected abstract boolean insertIf(E entity);

    /**
     * The library's statements for several rows in one batch of the profile's type, each with the profile's condition
     * if it has one (timed): whether the batch was applied.
     */
    protected abstract boolean batch(List<E> entities);

    /** The entity with this primary key (values as the entity holds them), or null. */
    protected abstract E byKey(Object[] key) throws Exception;

    /** Query {@code q}'s (in the profile's order) bound values as the library takes them (untimed). */
    protected abstract B bind(int q, Object[] values);

    /**
     * Query {@code q} (in the profile's order) run with what {@link #bind} gave (timed): its entities (a list), its
     * rows decoded ({@link DecodedRows}), or its rows as the library's column maps (a list, {@link #namedColumns}).
     */
    protected abstract Object query(int q, B bound) throws Exception;

    /**
     * A row the library gave as column name → value (a query of some columns), as
     * {@link dev.cqlbench.binding.CqlValues}; for a library whose queries give such rows.
     */
    protected Map<String, Object> namedColumns(Map<?, ?> row) {
        throw new IllegalStateException(getClass().getSimpleName() + " reads no rows as column maps");
    }

    // ---- what the steps are made of

    /** Query {@code q}'s values, each as the entity's column holds it: the {@link #bind} of most mappers. */
    protected final Object[] entityValues(int q, Object[] values) {
        return columns.bound(queries.get(q), values);
    }

    /** Query {@code q} (in the profile's order). */
    protected final Profile.Query profileQuery(int q) {
        return profile.queries().get(queries.get(q));
    }

    /** An entity as column name → value; null for none. */
    protected final Map<String, Object> namedEntity(E entity) {
        return columns.named(entity);
    }

    // ---- the flow

    /** One entity, or the list of several (untimed). */
    @Override
    public Object toWrite(List<Object[]> rows) throws Exception {
        if (rows.size() == 1) {
            return entity(columns.toLibrary(rows.get(0)));
        }
        List<E> entities = new ArrayList<>(rows.size());
        for (Object[] row : rows) {
            entities.add(entity(columns.toLibrary(row)));
        }
        return entities;
    }

    @Override
    @SuppressWarnings("unchecked") // what toWrite gave: a list of entities or one
    public final void write(Object rows) {
        try {
            if (rows instanceof List<?> entities) {
                ProfileTable.requireApplied(batch((List<E>) entities), true, profile);
            } else if (conditional) {
                ProfileTable.requireApplied(insertIf((E) rows), false, profile);
            } else {
                insert((E) rows);
            }
        } catch (RuntimeException e) {
            throw BatchRejectedException.ifTooLarge(e);
        }
    }

    @Override
    public final Object toBind(String name, Object[] values) {
        return bind(queries.indexOf(name), values);
    }

    @Override
    @SuppressWarnings("unchecked") // what toBind gave
    public final Object query(String name, Object bound) throws Exception {
        return query(queries.indexOf(name), (B) bound);
    }

    /** Decoded rows, or a list of entities and column maps, each as column name → value (untimed). */
    @Override
    public List<Map<String, Object>> rows(Object result) {
        if (result instanceof DecodedRows decoded) {
            return decoded.named();
        }
        List<Map<String, Object>> out = new ArrayList<>();
        for (Object row : (List<?>) result) {
            out.add(row instanceof Map<?, ?> map ? namedColumns(map) : columns.named(row));
        }
        return out;
    }

    @Override
    public final Map<String, Object> read(Object[] primaryKey) throws Exception {
        return columns.named(byKey(columns.toLibrary(primaryKey)));
    }
}
