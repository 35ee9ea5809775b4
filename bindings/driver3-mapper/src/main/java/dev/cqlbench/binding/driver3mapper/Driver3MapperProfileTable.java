package dev.cqlbench.binding.driver3mapper;

import com.datastax.driver.core.BatchStatement;
import com.datastax.driver.core.CodecRegistry;
import com.datastax.driver.core.DataType;
import com.datastax.driver.core.Session;
import com.datastax.driver.core.Statement;
import com.datastax.driver.core.TableMetadata;
import com.datastax.driver.mapping.MappingManager;
import dev.cqlbench.binding.driver3.Driver3Rows;
import dev.cqlbench.binding.driver3.Driver3Values;
import dev.cqlbench.profile.EntityCompiler;
import dev.cqlbench.profile.Features;
import dev.cqlbench.profile.Profile;
import dev.cqlbench.profile.ProfileTable;
import dev.cqlbench.profile.Statements;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A user's profile through the driver 3 mapping module, as its user would write it: a {@code @Table} entity and an
 * {@code @Accessor} with a {@code @Query} per query, made from the table's definition and compiled when the worker
 * starts. An insert is {@code Mapper.save} ({@code saveQuery} with {@code Option.ifNotExists} for the condition, its
 * result's {@code wasApplied}); several rows the mapper's {@code saveQuery} statements in one batch; a read
 * {@code Mapper.get}; a query the accessor's, mapped to entities when it reads whole rows.
 */
final class Driver3MapperProfileTable implements ProfileTable {

    static final String PACKAGE = "cqlbench.generated.driver3mapper";
    private static final String M = "com.datastax.driver.mapping.annotations.";

    private final Session session;
    private final Profile profile;
    private final Driver3MapperCalls calls;
    private final CodecRegistry codecs;
    private final List<DataType> types = new ArrayList<>();
    private final List<String> javaTypes = new ArrayList<>();
    private final List<String> fields = new ArrayList<>();
    private final List<String> queries;
    private final BatchStatement.Type batchType;

    Driver3MapperProfileTable(Session session, Profile profile, String keyspace) throws Exception {
        this.session = session;
        this.profile = profile;
        this.codecs = session.getCluster().getConfiguration().getCodecRegistry();
        TableMetadata table = session.getCluster().getMetadata().getKeyspace(Statements.identifier(keyspace))
                .getTable(Statements.identifier(profile.table()));
        for (Profile.Column column : profile.columns()) {
            DataType type = table.getColumn(Statements.identifier(column.name())).getType();
            types.add(type);
            javaTypes.add(Driver3Values.javaType(codecs, type));
            fields.add(EntityCompiler.javaName(column.name()));
        }
        this.queries = List.copyOf(profile.queries().keySet());
        Map<String, String> sources = new LinkedHashMap<>();
        sources.put(PACKAGE + ".ProfileRow", entity(keyspace));
        sources.put(PACKAGE + ".ProfileAccessor", accessor(keyspace));
        sources.put(PACKAGE + ".ProfileCalls", calls());
        ClassLoader loader = EntityCompiler.compile(sources, false, getClass().getClassLoader());
        this.calls = (Driver3MapperCalls) loader.loadClass(PACKAGE + ".ProfileCalls")
                .getConstructor(MappingManager.class).newInstance(new MappingManager(session));
        this.batchType = BatchStatement.Type.valueOf(profile.insert().batchType());
    }

    private String entity(String keyspace) {
        List<String> annotations = new ArrayList<>();
        int partition = 0;
        int clustering = 0;
        for (Profile.Column column : profile.columns()) {
            String key = column.kind().equals(Profile.PARTITION_KEY) ? "@" + M + "PartitionKey(" + partition++ + ") "
                    : column.kind().equals(Profile.CLUSTERING) ? "@" + M + "ClusteringColumn(" + clustering++ + ") "
                    : "";
            annotations.add(key + "@" + M + "Column(name = " + EntityCompiler.literal(Statements.identifier(
                    column.name())) + ")");
        }
        return EntityCompiler.entity(PACKAGE, "@" + M + "Table(keyspace = " + EntityCompiler.literal(
                Statements.identifier(keyspace)) + ", name = " + EntityCompiler.literal(Statements.identifier(
                profile.table())) + ")", annotations, javaTypes, fields);
    }

    private String accessor(String keyspace) {
        StringBuilder s = new StringBuilder("package " + PACKAGE + ";\n@" + M + "Accessor\npublic interface "
                + "ProfileAccessor {\n");
        int q = 0;
        for (Profile.Query query : profile.queries().values()) {
            List<String> params = new ArrayList<>();
            for (int b = 0; b < query.binds().size(); b++) {
                params.add(javaTypes.get(profile.indexOf(query.binds().get(b))) + " p" + b);
            }
            s.append("  @" + M + "Query(" + EntityCompiler.literal(Statements.query(profile, query.name(), keyspace))
                    + ") " + (Features.wholeRows(query, profile) ? "com.datastax.driver.mapping.Result<ProfileRow>"
                    : "com.datastax.driver.core.ResultSet") + " q" + q++ + "(" + String.join(", ", params) + ");\n");
        }
        return s.append("}\n").toString();
    }

    private String calls() {
        String mapper = "com.datastax.driver.mapping.Mapper<ProfileRow>";
        StringBuilder s = new StringBuilder("package " + PACKAGE + ";\npublic final class ProfileCalls implements "
                + Driver3MapperCalls.class.getName() + " {\n  private final " + mapper + " mapper;\n"
                + "  private final ProfileAccessor accessor;\n"
                + "  public ProfileCalls(com.datastax.driver.mapping.MappingManager manager) {\n"
                + "    this.mapper = manager.mapper(ProfileRow.class);\n"
                + "    this.accessor = manager.createAccessor(ProfileAccessor.class);\n  }\n"
                + "  public Object entity(Object[] v) { return ProfileRow.of(v); }\n"
                + "  public Object[] values(Object e) { return ((ProfileRow) e).values(); }\n"
                + "  public void save(Object e) { mapper.save((ProfileRow) e); }\n"
                + "  public Object saveQuery(Object e, boolean ifNotExists) { return ifNotExists ? mapper.saveQuery("
                + "(ProfileRow) e, com.datastax.driver.mapping.Mapper.Option.ifNotExists(true)) : mapper.saveQuery("
                + "(ProfileRow) e); }\n  public Object get(Object[] k) { return mapper.get(k); }\n"
                + "  public Object query(int q, Object[] a) {\n    switch (q) {\n");
        int q = 0;
        for (Profile.Query query : profile.queries().values()) {
            List<String> args = new ArrayList<>();
            for (int b = 0; b < query.binds().size(); b++) {
                args.add("(" + javaTypes.get(profile.indexOf(query.binds().get(b))) + ") a[" + b + "]");
            }
            String call = "accessor.q" + q + "(" + String.join(", ", args) + ")";
            s.append("      case " + q++ + ": return " + (Features.wholeRows(query, profile) ? call + ".all()"
                    : "dev.cqlbench.binding.driver3.Driver3Rows.decode(" + call + ")") + ";\n");
        }
        return s.append("      default: throw new IllegalArgumentException(\"no query \" + q);\n    }\n  }\n}\n")
                .toString();
    }

    @Override
    public Object toWrite(List<Object[]> rows) throws Exception {
        return ProfileTable.entities(rows, (c, v) -> Driver3Values.toDriver(types.get(c), v, codecs), calls::entity);
    }

    @Override
    public void write(Object rows) {
        ProfileTable.refusingLargeBatches(() -> send(rows));
    }

    private void send(Object rows) {
        if (rows instanceof List<?> entities) {
            BatchStatement batch = new BatchStatement(batchType);
            for (Object entity : entities) {
                batch.add((Statement) calls.saveQuery(entity, profile.insert().condition() != null));
            }
            if (!session.execute(batch).wasApplied()) {
                throw new IllegalStateException("batch not applied: its condition did not hold ("
                        + profile.insert().condition() + ")");
            }
        } else if (profile.insert().condition() != null) {
            if (!session.execute((Statement) calls.saveQuery(rows, true)).wasApplied()) {
                throw new IllegalStateException("insert not applied: the row exists (" + profile.insert().condition()
                        + ")");
            }
        } else {
            calls.save(rows);
        }
    }

    @Override
    public Object toBind(String name, Object[] values) {
        Profile.Query query = profile.queries().get(name);
        Object[] args = new Object[values.length];
        for (int i = 0; i < values.length; i++) {
            args[i] = Driver3Values.toDriver(types.get(profile.indexOf(query.binds().get(i))), values[i], codecs);
        }
        return args;
    }

    @Override
    public Object query(String name, Object bound) {
        return calls.query(queries.indexOf(name), (Object[]) bound);
    }

    @Override
    public List<Map<String, Object>> rows(Object result) {
        if (result instanceof Driver3Rows.Decoded decoded) {
            return Driver3Rows.named(decoded);
        }
        List<Map<String, Object>> out = new ArrayList<>();
        for (Object entity : (List<?>) result) {
            out.add(named(entity));
        }
        return out;
    }

    private Map<String, Object> named(Object entity) {
        return profile.named(calls.values(entity), (c, value) -> Driver3Values.fromDriver(types.get(c), value));
    }

    @Override
    public Map<String, Object> read(Object[] primaryKey) {
        Object[] key = new Object[primaryKey.length];
        for (int c = 0; c < key.length; c++) {
            key[c] = Driver3Values.toDriver(types.get(c), primaryKey[c], codecs);
        }
        Object entity = calls.get(key);
        return entity == null ? null : named(entity);
    }
}
