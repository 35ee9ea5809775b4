package dev.cqlbench.binding.springdata;

import dev.cqlbench.session.Driver4Sessions;
import dev.cqlbench.testkit.UserCrudContract;

class SpringDataBindingIT extends UserCrudContract {

    SpringDataBindingIT() {
        super("spring-data", Driver4Sessions::execute);
    }
}
