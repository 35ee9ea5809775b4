package dev.cqlbench.binding.driver4mapper;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.BatchStatement;
import com.datastax.oss.driver.api.core.cql.BatchStatementBuilder;
import com.datastax.oss.driver.api.core.cql.BatchType;
import com.datastax.oss.driver.api.core.metadata.schema.TableMetadata;
import com.datastax.oss.driver.api.core.type.DataType;
import dev.cqlbench.binding.driver4.Driver4Rows;
import dev.cqlbench.binding.driver4.Driver4Values;
import dev.cqlbench.profile.EntityCompiler;
import dev.cqlbench.profile.Profile;
import dev.cqlbench.profile.ProfileTable;
import dev.cqlbench.profile.Statements;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A user's profile through the driver 4 object mapper, as its user would write it: an entity and a DAO made from the
 * table's definition and compiled, with the mapper's annotation processor, when the worker starts
 * ({@link Driver4MapperSources}). An insert is {@code @Insert} (with {@code ifNotExists} for the profile's condition,
 * {@code @Increment} on a counter table); several rows are the DAO's statements in one batch of the profile's type;
 * a query is the DAO's {@code @Query}, mapped to entities when it reads whole rows.
 */
final class Driver4MapperProfileTable implements ProfileTable {

    private final CqlSession session;
    private final Profile profile;
    private final MapperCalls<Object> calls;
    private final List<DataType> types;
    private final List<String> queries;
    private final Map<String, List<DataType>> bindTypes = new LinkedHashMap<>();
    private final BatchType batchType;

    Driver4MapperProfileTable(CqlSession session, Profile profile, String keyspace) throws Exception {
        this.session = session;
        this.profile = profile;
        TableMetadata table = session.getMetadata().getKeyspace(CqlIdentifier.fromCql(Statements.identifier(keyspace)))
                .flatMap(k -> k.getTable(CqlIdentifier.fromCql(Statements.identifier(profile.table()))))
                .orElseThrow(() -> new IllegalStateException("driver 4 sees no table " + keyspace + "."
                        + profile.table()));
        Driver4MapperSources sources = new Driver4MapperSources(session, profile, keyspace, table);
        this.types = sources.cqlTypes();
        ClassLoader loader = EntityCompiler.compile(sources.sources(), true, getClass().getClassLoader());
        @SuppressWarnings("unchecked") // the generated class is MapperCalls<ProfileRow>: entities are its own
        MapperCalls<Object> generated = (MapperCalls<Object>) loader.loadClass(Driver4MapperSources.PACKAGE
                + ".ProfileCalls")
                .getConstructor(CqlSession.class).newInstance(session);
        this.calls = generated;
        this.queries = List.copyOf(profile.queries().keySet());
        for (Profile.Query query : profile.queries().values()) {
            bindTypes.put(query.name(), query.binds().stream().map(c -> types.get(profile.indexOf(c))).toList());
        }
        this.batchType = Driver4Values.batchType(profile.insert().batchType());
    }


    /** One entity, or the DAO's statements of several in one batch. */
    @Override
    public Object toWrite(List<Object[]> rows) throws Exception {
        return ProfileTable.entities(rows, (c, v) -> Driver4Values.toDriver(types.get(c), v), calls::entity);
    }

    @Override
    public void write(Object rows) {
        ProfileTable.refusingLargeBatches(() -> send(rows));
    }

    private void send(Object rows) {
        if (rows instanceof List<?> entities) {
            BatchStatementBuilder batch = BatchStatement.builder(batchType);
            for (Object entity : entities) {
                batch.addStatement(calls.insertStatement(entity));
            }
            if (!session.execute(batch.build()).wasApplied()) {
                throw new IllegalStateException("batch not applied: its condition did not hold ("
                        + profile.insert().condition() + ")");
            }
        } else if (profile.insert().condition() != null) {
            if (!calls.insertIfNotExists(rows)) {
                throw new IllegalStateException("insert not applied: the row exists (" + profile.insert().condition()
                        + ")");
            }
        } else {
            calls.insert(rows);
        }
    }

    @Override
    public Object toBind(String name, Object[] values) {
        List<DataType> typesOf = bindTypes.get(name);
        Object[] args = new Object[values.length];
        for (int i = 0; i < values.length; i++) {
            args[i] = Driver4Values.toDriver(typesOf.get(i), values[i]);
        }
        return args;
    }

    @Override
    public Object query(String name, Object bound) {
        return calls.query(queries.indexOf(name), (Object[]) bound);
    }

    @Override
    public List<Map<String, Object>> rows(Object result) {
        if (result instanceof Driver4Rows.Decoded decoded) {
            return Driver4Rows.named(decoded);
        }
        List<Map<String, Object>> out = new ArrayList<>();
        for (Object entity : (List<?>) result) {
            out.add(named(entity));
        }
        return out;
    }

    private Map<String, Object> named(Object entity) {
        return profile.named(calls.values(entity), (c, value) -> Driver4Values.fromDriver(types.get(c), value));
    }

    @Override
    public Map<String, Object> read(Object[] primaryKey) {
        Object[] key = new Object[primaryKey.length];
        for (int c = 0; c < key.length; c++) {
            key[c] = Driver4Values.toDriver(types.get(c), primaryKey[c]);
        }
        Object entity = calls.read(key);
        return entity == null ? null : named(entity);
    }
}
