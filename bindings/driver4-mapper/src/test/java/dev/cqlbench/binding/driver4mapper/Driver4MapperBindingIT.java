package dev.cqlbench.binding.driver4mapper;

import com.datastax.oss.driver.api.core.CqlSession;
import dev.cqlbench.binding.Binding;
import dev.cqlbench.binding.BindingConfig;
import dev.cqlbench.binding.driver4.Driver4Sessions;
import dev.cqlbench.testkit.UserCrudContract;
import java.util.List;

class Driver4MapperBindingIT extends UserCrudContract {

    @Override
    protected Binding open(BindingConfig config) {
        return new Driver4MapperBindingFactory().open("driver4-mapper", config);
    }

    @Override
    protected void execute(BindingConfig config, List<String> statements) {
        try (CqlSession session = Driver4Sessions.open(config, "schema")) {
            statements.forEach(session::execute);
        }
    }
}
