package dev.cqlbench.binding.springdata;

import dev.cqlbench.session.Driver4Sessions;
import dev.cqlbench.testkit.ProfileTableContract;

class SpringDataProfileTableIT extends ProfileTableContract {

    SpringDataProfileTableIT() {
        super("spring-data", Driver4Sessions::execute);
    }
}
