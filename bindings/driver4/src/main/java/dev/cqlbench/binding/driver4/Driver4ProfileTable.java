package dev.cqlbench.binding.driver4;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.BatchStatement;
import com.datastax.oss.driver.api.core.cql.BatchStatementBuilder;
import com.datastax.oss.driver.api.core.cql.BatchType;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.ResultSet;
import dev.cqlbench.profile.Profile;
import dev.cqlbench.profile.ProfileTable;
import dev.cqlbench.profile.Statements;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A user's profile on driver 4's core API: prepared statements; an insert of several rows is one
 * {@link BatchStatement} of the profile's type; a query's rows are each decoded whole ({@code getObject} of every
 * column) while timed.
 */
final class Driver4ProfileTable implements ProfileTable {

    private final CqlSession session;
    private final Profile profile;
    private final PreparedStatement insert;
    private final int[] insertOrder;
    private final PreparedStatement read;
    private final Map<String, PreparedStatement> queries = new LinkedHashMap<>();
    private final BatchType batchType;

    Driver4ProfileTable(CqlSession session, Profile profile, String keyspace) {
        this.session = session;
        this.profile = profile;
        this.insert = session.prepare(Statements.insert(profile, keyspace));
        this.insertOrder = Statements.insertOrder(profile);
        this.read = session.prepare(Statements.read(profile, keyspace));
        profile.queries().keySet().forEach(q -> queries.put(q, session.prepare(Statements.query(profile, q, keyspace))));
        this.batchType = Driver4Values.batchType(profile.insert().batchType());
    }

    int preparedCount() {
        return 2 + queries.size();
    }

    /** The rows bound: one statement, or a batch of them. */
    @Override
    public Object toWrite(List<Object[]> rows) {
        return ProfileTable.statements(rows, insertOrder, values -> bind(insert, values), bound -> {
            BatchStatementBuilder batch = BatchStatement.builder(batchType);
            bound.forEach(batch::addStatement);
            return batch.build();
        });
    }

    /** {@code statement} bound to {@code values}, each converted to the driver's type of its marker. */
    private static BoundStatement bind(PreparedStatement statement, Object[] values) {
        Object[] bound = new Object[values.length];
        for (int i = 0; i < values.length; i++) {
            bound[i] = Driver4Values.toDriver(statement.getVariableDefinitions().get(i).getType(), values[i]);
        }
        return statement.bind(bound);
    }

    @Override
    public void write(Object rows) {
        ProfileTable.executeWrite(session, rows,
                (s, statement) -> s.execute((com.datastax.oss.driver.api.core.cql.Statement<?>) statement),
                ResultSet::wasApplied, profile);
    }

    @Override
    public Object toBind(String name, Object[] values) {
        return bind(queries.get(name), values);
    }

    /** Every row, every column decoded (as an application reading the result would). */
    @Override
    public Object query(String name, Object bound) {
        return Driver4Values.ROWS.decode(session.execute((BoundStatement) bound));
    }

    @Override
    public Map<String, Object> read(Object[] primaryKey) {
        return Driver4Values.ROWS.named(session.execute(bind(read, primaryKey)).one());
    }
}
