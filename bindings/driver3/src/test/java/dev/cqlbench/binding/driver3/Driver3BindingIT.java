package dev.cqlbench.binding.driver3;

import dev.cqlbench.testkit.UserCrudContract;

class Driver3BindingIT extends UserCrudContract {

    Driver3BindingIT() {
        super("driver3", Driver3Clusters::execute);
    }
}
