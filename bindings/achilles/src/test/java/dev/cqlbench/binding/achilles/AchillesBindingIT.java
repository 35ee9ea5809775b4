package dev.cqlbench.binding.achilles;

import com.datastax.driver.core.Cluster;
import com.datastax.driver.core.Session;
import dev.cqlbench.binding.Binding;
import dev.cqlbench.binding.BindingConfig;
import dev.cqlbench.testkit.UserCrudContract;
import java.util.List;

class AchillesBindingIT extends UserCrudContract {

    @Override
    protected Binding open(BindingConfig config) {
        return new AchillesBindingFactory().open(AchillesBinding.VARIANT, config);
    }

    @Override
    protected void execute(BindingConfig config, List<String> statements) {
        try (Cluster cluster = AchillesClusters.build(config, "schema"); Session session = cluster.connect()) {
            statements.forEach(session::execute);
        }
    }
}
