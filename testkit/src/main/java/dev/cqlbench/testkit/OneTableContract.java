package dev.cqlbench.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.cqlbench.binding.BindingConfig;
import dev.cqlbench.profile.Profile;
import dev.cqlbench.profile.ProfileReader;
import dev.cqlbench.profile.ProfileTable;
import dev.cqlbench.profile.Rows;
import dev.cqlbench.server.cassandra.EmbeddedCassandra;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The contract of a {@link ProfileTable} that serves one table of its application, not any table a profile names (a
 * team's repository: {@code examples/my-dao}'s serves table {@code user}), against a real embedded node. Its profile
 * (the team's table and queries, as {@code run profile} takes them) is written and read back equal by primary key and
 * through each of its queries, judged by the scenario's own comparison; and a table it has no code for, the contract's
 * type matrix, is refused when opened, before anything is written, rather than run wrongly. A library that serves any
 * table passes {@link ProfileTableContract} instead.
 */
public abstract class OneTableContract extends ProfileContract {

    protected static final String KEYSPACE = "one_table_contract";
    private static final long SEED = 0x6F6E652D7461626CL;

    private final String profileText;
    private Profile profile;

    /**
     * @param library the declared library under test
     * @param cql     how its module runs plain CQL (the table, made before the binding opens)
     * @param profile the text of the profile of the table it serves (a cassandra-stress profile, as
     *                {@code run profile --profile} reads it)
     */
    protected OneTableContract(String library, UserCrudContract.Cql cql, String profile) {
        super(library, cql);
        this.profileText = profile;
    }

    @BeforeAll
    void createTableThenOpenBinding(EmbeddedCassandra node) throws Exception {
        declared = declared();
        profile = ProfileReader.parse(profileText, library + "'s profile");
        BindingConfig config = UserCrudContract.config(node);
        List<String> statements = new ArrayList<>(List.of(TestNode.createKeyspace(KEYSPACE)));
        for (Profile.UserType type : profile.types()) {
            statements.add(type.definition().cql(KEYSPACE));
        }
        statements.add(profile.tableDefinition().cql(KEYSPACE));
        makeTablesThenOpen(config, statements);
    }

    /**
     * Four inserts of the profile's rows, each row read back by key, then found by every query of the profile that
     * reads (bound with that row's values) as the scenario judges a query's rows.
     */
    @Test
    void itsTableReadsBackEqualByKeyAndThroughEachQuery() throws Exception {
        ProfileTable table = binding.open(new ProfileTable.On(profile, KEYSPACE));
        Rows rows = new Rows(profile, SEED);
        List<Object[]> written = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            List<Object[]> insert = rows.insert(Rows.mix(SEED, i));
            table.write(table.toWrite(insert));
            written.addAll(insert);
        }
        int queried = 0;
        for (Object[] row : written) {
            ProfileTableContract.readsBack(table, profile, row);
            for (Map.Entry<String, Profile.Query> query : profile.queries().entrySet()) {
                if (query.getValue().select()) {
                    List<Map<String, Object>> found = ProfileTableContract.query(table, profile, query.getKey(), row);
                    assertThat(found).as("query " + query.getKey() + " of a row written").isNotEmpty();
                    ProfileTableContract.judged(profile, query.getKey(), found, written);
                    queried++;
                }
            }
        }
        assertThat(queried).as("queries of the profile that read, run").isPositive();
    }

    /** A table it has no code for (every CQL type, five kinds of query) is refused when opened, not run wrongly. */
    @Test
    void aTableItHasNoCodeForIsRefusedWhenOpened() {
        Profile other = new ContractTables(library, declared, KEYSPACE).fullMatrix();
        assertThatThrownBy(() -> binding.open(new ProfileTable.On(other, KEYSPACE)))
                .as(library + " opening " + other.table()).isInstanceOf(Exception.class)
                .hasMessageContaining(other.table());
    }
}
