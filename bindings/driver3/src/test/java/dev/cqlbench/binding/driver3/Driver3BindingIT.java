package dev.cqlbench.binding.driver3;

import com.datastax.driver.core.Cluster;
import com.datastax.driver.core.Session;
import dev.cqlbench.binding.Binding;
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
        @Override
        protected Binding open(BindingConfig config) {
            return new Driver3BindingFactory().open(Driver3Binding.QUERY_BUILDER, config);
        }

        @Override
        protected void execute(BindingConfig config, List<String> statements) {
            Driver3BindingIT.execute(config, statements);
        }
    }

    @Nested
    class Prepared extends UserCrudContract {
        @Override
        protected Binding open(BindingConfig config) {
            return new Driver3BindingFactory().open(Driver3Binding.PREPARED, config);
        }

        @Override
        protected void execute(BindingConfig config, List<String> statements) {
            Driver3BindingIT.execute(config, statements);
        }
    }
}
