package dev.cqlbench.binding.driver4mapper;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.metadata.schema.TableMetadata;
import com.datastax.oss.driver.api.core.type.DataType;
import dev.cqlbench.binding.driver4.Driver4Values;
import dev.cqlbench.profile.EntityCompiler;
import dev.cqlbench.profile.Features;
import dev.cqlbench.profile.Profile;
import dev.cqlbench.profile.Statements;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The Java a driver 4 mapper user would write for a profile's table: an {@code @Entity} with a property per column
 * (the driver's own Java type for each CQL type), a {@code @Dao} with {@code @Insert}, {@code @Select} by primary key,
 * {@code @Increment} for counters and a {@code @Query} per query of the profile, and the {@code @Mapper}; the
 * mapper's annotation processor makes the rest when {@link EntityCompiler} compiles them.
 */
final class Driver4MapperSources {

    static final String PACKAGE = "cqlbench.generated.driver4mapper";
    private static final String A = "com.datastax.oss.driver.api.mapper.annotations.";

    private final Profile profile;
    private final String keyspace;
    private final List<String> fields = new ArrayList<>();
    private final List<String> javaTypes = new ArrayList<>();
    private final List<DataType> cqlTypes = new ArrayList<>();

    Driver4MapperSources(CqlSession session, Profile profile, String keyspace, TableMetadata table) {
        this.profile = profile;
        this.keyspace = keyspace;
        for (Profile.Column column : profile.columns()) {
            DataType type = table.getColumn(Statements.identifier(column.name())).orElseThrow().getType();
            cqlTypes.add(type);
            fields.add(EntityCompiler.javaName(column.name()));
            javaTypes.add(Driver4Values.javaType(session, type));
        }
    }

    List<DataType> cqlTypes() {
        return cqlTypes;
    }

    Map<String, String> sources() {
        Map<String, String> sources = new LinkedHashMap<>();
        sources.put(PACKAGE + ".ProfileRow", entity());
        sources.put(PACKAGE + ".ProfileDao", dao());
        sources.put(PACKAGE + ".ProfileMapper", "package " + PACKAGE + ";\n@" + A + "Mapper\npublic interface "
                + "ProfileMapper {\n  @" + A + "DaoFactory ProfileDao dao();\n}\n");
        sources.put(PACKAGE + ".ProfileCalls", calls());
        return sources;
    }

    private String entity() {
        List<String> annotations = new ArrayList<>();
        int partition = 0;
        int clustering = 0;
        for (Profile.Column column : profile.columns()) {
            String key = column.kind().equals(Profile.PARTITION_KEY) ? "@" + A + "PartitionKey(" + partition++ + ") "
                    : column.kind().equals(Profile.CLUSTERING) ? "@" + A + "ClusteringColumn(" + clustering++ + ") "
                    : "";
            annotations.add(key + "@" + A + "CqlName(" + EntityCompiler.literal(Statements.identifier(column.name()))
                    + ")");
        }
        return EntityCompiler.entity(PACKAGE, "@" + A + "Entity(defaultKeyspace = " + EntityCompiler.literal(keyspace)
                + ")\n@" + A + "CqlName(" + EntityCompiler.literal(Statements.identifier(profile.table())) + ")",
                annotations, javaTypes, fields);
    }

    private String keyParams() {
        List<String> params = new ArrayList<>();
        for (int c = 0; c < profile.primaryKey().size(); c++) {
            params.add(javaTypes.get(c) + " " + fields.get(c));
        }
        return String.join(", ", params);
    }

    private String incrementParams() {
        List<String> params = new ArrayList<>();
        for (int c = 0; c < fields.size(); c++) {
            params.add((profile.columns().get(c).key() ? javaTypes.get(c) : "long") + " " + fields.get(c));
        }
        return String.join(", ", params);
    }

    private String dao() {
        String bound = "com.datastax.oss.driver.api.core.cql.BoundStatement";
        StringBuilder s = new StringBuilder("package " + PACKAGE + ";\n@" + A + "Dao\npublic interface ProfileDao {\n");
        if (profile.counterTable()) {
            s.append("  @" + A + "Increment(entityClass = ProfileRow.class) void increment(" + incrementParams()
                    + ");\n");
        } else {
            s.append("  @" + A + "Insert void insert(ProfileRow e);\n");
            s.append("  @" + A + "Insert " + bound + " insertStatement(ProfileRow e);\n");
            s.append("  @" + A + "Insert(ifNotExists = true) boolean insertIfNotExists(ProfileRow e);\n");
            s.append("  @" + A + "Insert(ifNotExists = true) " + bound + " insertIfNotExistsStatement(ProfileRow e);\n");
            if (Statements.updates(profile)) {
                // cassandra-stress's condition on columns: an UPDATE of the row's other columns, IF it holds
                String clause = EntityCompiler.literal(profile.insert().condition().substring(3));
                s.append("  @" + A + "Update(customIfClause = " + clause + ") boolean updateIf(ProfileRow e);\n");
                s.append("  @" + A + "Update(customIfClause = " + clause + ") " + bound
                        + " updateIfStatement(ProfileRow e);\n");
            }
        }
        s.append("  @" + A + "Select ProfileRow read(" + keyParams() + ");\n");
        int q = 0;
        for (Profile.Query query : profile.queries().values()) {
            String cql = Statements.namedMarkers(Statements.query(profile, query.name(), keyspace));
            List<String> params = new ArrayList<>();
            for (int b = 0; b < query.binds().size(); b++) {
                params.add(javaTypes.get(profile.indexOf(query.binds().get(b))) + " p" + b);
            }
            s.append("  @" + A + "Query(" + EntityCompiler.literal(cql) + ") " + (entities(query)
                    ? "com.datastax.oss.driver.api.core.PagingIterable<ProfileRow>"
                    : "com.datastax.oss.driver.api.core.cql.ResultSet") + " q" + q++ + "(" + String.join(", ", params)
                    + ");\n");
        }
        return s.append("}\n").toString();
    }

    /** A query whose rows are whole rows of the table maps them to entities; any other returns its rows. */
    private boolean entities(Profile.Query query) {
        return Features.wholeRows(query, profile);
    }

    private String calls() {
        StringBuilder s = new StringBuilder("package " + PACKAGE + ";\npublic final class ProfileCalls implements "
                + MapperCalls.class.getName() + " {\n  private final ProfileDao dao;\n"
                + "  public ProfileCalls(com.datastax.oss.driver.api.core.CqlSession session) {\n"
                + "    this.dao = new ProfileMapperBuilder(session).build().dao();\n  }\n"
                + "  public Object entity(Object[] v) { return ProfileRow.of(v); }\n"
                + "  public Object[] values(Object e) { return ((ProfileRow) e).values(); }\n");
        if (profile.counterTable()) {
            s.append("  public void insert(Object o) { ProfileRow e = (ProfileRow) o; dao.increment(" + getters()
                    + "); }\n");
            s.append("  public boolean insertIfNotExists(Object o) { throw new UnsupportedOperationException(); }\n");
            // @Increment returns no statement: counters are not batched through the mapper (its binding says so)
            s.append("  public Object insertStatement(Object o) { throw new UnsupportedOperationException(); }\n");
        } else {
            s.append("  public void insert(Object e) { dao.insert((ProfileRow) e); }\n");
            s.append("  public boolean insertIfNotExists(Object e) { return dao." + (Statements.updates(profile) ? "updateIf"
                    : "insertIfNotExists") + "((ProfileRow) e); }\n");
            // in a batch too, each statement carries the profile's condition
            String statement = profile.insert().condition() == null ? "insertStatement"
                    : Statements.updates(profile) ? "updateIfStatement" : "insertIfNotExistsStatement";
            s.append("  public Object insertStatement(Object e) { return dao." + statement + "((ProfileRow) e); }\n");
        }
        List<String> keys = new ArrayList<>();
        for (int c = 0; c < profile.primaryKey().size(); c++) {
            keys.add("(" + javaTypes.get(c) + ") k[" + c + "]");
        }
        s.append("  @SuppressWarnings(\"unchecked\") public Object read(Object[] k) { return dao.read("
                + String.join(", ", keys) + "); }\n");
        s.append("  @SuppressWarnings(\"unchecked\") public Object query(int q, Object[] a) {\n"
                + "    switch (q) {\n");
        int q = 0;
        for (Profile.Query query : profile.queries().values()) {
            List<String> args = new ArrayList<>();
            for (int b = 0; b < query.binds().size(); b++) {
                args.add("(" + javaTypes.get(profile.indexOf(query.binds().get(b))) + ") a[" + b + "]");
            }
            String call = "dao.q" + q + "(" + String.join(", ", args) + ")";
            s.append("      case " + q++ + ": return " + (entities(query) ? call + ".all()"
                    : "dev.cqlbench.binding.driver4.Driver4Rows.decode(" + call + ")") + ";\n");
        }
        return s.append("      default: throw new IllegalArgumentException(\"no query \" + q);\n    }\n  }\n}\n")
                .toString();
    }

    private String getters() {
        List<String> values = new ArrayList<>();
        for (int c = 0; c < fields.size(); c++) {
            String f = fields.get(c);
            String get = "e.get" + Character.toUpperCase(f.charAt(0)) + f.substring(1) + "()";
            values.add(profile.columns().get(c).key() ? get : get + ".longValue()");
        }
        return String.join(", ", values);
    }

}
