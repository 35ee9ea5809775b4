package dev.cqlbench.binding.driver3mapper;

import com.datastax.driver.core.Cluster;
import com.datastax.driver.core.Session;
import dev.cqlbench.binding.driver3.Driver3Clusters;
import dev.cqlbench.testkit.UserCrudContract;

class Driver3MapperBindingIT extends UserCrudContract {

    Driver3MapperBindingIT() {
        super("driver3-mapper", (config, statements) -> {
            try (Cluster cluster = Driver3Clusters.build(config); Session session = cluster.connect()) {
                statements.forEach(session::execute);
            }
        });
    }
}
