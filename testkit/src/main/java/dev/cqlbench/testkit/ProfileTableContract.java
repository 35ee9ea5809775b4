package dev.cqlbench.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.cqlbench.binding.BindingConfig;
import dev.cqlbench.binding.Library;
import dev.cqlbench.profile.Features;
import dev.cqlbench.profile.Profile;
import dev.cqlbench.profile.ProfileTable;
import dev.cqlbench.profile.Rows;
import dev.cqlbench.scenario.profile.ProfileComparison;
import dev.cqlbench.scenario.profile.ProfileOptions;
import dev.cqlbench.server.cassandra.EmbeddedCassandra;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The contract every {@link ProfileTable} binding passes against a real embedded node: a user's table through the
 * library as the profile scenario ({@code run profile}) drives it, judged by the scenario's own checks — what it
 * refuses by {@link ProfileOptions#refusal}, what it reads by {@link ProfileComparison}. A library declares what of a
 * table it cannot express ({@link Library#limits}, named as {@link Features} names a profile's features); the
 * contract holds it to exactly that:
 * <ul>
 *   <li><b>the type matrix</b>: a table of every CQL type (scalars, collections frozen and not, user-defined types
 *       frozen and not and in a collection, a tuple, a vector), less the columns whose types the library declares
 *       it cannot express, written row by row and read back equal, by primary key and by a query of whole rows; the
 *       matrix's other kinds of query (some columns, an UPDATE, an INSERT, a DELETE) do what they say unless
 *       declared. A type the library drops or mangles without declaring it fails here, naming the column;</li>
 *   <li><b>batches</b>: an insert of several rows over two partitions, in a LOGGED and in an UNLOGGED batch, writes
 *       them all;</li>
 *   <li><b>conditions</b>: with {@code IF NOT EXISTS}, and with a condition on columns (an {@code UPDATE … IF}), a
 *       write the condition does not let through is refused and leaves the row as it was;</li>
 *   <li><b>counters</b>: an insert adds to the counts, one row at a time and in COUNTER batches;</li>
 *   <li><b>declared limits</b>: each is a feature some table of the contract asks for, and the scenario refuses
 *       that table with the library's reason, from the declaration alone, before anything runs.</li>
 * </ul>
 * What the library declares is not run (its test is skipped, saying why); everything else is, and must work. A
 * binding module's integration test extends this and names the library; each library has tables of its own
 * ({@code <library>_<table>} in {@value #KEYSPACE}), made before its binding opens, with a few rows each: the
 * contract adds seconds, not minutes, to its module's test JVM (the node is the one that JVM starts anyway).
 */
public abstract class ProfileTableContract extends ProfileContract {

    protected static final String KEYSPACE = "profile_contract";
    /** The rows' seed: the same rows every run, and the same for every library (each profile's own: see rows). */
    private static final long SEED = 0x636F6E7472616374L;

    private ContractTables tables;

    /**
     * @param library the declared library under test, e.g. {@code driver4-mapper}
     * @param cql     how its module runs plain CQL (the contract's tables, made before the binding opens)
     */
    protected ProfileTableContract(String library, UserCrudContract.Cql cql) {
        super(library, cql);
    }

    /**
     * The library's tables that it can run, made in one go (each definition as the profile scenario applies it), then
     * its binding opened: a mapper reads a table's definition when it opens it.
     */
    @BeforeAll
    void createTablesThenOpenBinding(EmbeddedCassandra node) throws Exception {
        declared = declared();
        tables = new ContractTables(library, declared, KEYSPACE);
        BindingConfig config = UserCrudContract.config(node);
        List<String> statements = new ArrayList<>(List.of(TestNode.createKeyspace(KEYSPACE)));
        Set<String> made = new TreeSet<>();
        for (Profile profile : tables.run()) {
            if (ProfileOptions.refusal(declared, profile) != null || !made.add(profile.table())) {
                continue;
            }
            for (Profile.UserType type : profile.types()) {
                statements.add(type.definition().cql(KEYSPACE).replaceFirst("(?i)^CREATE TYPE ",
                        "CREATE TYPE IF NOT EXISTS "));
            }
            statements.add(profile.tableDefinition().cql(KEYSPACE));
        }
        makeTablesThenOpen(config, statements);
    }

    /**
     * The matrix less what the library declares: four rows written one insert each, each read back by key and by the
     * query of whole rows, both compared column by column with what was written; then, unless declared, a query of
     * some columns, an UPDATE of one column, an INSERT of a whole row and a DELETE, each seen by a read after it.
     */
    @Test
    void everyTypeItDoesNotDeclareReadsBackEqualByKeyAndByQuery() throws Exception {
        Profile full = tables.fullMatrix();
        Profile matrix = tables.matrix();
        List<String> dropped = new ArrayList<>(full.columns().stream().map(Profile.Column::name).toList());
        dropped.removeAll(matrix.columns().stream().map(Profile.Column::name).toList());
        // what is left out is what the library declares, and the scenario refuses the whole matrix for it, naming
        // each left-out column's type: the rest it runs
        assertThat(ProfileOptions.refusal(declared, matrix)).as("the matrix less what " + library + " declares")
                .isNull();
        for (String column : dropped) {
            assertThat(ProfileOptions.refusal(declared, full)).as(column + " left out").containsAnyOf(
                    tables.typeFeatures(full, column).stream().filter(declared.limits()::containsKey)
                            .map(Features::describe).toArray(String[]::new));
        }
        assertThat(matrix.columns()).as("the matrix's columns")
                .hasSizeGreaterThan(ContractTables.MATRIX_KEY.size());

        ProfileTable table = binding.open(new ProfileTable.On(matrix, KEYSPACE));
        Rows rows = rows(matrix);
        List<Object[]> written = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            List<Object[]> insert = rows.insert(Rows.mix(SEED, i));
            assertThat(insert).as("one row per insert").hasSize(1);
            table.write(table.toWrite(insert));
            written.add(insert.get(0));
        }
        for (Object[] row : written) {
            readsBack(table, matrix, row);
            List<Map<String, Object>> found = query(table, matrix, "row", row);
            assertThat(found).as("SELECT * of one row's key, through " + library).hasSize(1);
            assertThat(ProfileComparison.differing(matrix, row, found.get(0), true))
                    .as(differences(matrix, row, found.get(0))).isEmpty();
            judged(matrix, "row", found, List.<Object[]>of(row));
        }
        Map<String, Profile.Query> queries = matrix.queries();
        if (queries.containsKey("some")) {
            List<Map<String, Object>> found = query(table, matrix, "some", written.get(0));
            assertThat(found).as("a query of some columns").hasSize(1);
            judged(matrix, "some", found, List.<Object[]>of(written.get(0)));
        }
        if (queries.containsKey("touch")) {
            Object[] touched = written.get(1).clone();
            int column = matrix.indexOf(ContractTables.TOUCHED);
            touched[column] = written.get(2)[column];
            query(table, matrix, "touch", touched);
            readsBack(table, matrix, touched);
        }
        if (queries.containsKey("put")) {
            Object[] put = rows.insert(Rows.mix(SEED, 4)).get(0);
            assertThat(table.read(rows.primaryKey(put))).as("a row not written yet").isNull();
            query(table, matrix, "put", put);
            readsBack(table, matrix, put);
        }
        if (queries.containsKey("drop")) {
            Object[] gone = written.get(3);
            query(table, matrix, "drop", gone);
            assertThat(table.read(rows.primaryKey(gone))).as("a row deleted by a query, read by key").isNull();
            assertThat(query(table, matrix, "row", gone)).as("a row deleted by a query, queried").isEmpty();
        }
    }

    /** A batch of each type (the tables exist once the binding is open: arguments come after {@code @BeforeAll}). */
    Stream<Named<Profile>> batches() {
        return Stream.of("LOGGED", "UNLOGGED").map(type -> Named.of("a " + type + " batch", tables.batch(type)));
    }

    /**
     * An insert of several rows in a batch of each type writes them all: two inserts of six rows over two partitions,
     * every row reads back by key, each partition by a query.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("batches")
    void anInsertOfSeveralRowsInABatchWritesThemAll(Profile profile) throws Exception {
        ProfileTable table = opened(profile);
        Rows rows = rows(profile);
        for (int i = 0; i < 2; i++) {
            List<Object[]> insert = rows.insert(Rows.mix(SEED, i));
            Map<Object, List<Object[]>> partitions = insert.stream().collect(Collectors.groupingBy(r -> r[0],
                    LinkedHashMap::new, Collectors.toList()));
            assertThat(partitions).as("an insert of two partitions").hasSize(2);
            assertThat(insert).as("an insert of three rows a partition").hasSize(6);
            table.write(table.toWrite(insert));
            for (Object[] row : insert) {
                readsBack(table, profile, row);
            }
            for (List<Object[]> partition : partitions.values()) {
                List<Map<String, Object>> found = query(table, profile, "partition", partition.get(0));
                assertThat(found).as("the rows of one partition of a " + profile.insert().batchType() + " batch")
                        .hasSize(partition.size());
                judged(profile, "partition", found, partition);
            }
        }
    }

    Stream<Named<Profile>> conditions() {
        return Stream.of("IF NOT EXISTS", "IF balance = NULL AND name = NULL")
                .map(condition -> Named.of(condition, tables.accounts(condition)));
    }

    /**
     * A condition refuses a write it does not let through ({@code IF NOT EXISTS}: a row that exists; an UPDATE … IF
     * balance = NULL AND name = NULL holds for a new row, not once the row has them). A new row is let through and
     * reads back; another row of its key is not: its write throws (the scenario counts it an error) and the row reads
     * back as the first wrote it.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("conditions")
    void aConditionRefusesAWriteItDoesNotLetThrough(Profile profile) throws Exception {
        ProfileTable table = opened(profile);
        Rows rows = rows(profile);
        Object[] first = rows.insert(Rows.mix(SEED, 0)).get(0);
        table.write(table.toWrite(List.<Object[]>of(first)));
        readsBack(table, profile, first);
        // another row of the same key: the condition does not hold, the write says so and changes nothing
        Object[] second = rows.insert(Rows.mix(SEED, 1)).get(0);
        System.arraycopy(first, 0, second, 0, profile.primaryKey().size());
        assertThat(Arrays.equals(first, second)).as("the second row differs from the first").isFalse();
        Object refused = table.toWrite(List.<Object[]>of(second));
        assertThatThrownBy(() -> table.write(refused)).as("a write " + profile.insert().condition()
                + " does not let through, through " + library).isInstanceOf(Exception.class);
        readsBack(table, profile, first);
    }

    Stream<Named<Profile>> counters() {
        return Stream.of(1, 3).map(perInsert -> Named.of(perInsert + " row(s) an insert", tables.counters(perInsert)));
    }

    /**
     * Counters add up, one row at a time and in COUNTER batches (several rows of a partition an insert): each insert
     * written twice, every count reads back twice the insert's (a library that set values instead of adding them
     * would read back once), by key and by a query of the page.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("counters")
    void countersAddUp(Profile profile) throws Exception {
        ProfileTable table = opened(profile);
        Rows rows = rows(profile);
        int keys = profile.primaryKey().size();
        for (int i = 0; i < 2; i++) {
            List<Object[]> insert = rows.insert(Rows.mix(SEED, i));
            assertThat(insert).as("rows per insert").hasSize((int) Features.rowsPerInsertMax(profile));
            table.write(table.toWrite(insert));
            table.write(table.toWrite(insert));
            List<Object[]> counted = new ArrayList<>();
            for (Object[] row : insert) {
                Object[] twice = row.clone();
                for (int c = keys; c < twice.length; c++) {
                    twice[c] = 2 * (Long) row[c];
                }
                counted.add(twice);
                readsBack(table, profile, twice);
            }
            List<Map<String, Object>> found = query(table, profile, "page", insert.get(0));
            assertThat(found).as("the counted rows of one page").hasSize(insert.size());
            judged(profile, "page", found, counted);
        }
    }

    /**
     * Every limit the library declares is a feature one of the contract's tables asks for (a limit no table asks for
     * would be one no one checks: a misspelt key, or one the contract must learn), and the scenario refuses each such
     * table from the declaration alone, naming the feature with the library's reason, as {@code run profile} says it.
     * ({@code IF EXISTS}, a condition the mappers' condition objects do not read, is asked here only: the contract
     * runs no table of it.)
     */
    @Test
    void everyDeclaredLimitIsRefusedWithItsReasonBeforeAnythingRuns() {
        List<Profile> asking = tables.asking();
        Set<String> asked = new TreeSet<>();
        asking.forEach(t -> asked.addAll(Features.of(t)));
        // a limit of the connection (connection:tls) is the run's to refuse, not a table's
        Map<String, String> ofTables = new java.util.TreeMap<>();
        declared.limits().forEach((feature, why) -> {
            if (Features.ofProfiles(feature)) {
                ofTables.put(feature, why);
            }
        });
        assertThat(asked).as("the features the contract's tables ask for, which must hold every limit %s declares",
                library).containsAll(ofTables.keySet());
        for (Map.Entry<String, String> limit : ofTables.entrySet()) {
            for (Profile table : asking) {
                if (Features.of(table).contains(limit.getKey())) {
                    assertThat(ProfileOptions.refusal(declared, table)).as(limit.getKey() + " of " + table.file())
                            .contains(Features.describe(limit.getKey()) + " (" + limit.getValue() + ")");
                }
            }
        }
    }

    /**
     * The rows of {@code profile}, of a seed of its own (its name): the tests that write one table in two ways (both
     * batch types, both conditions, counters with and without batches) write rows of other keys each.
     */
    private static Rows rows(Profile profile) {
        return new Rows(profile, Rows.mix(SEED, profile.file().hashCode()));
    }

    /**
     * The library's table of {@code profile}, opened; a test of a table the library declares it cannot run is skipped:
     * the scenario refuses it, and so does the test.
     */
    private ProfileTable opened(Profile profile) throws Exception {
        String refused = ProfileOptions.refusal(declared, profile);
        Assumptions.assumeTrue(refused == null, () -> library + " declares it cannot run " + profile.file() + ": "
                + refused);
        return binding.open(new ProfileTable.On(profile, KEYSPACE));
    }

    /** {@code row} read back by its primary key through the library: the scenario's check finds it as written. */
    static void readsBack(ProfileTable table, Profile profile, Object[] row) throws Exception {
        Object[] key = Arrays.copyOf(row, profile.primaryKey().size());
        Map<String, Object> got = table.read(key);
        assertThat(got).as("the row of key " + Arrays.toString(key) + ", read back").isNotNull();
        List<String> differing = ProfileComparison.differing(profile, row, got, true);
        assertThat(differing).as(differences(profile, row, got)).isEmpty();
    }

    /** Query {@code name} bound with values of {@code row} (every marker takes its column's value): its rows. */
    static List<Map<String, Object>> query(ProfileTable table, Profile profile, String name, Object[] row)
            throws Exception {
        Profile.Query query = profile.queries().get(name);
        Object[] values = query.binds().stream().map(c -> row[profile.indexOf(c)]).toArray();
        Object result = table.query(name, table.toBind(name, values));
        return query.select() ? table.rows(result) : List.of();
    }

    /**
     * A query's rows, {@code found}, judged as the scenario judges them against the rows written ({@code written},
     * kept by primary key as the scenario keeps them), counts included. The scenario passes over a row of a key it did
     * not write (another cycle's, thread's or library's); the contract's tables are the library's alone, so every row
     * found must be of a key written, or the judgement would judge nothing.
     */
    static void judged(Profile profile, String query, List<Map<String, Object>> found,
                               List<Object[]> written) {
        int keys = profile.primaryKey().size();
        Map<List<Object>, Object[]> byKey = new LinkedHashMap<>();
        written.forEach(r -> byKey.put(Arrays.asList(Arrays.copyOf(r, keys)), r));
        for (Map<String, Object> row : found) {
            List<Object> key = profile.primaryKey().stream().map(c -> row.get(c.name())).toList();
            assertThat(byKey).as("the key of a row query " + query + " found, " + row).containsKey(key);
        }
        assertThat(ProfileComparison.judge(profile, profile.queries().get(query), found, byKey, true, true))
                .as("query " + query + " found " + found).isNull();
    }

    /** What a failure says: each column that differs, its type, what was written and what was read, with classes. */
    private static String differences(Profile profile, Object[] row, Map<String, Object> got) {
        StringBuilder out = new StringBuilder("columns that differ from what was written:");
        for (String column : ProfileComparison.differing(profile, row, got, true)) {
            Profile.Column c = profile.column(column);
            out.append(String.format("%n  %s %s: wrote %s, read %s", column, c == null ? "(not a column)" : c.type(),
                    c == null ? "nothing" : shown(row[profile.indexOf(column)]),
                    got.containsKey(column) ? shown(got.get(column)) : "no value"));
        }
        return out.toString();
    }

    private static String shown(Object value) {
        return value == null ? "null" : value + " (" + value.getClass().getName() + ")";
    }
}
