package dev.cqlbench.binding.driver4;

import com.datastax.oss.driver.api.core.CqlSession;
import dev.cqlbench.binding.Binding;
import dev.cqlbench.binding.BindingConfig;
import dev.cqlbench.testkit.UserCrudContract;
import java.util.List;

class Driver4BindingIT extends UserCrudContract {

    @Override
    protected Binding open(BindingConfig config) {
        return new Driver4BindingFactory().open("driver4", config);
    }

    @Override
    protected void execute(BindingConfig config, List<String> statements) {
        try (CqlSession session = Driver4Sessions.open(config, "schema")) {
            statements.forEach(session::execute);
        }
    }
}
