package dev.cqlbench.binding.springdata;

import dev.cqlbench.testkit.ProfileTableContract;
import org.junit.jupiter.api.Nested;

class SpringDataProfileTableIT {

    @Nested
    class Template extends ProfileTableContract {
        Template() {
            super("spring-data", SpringDataBindingIT::execute);
        }
    }

    @Nested
    class Repository extends ProfileTableContract {
        Repository() {
            super("spring-data-repository", SpringDataBindingIT::execute);
        }
    }
}
