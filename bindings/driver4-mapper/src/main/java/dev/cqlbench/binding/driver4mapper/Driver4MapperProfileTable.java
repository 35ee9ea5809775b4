package dev.cqlbench.binding.driver4mapper;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.BatchStatement;
import com.datastax.oss.driver.api.core.cql.BatchStatementBuilder;
import com.datastax.oss.driver.api.core.cql.BatchType;
import com.datastax.oss.driver.api.core.metadata.schema.TableMetadata;
import com.datastax.oss.driver.api.core.type.DataType;
import dev.cqlbench.binding.driver4.Driver4Values;
import dev.cqlbench.profile.DecodedRows;
import dev.cqlbench.profile.EntityColumns;
import dev.cqlbench.profile.EntityCompiler;
import dev.cqlbench.profile.Profile;
import dev.cqlbench.profile.ProfileTable;
import dev.cqlbench.profile.Statements;
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
    private final EntityColumns columns;
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
        this.columns = new EntityColumns(profile, (c, v) -> Driver4Values.toDriver(types.get(c), v),
                (c, v) -> Driver4Values.fromDriver(types.get(c), v), calls::values);
        this.batchType = Driver4Values.batchType(profile.insert().batchType());
    }


    /** One entity, or the DAO's statements of several in one batch. */
    @Override
    public Object toWrite(List<Object[]> rows) throws Exception {
        return ProfileTable.entities(rows, columns::toLibrary, calls::entity);
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
            ProfileTable.requireApplied(session.execute(batch.build()).wasApplied(), true, profile);
        } else if (profile.insert().condition() != null) {
            ProfileTable.requireApplied(calls.insertIfNotExists(rows), false, profile);
        } else {
            calls.insert(rows);
        }
    }

    @Override
    public Object toBind(String name, Object[] values) {
        return columns.bound(name, values);
    }

    @Override
    public Object query(String name, Object bound) {
        return calls.query(queries.indexOf(name), (Object[]) bound);
    }

    @Override
    public List<Map<String, Object>> rows(Object result) {
        return result instanceof DecodedRows decoded ? decoded.named() : columns.named((List<?>) result);
    }

    @Override
    public Map<String, Object> read(Object[] primaryKey) {
        return columns.named(calls.read(columns.toLibrary(primaryKey)));
    }
}
