package dev.cqlbench.binding.achilles;

import com.datastax.driver.core.Cluster;
import com.datastax.driver.core.Session;
import dev.cqlbench.testkit.ProfileTableContract;

class AchillesProfileTableIT extends ProfileTableContract {

    AchillesProfileTableIT() {
        super("achilles", (config, statements) -> {
            try (Cluster cluster = AchillesClusters.build(config, "schema"); Session session = cluster.connect()) {
                statements.forEach(session::execute);
            }
        });
    }
}
