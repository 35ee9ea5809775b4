package dev.cqlbench.binding.driver3mapper;

import com.datastax.driver.core.Cluster;
import com.datastax.driver.core.Session;
import dev.cqlbench.binding.driver3.Driver3Clusters;
import dev.cqlbench.testkit.ProfileTableContract;

class Driver3MapperProfileTableIT extends ProfileTableContract {

    Driver3MapperProfileTableIT() {
        super("driver3-mapper", (config, statements) -> {
            try (Cluster cluster = Driver3Clusters.build(config); Session session = cluster.connect()) {
                statements.forEach(session::execute);
            }
        });
    }
}
