package dev.cqlbench.binding.driver3;

import com.datastax.driver.core.BatchStatement;
import com.datastax.driver.core.CodecRegistry;
import com.datastax.driver.core.DataType;
import com.datastax.driver.core.PreparedStatement;
import com.datastax.driver.core.ResultSet;
import com.datastax.driver.core.Session;
import com.datastax.driver.core.SimpleStatement;
import com.datastax.driver.core.Statement;
import com.datastax.driver.core.TableMetadata;
import dev.cqlbench.profile.Profile;
import dev.cqlbench.profile.ProfileTable;
import dev.cqlbench.profile.Statements;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A user's profile on driver 3's core API, prepared ({@code driver3-prepared}) or not ({@code driver3}: each
 * statement a {@link SimpleStatement} with its values, the query string parsed by the server each time, as study 01's
 * "Datastax Native"); several rows in one {@link BatchStatement} of the profile's type; a query's rows each decoded
 * whole while timed.
 */
final class Driver3ProfileTable implements ProfileTable {

    private final Session session;
    private final Profile profile;
    private final boolean prepared;
    private final CodecRegistry codecs;
    private final String insertCql;
    private final String readCql;
    private final Map<String, String> queryCql = new LinkedHashMap<>();
    private final Map<String, PreparedStatement> statements = new LinkedHashMap<>();
    private final int[] insertOrder;
    /** The CQL type of each marker of the insert, the read and each query (from the table's metadata). */
    private final DataType[] insertTypes;
    private final DataType[] keyTypes;
    private final Map<String, DataType[]> queryTypes = new LinkedHashMap<>();
    private final BatchStatement.Type batchType;

    Driver3ProfileTable(Session session, Profile profile, String keyspace, boolean prepared) {
        this.session = session;
        this.profile = profile;
        this.prepared = prepared;
        this.codecs = session.getCluster().getConfiguration().getCodecRegistry();
        this.insertCql = Statements.insert(profile, keyspace);
        this.readCql = Statements.read(profile, keyspace);
        this.insertOrder = Statements.insertOrder(profile);
        TableMetadata table = session.getCluster().getMetadata().getKeyspace(quoted(keyspace))
                .getTable(quoted(profile.table()));
        if (table == null) {
            throw new IllegalStateException("driver 3 sees no table " + keyspace + "." + profile.table());
        }
        List<Profile.Column> columns = profile.columns();
        this.insertTypes = new DataType[insertOrder.length];
        for (int i = 0; i < insertOrder.length; i++) {
            insertTypes[i] = table.getColumn(quoted(columns.get(insertOrder[i]).name())).getType();
        }
        this.keyTypes = new DataType[profile.primaryKey().size()];
        for (int i = 0; i < keyTypes.length; i++) {
            keyTypes[i] = table.getColumn(quoted(columns.get(i).name())).getType();
        }
        for (Profile.Query query : profile.queries().values()) {
            queryCql.put(query.name(), Statements.query(profile, query.name(), keyspace));
            queryTypes.put(query.name(), query.binds().stream().map(c -> table.getColumn(quoted(c)).getType())
                    .toArray(DataType[]::new));
        }
        if (prepared) {
            statements.put("insert", session.prepare(insertCql));
            statements.put("read", session.prepare(readCql));
            queryCql.forEach((name, cql) -> statements.put("query " + name, session.prepare(cql)));
        }
        this.batchType = BatchStatement.Type.valueOf(profile.insert().batchType());
    }

    private static String quoted(String identifier) {
        return identifier.matches("[a-z][a-z0-9_]*") ? identifier : "\"" + identifier + "\"";
    }

    int preparedCount() {
        return statements.size();
    }

    private Statement statement(String key, String cql, DataType[] types, Object[] values) {
        Object[] converted = new Object[values.length];
        for (int i = 0; i < values.length; i++) {
            converted[i] = Driver3Values.toDriver(types[i], values[i], codecs);
        }
        return prepared ? statements.get(key).bind(converted) : new SimpleStatement(cql, converted);
    }

    @Override
    public Object toWrite(List<Object[]> rows) {
        return ProfileTable.statements(rows, insertOrder, values -> statement("insert", insertCql, insertTypes, values),
                bound -> new BatchStatement(batchType).addAll(bound));
    }

    @Override
    public void write(Object rows) {
        ProfileTable.executeWrite(session, rows, (s, statement) -> s.execute((Statement) statement),
                ResultSet::wasApplied, profile);
    }

    @Override
    public Object toBind(String name, Object[] values) {
        return statement("query " + name, queryCql.get(name), queryTypes.get(name), values);
    }

    @Override
    public Object query(String name, Object bound) {
        return Driver3Values.ROWS.decode(session.execute((Statement) bound));
    }

    @Override
    public Map<String, Object> read(Object[] primaryKey) {
        return Driver3Values.ROWS.named(session.execute(statement("read", readCql, keyTypes, primaryKey)).one());
    }
}
