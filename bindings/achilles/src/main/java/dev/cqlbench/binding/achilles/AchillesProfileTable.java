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
import dev.cqlbench.profile.EntityColumns;
import dev.cqlbench.profile.EntityCompiler;
import dev.cqlbench.profile.Features;
import dev.cqlbench.profile.Profile;
import dev.cqlbench.profile.ProfileTable;
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
final class AchillesProfileTable implements ProfileTable {

    private final Session session;
    private final Profile profile;
    private final AchillesProfileSources sources;
    private final AchillesProfileCalls<Object> calls;
    private final CodecRegistry codecs;
    private final EntityColumns columns;
    private final Map<String, PreparedStatement> queries = new LinkedHashMap<>();
    private final Map<String, DataType> columnTypes = new LinkedHashMap<>();
    private final BatchStatement.Type batchType;
    /** Whether the insert is an UPDATE with a condition on columns, through the DSL. */
    private final boolean conditional;
    /** Whether the table counts (its inserts increment). */
    private final boolean counters;
    /** How each query runs, decided once. */
    private final Map<String, QueryKind> kinds = new LinkedHashMap<>();

    private enum QueryKind { ENTITIES, MAPS, MUTATION }

    AchillesProfileTable(Session session, Profile profile, String keyspace,
                         Function<AbstractManagerFactoryBuilder<?>, AbstractManagerFactory> build) throws Exception {
        this.session = session;
        this.profile = profile;
        this.codecs = session.getCluster().getConfiguration().getCodecRegistry();
        com.datastax.driver.core.KeyspaceMetadata space = session.getCluster().getMetadata()
                .getKeyspace(Statements.identifier(keyspace));
        TableMetadata table = space == null ? null : space.getTable(Statements.identifier(profile.table()));
        if (table == null) {
            throw new IllegalStateException("the driver sees no table " + keyspace + "." + profile.table());
        }
        table.getColumns().forEach(c -> columnTypes.put(c.getName(), c.getType()));
        for (String name : profile.queries().keySet()) { // before the manager factory: nothing to shut down if refused
            queries.put(name, session.prepare(Statements.query(profile, name, keyspace)));
            Profile.Query query = profile.queries().get(name);
            kinds.put(name, !query.select() ? QueryKind.MUTATION : Features.wholeRows(query, profile)
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
        this.columns = new EntityColumns(profile, (c, v) -> toAchilles(sources.types.get(c), v),
                (c, v) -> fromAchilles(sources.types.get(c), v), calls::values);
        this.counters = profile.counterTable();
        this.conditional = Conditions.of(profile) != null;
        if (conditional) {
            List<Object> values = new ArrayList<>();
            for (Conditions.Comparison c : Conditions.of(profile)) {
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
    public Object toWrite(List<Object[]> rows) throws Exception {
        return ProfileTable.entities(rows, columns::toLibrary, calls::entity);
    }

    @Override
    public void write(Object rows) {
        ProfileTable.refusingLargeBatches(() -> send(rows));
    }

    private void send(Object rows) {
        boolean ifNotExists = profile.insert().condition() != null;
        if (rows instanceof List<?> entities) {
            BatchStatement batch = new BatchStatement(batchType);
            for (Object entity : entities) {
                batch.add(counters ? calls.incrementStatement(entity)
                        : conditional ? calls.conditionalStatement(entity)
                        : calls.insertStatement(entity, ifNotExists));
            }
            ProfileTable.requireApplied(session.execute(batch).wasApplied(), true, profile);
        } else if (counters) {
            calls.increment(rows);
        } else if (conditional) {
            calls.conditional(rows); // Achilles throws when it is not applied
        } else {
            calls.insert(rows, ifNotExists); // Achilles throws when an IF NOT EXISTS is not applied
        }
    }

    @Override
    public Object toBind(String name, Object[] values) {
        Profile.Query query = profile.queries().get(name);
        Object[] encoded = new Object[values.length];
        for (int i = 0; i < values.length; i++) {
            encoded[i] = Driver3Values.toDriver(sources.types.get(profile.indexOf(query.binds().get(i))), values[i],
                    codecs);
        }
        return encoded;
    }

    @Override
    public Object query(String name, Object bound) {
        PreparedStatement statement = queries.get(name);
        switch (kinds.get(name)) {
            case ENTITIES -> {
                return calls.typedQuery(statement, (Object[]) bound);
            }
            case MAPS -> {
                return calls.nativeQuery(statement, (Object[]) bound);
            }
            default -> {
                calls.execute(statement, (Object[]) bound);
                return List.of();
            }
        }
    }

    @Override
    public List<Map<String, Object>> rows(Object result) {
        List<Map<String, Object>> out = new ArrayList<>();
        for (Object row : (List<?>) result) {
            if (row instanceof TypedMap map) {
                Map<String, Object> named = new LinkedHashMap<>();
                for (Map.Entry<String, Object> column : map.entrySet()) {
                    DataType type = columnTypes.get(column.getKey());
                    named.put(column.getKey(), type == null ? column.getValue()
                            : Driver3Values.fromDriver(type, column.getValue()));
                }
                out.add(named);
            } else {
                out.add(columns.named(row));
            }
        }
        return out;
    }

    @Override
    public Map<String, Object> read(Object[] primaryKey) throws Exception {
        return columns.named(calls.find(columns.toLibrary(primaryKey)));
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
