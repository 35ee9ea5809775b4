package dev.cqlbench.binding.driver3mapper;

import dev.cqlbench.binding.driver3.Driver3Clusters;
import dev.cqlbench.testkit.UserCrudContract;

class Driver3MapperBindingIT extends UserCrudContract {

    Driver3MapperBindingIT() {
        super("driver3-mapper", Driver3Clusters::execute);
    }
}
