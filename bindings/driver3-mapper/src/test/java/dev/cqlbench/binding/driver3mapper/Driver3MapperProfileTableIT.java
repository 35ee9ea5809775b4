package dev.cqlbench.binding.driver3mapper;

import dev.cqlbench.binding.driver3.Driver3Clusters;
import dev.cqlbench.testkit.ProfileTableContract;

class Driver3MapperProfileTableIT extends ProfileTableContract {

    Driver3MapperProfileTableIT() {
        super("driver3-mapper", Driver3Clusters::execute);
    }
}
