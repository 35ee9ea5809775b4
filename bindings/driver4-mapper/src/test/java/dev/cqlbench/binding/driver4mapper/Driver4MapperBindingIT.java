package dev.cqlbench.binding.driver4mapper;

import com.datastax.oss.driver.api.core.CqlSession;
import dev.cqlbench.session.Driver4Sessions;
import dev.cqlbench.testkit.UserCrudContract;

class Driver4MapperBindingIT extends UserCrudContract {

    Driver4MapperBindingIT() {
        super("driver4-mapper", (config, statements) -> {
            try (CqlSession session = Driver4Sessions.open(config, "schema")) {
                statements.forEach(session::execute);
            }
        });
    }
}
