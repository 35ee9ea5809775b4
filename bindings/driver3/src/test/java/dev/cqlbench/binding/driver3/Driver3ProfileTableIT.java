package dev.cqlbench.binding.driver3;

import dev.cqlbench.testkit.ProfileTableContract;
import org.junit.jupiter.api.Nested;

class Driver3ProfileTableIT {

    @Nested
    class QueryBuilder extends ProfileTableContract {
        QueryBuilder() {
            super("driver3", Driver3BindingIT::execute);
        }
    }

    @Nested
    class Prepared extends ProfileTableContract {
        Prepared() {
            super("driver3-prepared", Driver3BindingIT::execute);
        }
    }
}
