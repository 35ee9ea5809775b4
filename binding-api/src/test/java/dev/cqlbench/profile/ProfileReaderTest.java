package dev.cqlbench.profile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Profiles as cassandra-stress documents them, read; each kind of mistake one line with the file and the line. */
class ProfileReaderTest {

    static final String GOOD = """
            keyspace: ks
            table: t
            table_definition: |
              CREATE TABLE t (
                k text,
                c int,
                v map<text, int>,
                PRIMARY KEY (k, c)
              )
            columnspec:
              - name: k
                size: fixed(10)
              - name: c
                cluster: uniform(2..4)
            insert:
              partitions: fixed(1)
              batchtype: UNLOGGED
            queries:
              one:
                cql: SELECT * FROM t WHERE k = ? AND c = ?
                fields: samerow
            """;

    @Test
    void readsTheDocumentedKeysAndFillsTheDocumentedDefaults() {
        Profile p = ProfileReader.parse(GOOD, "good.yaml");
        assertThat(p.keyspace()).isEqualTo("ks");
        assertThat(p.columns()).extracting(Profile.Column::name).containsExactly("k", "c", "v");
        assertThat(p.columns()).extracting(Profile.Column::kind)
                .containsExactly(Profile.PARTITION_KEY, Profile.CLUSTERING, Profile.REGULAR);
        assertThat(p.column("v").population().toString()).isEqualTo("uniform(1..100B)");
        assertThat(p.column("v").size().toString()).isEqualTo("uniform(4..8)");
        assertThat(p.column("k").size().toString()).isEqualTo("fixed(10)");
        assertThat(p.column("c").cluster().min()).isEqualTo(2);
        assertThat(p.column("c").cluster().max()).isEqualTo(4);
        assertThat(p.column("v").type()).isEqualTo("map<text, int>");
        assertThat(p.insert().batchType()).isEqualTo("UNLOGGED");
        assertThat(p.insert().select().toString()).isEqualTo("fixed(1)");
        assertThat(p.queries().get("one").binds()).containsExactly("k", "c");
        assertThat(p.queries().get("one").statement().cql("other"))
                .isEqualTo("SELECT * FROM other.t WHERE k = ? AND c = ?");
        assertThat(p.tableDefinition().cql("other")).startsWith("CREATE TABLE other.t (");
        // without batchtype, cassandra-stress writes LOGGED batches; a query's fields default to multirow
        Profile defaults = ProfileReader.parse(GOOD.replace("  batchtype: UNLOGGED\n", "")
                .replace("    fields: samerow\n", ""), "good.yaml");
        assertThat(defaults.insert().batchType()).isEqualTo("LOGGED");
        assertThat(defaults.queries().get("one").fields()).isEqualTo("multirow");
    }

    @Test
    void aConditionOnColumnsMakesTheInsertAnUpdateAndACounterRowAloneNeedsNoCounterBatch() {
        Profile lwt = ProfileReader.parse(GOOD.replace("  batchtype: UNLOGGED", "  batchtype: UNLOGGED\n"
                + "  condition: if v = NULL"), "lwt.yaml");
        assertThat(lwt.insert().condition()).isEqualTo("IF v = NULL");
        assertThat(Statements.insert(lwt, "ks")).isEqualTo("UPDATE ks.t SET v = ? WHERE k = ? AND c = ? IF v = NULL");
        assertThat(Features.of(lwt)).contains("condition:if").doesNotContain("condition:if-not-exists");
        // cassandra-stress's own counter example: LOGGED, but one row per insert never batches
        Profile counter = ProfileReader.parse("""
                keyspace: ks
                table: counttest
                table_definition: |
                  CREATE TABLE counttest (name text PRIMARY KEY, count counter)
                insert:
                  batchtype: LOGGED
                queries:
                  simple1:
                    cql: select * from counttest where name = ?
                """, "counter.yaml");
        assertThat(counter.insert().batchType()).isEqualTo("COUNTER");
        assertThat(Features.of(counter)).contains("type:counter").noneMatch(f -> f.startsWith("batch:"));
    }

    @Test
    void everyProfileOfTheRepositoryReads() throws IOException {
        try (Stream<Path> files = Files.list(Path.of("../profiles"))) {
            List<Path> profiles = files.filter(f -> f.toString().endsWith(".yaml")).sorted().toList();
            assertThat(profiles).hasSizeGreaterThanOrEqualTo(5);
            for (Path file : profiles) {
                Profile p = ProfileReader.read(file, file.toString());
                assertThat(p.columns()).as(file.toString()).isNotEmpty();
                assertThat(p.queries()).as(file.toString()).isNotEmpty();
            }
        }
    }

    @Test
    void theTypeMatrixProfileHasEveryCassandra5Type() {
        Profile p = ProfileReader.read(Path.of("../profiles/all-types.yaml"), "all-types.yaml");
        java.util.Set<String> features = Features.of(p);
        for (String type : CqlType.NATIVE) {
            if (!type.equals("counter")) {
                assertThat(features).as(type).contains("type:" + type);
            }
        }
        assertThat(features).contains("type:list", "type:set", "type:map", "type:tuple", "type:udt", "type:vector",
                "type:frozen");
        Profile counters = ProfileReader.read(Path.of("../profiles/counters.yaml"), "counters.yaml");
        assertThat(Features.of(counters)).contains("type:counter", "batch:COUNTER");
    }

    /** A mistake: the profile's text, the line the message must name, and what it must say. */
    record Bad(String problem, String text, int line, String says) {
        @Override
        public String toString() {
            return problem;
        }
    }

    static Stream<Bad> mistakes() {
        return Stream.of(
                new Bad("YAML that does not parse", GOOD.replace("  - name: c\n", "  - name: [c\n"), 14,
                        "not valid YAML: expected ',' or ']'"),
                new Bad("an unknown top-level key", GOOD + "threads: 8\n", 22,
                        "unknown key 'threads'; known: specname, keyspace"),
                new Bad("no table_definition", GOOD.replaceAll("(?s)table_definition:.*?\\)\\n  \\)\\n", ""), 0,
                        "table_definition is missing"),
                new Bad("a table_definition that does not parse", GOOD.replace("    v map<text, int>,", "    v map<text,,"),
                        7, "table_definition does not parse"),
                new Bad("a table_definition of another table", GOOD.replace("CREATE TABLE t (", "CREATE TABLE u ("), 3,
                        "creates table u, but table is t"),
                new Bad("a column in columnspec the table lacks", GOOD.replace("  - name: k\n", "  - name: kk\n"), 11,
                        "columnspec names column kk, which table t lacks; its columns: k, c, v"),
                new Bad("an unknown columnspec key", GOOD.replace("    size: fixed(10)", "    sizes: fixed(10)"), 12,
                        "unknown columnspec key 'sizes'; known: name, size, population, cluster"),
                new Bad("a distribution that does not parse", GOOD.replace("fixed(10)", "fixd(10)"), 12,
                        "unknown distribution 'fixd'"),
                new Bad("a distribution whose range is empty", GOOD.replace("uniform(2..4)", "uniform(4..2)"), 14,
                        "has an empty range"),
                new Bad("cluster on a column that does not cluster", GOOD.replace("    size: fixed(10)",
                        "    cluster: fixed(10)"), 12, "k is not one"),
                new Bad("an unknown insert key", GOOD.replace("  batchtype: UNLOGGED", "  batch_type: UNLOGGED"), 17,
                        "unknown insert key 'batch_type'; known: partitions, select, batchtype, condition"),
                new Bad("an unknown batch type", GOOD.replace("  batchtype: UNLOGGED", "  batchtype: FAST"), 17,
                        "batchtype 'FAST' is not one of LOGGED, UNLOGGED, COUNTER"),
                new Bad("a query on another table", GOOD.replace("SELECT * FROM t WHERE", "SELECT * FROM u WHERE"), 19,
                        "query one: is on table u, not on the profile's table t"),
                new Bad("a bind marker no column can fill", GOOD.replace("AND c = ?", "AND c = 1 LIMIT ?"), 19,
                        "query one: has a bind marker no column can fill (after 'LIMIT')"),
                new Bad("a bind marker on a column the table lacks", GOOD.replace("AND c = ?", "AND w = ?"), 19,
                        "binds column w, which table t lacks"),
                new Bad("an unknown query key", GOOD.replace("    fields: samerow", "    consistencyLevel: ONE"), 21,
                        "unknown key 'consistencyLevel' in query one"),
                new Bad("fields neither samerow nor multirow", GOOD.replace("fields: samerow", "fields: everyrow"), 19,
                        "fields is samerow or multirow, not 'everyrow'"),
                new Bad("a condition that is not CQL's", GOOD.replace("  batchtype: UNLOGGED",
                        "  batchtype: UNLOGGED\n  condition: v = null"), 18, "is a CQL condition: IF NOT EXISTS, or IF"),
                new Bad("a condition over several partitions a batch", GOOD.replace("  partitions: fixed(1)",
                        "  partitions: fixed(2)\n  condition: IF NOT EXISTS"), 17,
                        "a condition needs one partition per insert"),
                new Bad("a type neither CQL's nor created", GOOD.replace("v map<text, int>", "v frozen<address>"), 7,
                        "has type address, which is neither a CQL type nor a type created in extra_definitions"),
                new Bad("a key given twice", GOOD + "table: t\n", 22, "'table' is given twice"),
                new Bad("token range queries", GOOD + "token_range_queries:\n  all:\n    columns: k\n", 22,
                        "token_range_queries"),
                new Bad("a COUNTER batch on a table without counters", GOOD.replace("batchtype: UNLOGGED",
                        "batchtype: COUNTER"), 17, "COUNTER batches are for counter tables"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("mistakes")
    void aMistakeIsOneLineWithTheFileAndTheLine(Bad bad) {
        assertThatThrownBy(() -> ProfileReader.parse(bad.text(), "bad.yaml"))
                .isInstanceOf(BadProfile.class)
                .hasMessageStartingWith(bad.line() > 0 ? "bad.yaml:" + bad.line() + ": " : "bad.yaml")
                .hasMessageContaining(bad.says())
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
    }

    @Test
    void aFileThatIsNotThereIsOneLine() {
        assertThatThrownBy(() -> ProfileReader.read(Path.of("no/such.yaml"), "no/such.yaml"))
                .isInstanceOf(BadProfile.class).hasMessage("no/such.yaml: no such file");
    }
}
