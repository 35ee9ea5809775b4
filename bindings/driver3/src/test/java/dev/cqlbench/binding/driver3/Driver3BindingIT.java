package dev.cqlbench.binding.driver3;

import com.datastax.driver.core.Cluster;
import com.datastax.driver.core.Session;
import dev.cqlbench.binding.BindingConfig;
import dev.cqlbench.testkit.UserCrudContract;
import java.util.List;

/** driver3 (QueryBuilder) against the crud contract; driver3-prepared: {@link Driver3PreparedBindingIT}. */
class Driver3BindingIT extends UserCrudContract {

    Driver3BindingIT() {
        super("driver3", Driver3BindingIT::execute);
    }

    static void execute(BindingConfig config, List<String> statements) {
        try (Cluster cluster = Driver3Clusters.build(config); Session session = cluster.connect()) {
            statements.forEach(session::execute);
        }
    }
}
