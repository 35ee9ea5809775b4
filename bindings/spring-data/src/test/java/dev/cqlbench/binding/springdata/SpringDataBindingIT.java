package dev.cqlbench.binding.springdata;

import com.datastax.oss.driver.api.core.CqlSession;
import dev.cqlbench.binding.BindingConfig;
import dev.cqlbench.session.Driver4Sessions;
import dev.cqlbench.testkit.UserCrudContract;
import java.util.List;
import org.junit.jupiter.api.Nested;

class SpringDataBindingIT {

    static void execute(BindingConfig config, List<String> statements) {
        try (CqlSession session = Driver4Sessions.open(config, "schema")) {
            statements.forEach(session::execute);
        }
    }

    @Nested
    class Template extends UserCrudContract {
        Template() {
            super("spring-data", SpringDataBindingIT::execute);
        }
    }

    @Nested
    class Repository extends UserCrudContract {
        Repository() {
            super("spring-data-repository", SpringDataBindingIT::execute);
        }
    }
}
