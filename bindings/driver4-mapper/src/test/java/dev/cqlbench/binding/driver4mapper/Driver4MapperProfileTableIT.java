package dev.cqlbench.binding.driver4mapper;

import com.datastax.oss.driver.api.core.CqlSession;
import dev.cqlbench.session.Driver4Sessions;
import dev.cqlbench.testkit.ProfileTableContract;

class Driver4MapperProfileTableIT extends ProfileTableContract {

    Driver4MapperProfileTableIT() {
        super("driver4-mapper", (config, statements) -> {
            try (CqlSession session = Driver4Sessions.open(config, "schema")) {
                statements.forEach(session::execute);
            }
        });
    }
}
