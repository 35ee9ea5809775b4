package dev.cqlbench.binding.driver4mapper;

import dev.cqlbench.session.Driver4Sessions;
import dev.cqlbench.testkit.UserCrudContract;

class Driver4MapperBindingIT extends UserCrudContract {

    Driver4MapperBindingIT() {
        super("driver4-mapper", Driver4Sessions::execute);
    }
}
