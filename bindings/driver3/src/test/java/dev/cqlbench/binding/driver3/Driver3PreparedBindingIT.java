package dev.cqlbench.binding.driver3;

import dev.cqlbench.testkit.UserCrudContract;

class Driver3PreparedBindingIT extends UserCrudContract {

    Driver3PreparedBindingIT() {
        super("driver3-prepared", Driver3Clusters::execute);
    }
}
