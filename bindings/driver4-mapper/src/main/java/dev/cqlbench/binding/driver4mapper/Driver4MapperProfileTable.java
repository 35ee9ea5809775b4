package dev.cqlbench.binding.driver4mapper;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.BatchStatement;
import com.datastax.oss.driver.api.core.cql.BatchStatementBuilder;
import com.datastax.oss.driver.api.core.cql.BatchType;
import com.datastax.oss.driver.api.core.metadata.schema.TableMetadata;
import com.datastax.oss.driver.api.core.type.DataType;
import dev.cqlbench.binding.driver4.Driver4Columns;
import dev.cqlbench.binding.driver4.Driver4Values;
import dev.cqlbench.profile.EntityCompiler;
import dev.cqlbench.profile.GeneratedTable;
import dev.cqlbench.profile.Profile;
import dev.cqlbench.profile.Statements;
import java.util.List;

/**
 * A user's profile through the driver 4 object mapper, as its user would write it: an entity and a DAO made from the
 * table's definition and compiled, with the mapper's annotation processor, when the worker starts
 * ({@link Driver4MapperSources}). An insert is {@code @Insert} (with {@code ifNotExists} for the profile's condition,
 * {@code @Increment} on a counter table); several rows are the DAO's statements in one batch of the profile's type;
 * a query is the DAO's {@code @Query}, mapped to entities when it reads whole rows.
 */
final class Driver4MapperProfileTable extends GeneratedTable<Object> implements Driver4Columns {

    private final CqlSession session;
    private final MapperCalls<Object> calls;
    private final List<DataType> types;
    private final BatchType batchType;

    Driver4MapperProfileTable(CqlSession session, Profile profile, String keyspace) throws Exception {
        super(profile);
        this.session = session;
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
        this.batchType = Driver4Values.batchType(profile.insert().batchType());
    }

    @Override
    protected MapperCalls<Object> calls() {
        return calls;
    }

    @Override
    public List<DataType> columnTypes() {
        return types;
    }

    @Override
    protected boolean insertIf(Object entity) {
        return calls.insertIf(entity);
    }

    /** The DAO's statements in one driver batch. */
    @Override
    protected boolean batch(List<Object> entities) {
        BatchStatementBuilder batch = BatchStatement.builder(batchType);
        for (Object entity : entities) {
            batch.addStatement(calls.insertStatement(entity));
        }
        return session.execute(batch.build()).wasApplied();
    }

    @Override
    protected Object query(int q, Object[] bound) {
        return calls.query(q, bound);
    }
}
