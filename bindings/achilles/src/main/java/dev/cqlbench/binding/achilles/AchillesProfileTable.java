package dev.cqlbench.binding.achilles;

import com.datastax.driver.core.BatchStatement;
import com.datastax.driver.core.CodecRegistry;
import com.datastax.driver.core.DataType;
import com.datastax.driver.core.PreparedStatement;
import com.datastax.driver.core.Session;
import com.datastax.driver.core.TableMetadata;
import com.datastax.driver.core.TupleType;
import com.datastax.driver.core.UserType;
import dev.cqlbench.binding.CqlValues;
import dev.cqlbench.binding.driver3.Driver3Values;
import dev.cqlbench.profile.Conditions;
import dev.cqlbench.profile.EntityCompiler;
import dev.cqlbench.profile.Features;
import dev.cqlbench.profile.GeneratedTable;
import dev.cqlbench.profile.Profile;
import dev.cqlbench.profile.Statements;
import info.archinnov.achilles.bootstrap.AbstractManagerFactoryBuilder;
import info.archinnov.achilles.internals.runtime.AbstractManagerFactory;
import info.archinnov.achilles.type.TypedMap;
import info.archinnov.achilles.type.tuples.Tuple;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * A user's profile through Achilles 6.1, as its user would write it: the classes of {@link AchillesProfileSources},
 * compiled with Achilles' annotation processor when the worker starts, and the manager it generates. An insert is
 * {@code crud().insert(entity).execute()} ({@code .ifNotExists()} for the condition); a counter table's insert the
 * DSL's {@code update().fromBaseTable().<counter>().Incr(n)…where()…}; several rows those statements
 * ({@code generateAndGetBoundStatement()}) in one driver batch, as Achilles 6 leaves batches to the driver; a read
 * {@code crud().findById(key…).get()}; a query prepared once and run through Achilles' raw API,
 * {@code typedQueryForSelect} (entities) when it reads whole rows, {@code nativeQuery} otherwise.
 */
final class AchillesProfileTable extends GeneratedTable<Object> {

    private final Session session;
    private final AchillesProfileSources sources;
    private final AchillesProfileCalls<Object> calls;
    private final CodecRegistry codecs;
    /** Each query (in the profile's order) prepared once. */
    private final List<PreparedStatement> queries = new ArrayList<>();
    private final Map<String, DataType> columnTypes = new LinkedHashMap<>();
    private final BatchStatement.Type batchType;
    /** Whether the insert is an UPDATE with a condition on columns, through the DSL. */
    private final boolean conditional;
    /** Whether the table counts (its inserts increment). */
    private final boolean counters;
    /** How each query (in the profile's order) runs, decided once. */
    private final List<QueryKind> kinds = new ArrayList<>();

    private enum QueryKind { ENTITIES, MAPS, MUTATION }

    AchillesProfileTable(Session session, Profile profile, String keyspace,
                         Function<AbstractManagerFactoryBuilder<?>, AbstractManagerFactory> build) throws Exception {
        super(profile);
        this.session = session;
        this.codecs = session.getCluster().getConfiguration().getCodecRegistry();
        com.datastax.driver.core.KeyspaceMetadata space = session.getCluster().getMetadata()
                .getKeyspace(Statements.identifier(keyspace));
        TableMetadata table = space == null ? null : space.getTable(Statements.identifier(profile.table()));
        if (table == null) {
            throw new IllegalStateException("the driver sees no table " + keyspace + "." + profile.table());
        }
        table.getColumns().forEach(c -> columnTypes.put(c.getName(), c.getType()));
        for (String name : profile.queries().keySet()) { // before the manager factory: nothing to shut down if refused
            queries.add(session.prepare(Statements.query(profile, name, keyspace)));
            Profile.Query query = profile.queries().get(name);
            kinds.add(!query.select() ? QueryKind.MUTATION : Features.wholeRows(query, profile)
                    ? QueryKind.ENTITIES : QueryKind.MAPS);
        }
        this.sources = new AchillesProfileSources(profile, keyspace, table);
        ClassLoader loader = EntityCompiler.compile(sources.sources(table), true, getClass().getClassLoader(),
                List.of(AchillesProfileSources.GENERATED));
        @SuppressWarnings("unchecked") // the generated class is AchillesProfileCalls<ProfileRow>: entities are its own
        AchillesProfileCalls<Object> generated = (AchillesProfileCalls<Object>) loader.loadClass(
                AchillesProfileSources.PACKAGE + ".ProfileCalls").getConstructor(com.datastax.driver.core.Cluster.class,
                Function.class).newInstance(session.getCluster(), build);
        this.calls = generated;
        this.counters = profile.counterTable();
        this.conditional = Conditions.of(profile) != null;
        if (conditional) {
            List<Object> values = new ArrayList<>();
            for (Conditions.Relation c : Conditions.of(profile)) {
                values.add(toAchilles(sources.types.get(profile.indexOf(c.column())), c.value()));
            }
            calls.conditionValues(values.toArray());
        }
        this.batchType = BatchStatement.Type.valueOf(profile.insert().batchType());
    }

    /** The factory to shut down with the binding. */
    AbstractManagerFactory factory() {
        return calls.factory();
    }

    @Override
    protected AchillesProfileCalls<Object> calls() {
        return calls;
    }

    @Override
    public Object toLibrary(int column, Object value) {
        return toAchilles(sources.types.get(column), value);
    }

    @Override
    public Object fromLibrary(int column, Object value) {
        return fromAchilles(sources.types.get(column), value);
    }

    /** {@code crud().insert(entity)}, or the DSL's increment on a counter table. */
    @Override
    protected void insert(Object entity) {
        if (counters) {
            calls.increment(entity);
        } else {
            calls.insert(entity, false);
        }
    }

    /** The DSL's update with the condition on columns, or {@code crud().insert(entity).ifNotExists()}. */
    @Override
    protected boolean insertIf(Object entity) {
        if (conditional) {
            calls.conditional(entity); // Achilles throws when it is not applied
        } else {
            calls.insert(entity, true); // Achilles throws when an IF NOT EXISTS is not applied
        }
        return true;
    }

    /** The same statements ({@code generateAndGetBoundStatement()}) in one driver batch. */
    @Override
    protected boolean batch(List<Object> entities) {
        boolean ifNotExists = profile.insert().condition() != null;
        BatchStatement batch = new BatchStatement(batchType);
        for (Object entity : entities) {
            batch.add(counters ? calls.incrementStatement(entity)
                    : conditional ? calls.conditionalStatement(entity)
                    : calls.insertStatement(entity, ifNotExists));
        }
        return session.execute(batch).wasApplied();
    }

    /** The values as the driver binds them: the raw API runs the prepared statement. */
    @Override
    protected Object[] bind(int q, Object[] values) {
        List<String> binds = profileQuery(q).binds();
        Object[] encoded = new Object[values.length];
        for (int i = 0; i < values.length; i++) {
            encoded[i] = Driver3Values.toDriver(sources.types.get(profile.indexOf(binds.get(i))), values[i], codecs);
        }
        return encoded;
    }

    @Override
    protected Object query(int q, Object[] bound) {
        PreparedStatement statement = queries.get(q);
        switch (kinds.get(q)) {
            case ENTITIES -> {
                return calls.typedQuery(statement, bound);
            }
            case MAPS -> {
                return calls.nativeQuery(statement, bound);
            }
            default -> {
                calls.execute(statement, bound);
                return List.of();
            }
        }
    }

    /** A {@link TypedMap} of the native query, each value as the driver reads it. */
    @Override
    protected Map<String, Object> namedColumns(Map<?, ?> row) {
        Map<String, Object> named = new LinkedHashMap<>();
        for (Map.Entry<?, ?> column : row.entrySet()) {
            String name = (String) column.getKey();
            DataType type = columnTypes.get(name);
            named.put(name, type == null ? column.getValue() : Driver3Values.fromDriver(type, column.getValue()));
        }
        return named;
    }

    /** A {@link CqlValues} value as the entity's field holds it. */
    private Object toAchilles(DataType type, Object value) {
        if (value == null) {
            return null;
        }
        switch (type.getName()) {
            case LIST, SET, MAP -> {
                return Driver3Values.collection(type, value, this::toAchilles);
            }
            case TUPLE -> {
                List<DataType> components = ((TupleType) type).getComponentTypes();
                List<Object> values = ((CqlValues.Tuple) value).values();
                Object[] out = new Object[components.size()];
                for (int i = 0; i < out.length; i++) {
                    out[i] = toAchilles(components.get(i), values.get(i));
                }
                try {
                    return Class.forName("info.archinnov.achilles.type.tuples.Tuple" + out.length)
                            .getConstructors()[0].newInstance(out);
                } catch (ReflectiveOperationException e) {
                    throw new IllegalStateException("Achilles has no Tuple" + out.length, e);
                }
            }
            case UDT -> {
                UserType udt = (UserType) type;
                Map<String, Object> fields = ((CqlValues.Udt) value).fields();
                List<Object> out = new ArrayList<>();
                for (UserType.Field field : udt) {
                    out.add(toAchilles(field.getType(), fields.get(field.getName())));
                }
                return calls.udt(sources.udtIndex(udt), out.toArray());
            }
            case DURATION -> {
                CqlValues.Duration d = (CqlValues.Duration) value;
                return com.datastax.driver.core.Duration.newInstance(d.months(), d.days(), d.nanoseconds());
            }
            default -> {
                return value;
            }
        }
    }

    /** An entity field's value as {@link CqlValues}. */
    private Object fromAchilles(DataType type, Object value) {
        if (value == null) {
            return null;
        }
        switch (type.getName()) {
            case LIST, SET, MAP -> {
                return Driver3Values.collection(type, value, this::fromAchilles);
            }
            case TUPLE -> {
                List<DataType> components = ((TupleType) type).getComponentTypes();
                List<Object> values = ((Tuple) value).values();
                List<Object> out = new ArrayList<>();
                for (int i = 0; i < components.size(); i++) {
                    out.add(fromAchilles(components.get(i), values.get(i)));
                }
                return new CqlValues.Tuple(out);
            }
            case UDT -> {
                UserType udt = (UserType) type;
                Object[] values = calls.udtValues(sources.udtIndex(udt), value);
                Map<String, Object> fields = new LinkedHashMap<>();
                int f = 0;
                for (UserType.Field field : udt) {
                    fields.put(field.getName(), fromAchilles(field.getType(), values[f++]));
                }
                return new CqlValues.Udt(udt.getTypeName(), fields);
            }
            case DURATION -> {
                com.datastax.driver.core.Duration d = (com.datastax.driver.core.Duration) value;
                return new CqlValues.Duration(d.getMonths(), d.getDays(), d.getNanoseconds());
            }
            case BLOB -> {
                return ((java.nio.ByteBuffer) value).asReadOnlyBuffer();
            }
            default -> {
                return value;
            }
        }
    }
}
