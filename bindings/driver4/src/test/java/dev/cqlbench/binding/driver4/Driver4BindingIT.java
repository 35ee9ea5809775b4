package dev.cqlbench.binding.driver4;

import dev.cqlbench.session.Driver4Sessions;
import dev.cqlbench.testkit.UserCrudContract;

class Driver4BindingIT extends UserCrudContract {

    Driver4BindingIT() {
        super("driver4", Driver4Sessions::execute);
    }
}
