package dev.cqlbench.binding.driver3;

import dev.cqlbench.testkit.ProfileTableContract;

class Driver3PreparedProfileTableIT extends ProfileTableContract {

    Driver3PreparedProfileTableIT() {
        super("driver3-prepared", Driver3Clusters::execute);
    }
}
