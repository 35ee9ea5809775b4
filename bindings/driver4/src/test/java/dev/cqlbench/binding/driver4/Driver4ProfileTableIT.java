package dev.cqlbench.binding.driver4;

import dev.cqlbench.session.Driver4Sessions;
import dev.cqlbench.testkit.ProfileTableContract;

class Driver4ProfileTableIT extends ProfileTableContract {

    Driver4ProfileTableIT() {
        super("driver4", Driver4Sessions::execute);
    }
}
