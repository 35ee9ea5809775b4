package dev.cqlbench.binding.driver3mapper;

import com.datastax.driver.core.Cluster;
import com.datastax.driver.core.Session;
import dev.cqlbench.binding.Binding;
import dev.cqlbench.binding.BindingConfig;
import dev.cqlbench.binding.driver3.Driver3Clusters;
import dev.cqlbench.testkit.UserCrudContract;
import java.util.List;

class Driver3MapperBindingIT extends UserCrudContract {

    @Override
    protected Binding open(BindingConfig config) {
        return new Driver3MapperBindingFactory().open(Driver3MapperBinding.VARIANT, config);
    }

    @Override
    protected void execute(BindingConfig config, List<String> statements) {
        try (Cluster cluster = Driver3Clusters.build(config); Session session = cluster.connect()) {
            statements.forEach(session::execute);
        }
    }
}
