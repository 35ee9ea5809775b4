package dev.cqlbench.binding.driver3;

import com.datastax.driver.core.Cluster;
import com.datastax.driver.core.Session;
import dev.cqlbench.binding.BindingConfig;
import dev.cqlbench.testkit.UserCrudContract;
import java.util.List;
import org.junit.jupiter.api.Nested;

class Driver3BindingIT {

    static void execute(BindingConfig config, List<String> statements) {
        try (Cluster cluster = Driver3Clusters.build(config); Session session = cluster.connect()) {
            statements.forEach(session::execute);
        }
    }

    @Nested
    class QueryBuilder extends UserCrudContract {
        QueryBuilder() {
            super("driver3", Driver3BindingIT::execute);
        }
    }

    @Nested
    class Prepared extends UserCrudContract {
        Prepared() {
            super("driver3-prepared", Driver3BindingIT::execute);
        }
    }
}
