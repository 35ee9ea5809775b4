package dev.cqlbench.binding.driver3;

import dev.cqlbench.testkit.ProfileTableContract;

class Driver3ProfileTableIT extends ProfileTableContract {

    Driver3ProfileTableIT() {
        super("driver3", Driver3Clusters::execute);
    }
}
