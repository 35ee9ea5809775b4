package dev.cqlbench.binding.springdata;

import com.datastax.oss.driver.api.core.CqlSession;
import dev.cqlbench.binding.BindingConfig;
import dev.cqlbench.session.Driver4Sessions;
import dev.cqlbench.testkit.UserCrudContract;
import java.util.List;

/** spring-data (the template) against the crud contract; its repository: {@link SpringDataRepositoryBindingIT}. */
class SpringDataBindingIT extends UserCrudContract {

    SpringDataBindingIT() {
        super("spring-data", SpringDataBindingIT::execute);
    }

    static void execute(BindingConfig config, List<String> statements) {
        try (CqlSession session = Driver4Sessions.open(config, "schema")) {
            statements.forEach(session::execute);
        }
    }
}
