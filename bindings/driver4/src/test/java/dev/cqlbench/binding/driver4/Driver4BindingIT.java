package dev.cqlbench.binding.driver4;

import dev.cqlbench.session.Driver4Sessions;
import com.datastax.oss.driver.api.core.CqlSession;
import dev.cqlbench.binding.BindingConfig;
import dev.cqlbench.testkit.UserCrudContract;
import java.util.List;

class Driver4BindingIT extends UserCrudContract {

    Driver4BindingIT() {
        super("driver4", Driver4BindingIT::execute);
    }

    static void execute(BindingConfig config, List<String> statements) {
        try (CqlSession session = Driver4Sessions.open(config, "schema")) {
            statements.forEach(session::execute);
        }
    }
}
