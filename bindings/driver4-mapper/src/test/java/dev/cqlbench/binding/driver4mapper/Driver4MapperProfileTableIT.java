package dev.cqlbench.binding.driver4mapper;

import dev.cqlbench.session.Driver4Sessions;
import dev.cqlbench.testkit.ProfileTableContract;

class Driver4MapperProfileTableIT extends ProfileTableContract {

    Driver4MapperProfileTableIT() {
        super("driver4-mapper", Driver4Sessions::execute);
    }
}
