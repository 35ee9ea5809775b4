package dev.cqlbench.binding.springdata;

import dev.cqlbench.testkit.ProfileTableContract;

class SpringDataProfileTableIT extends ProfileTableContract {

    SpringDataProfileTableIT() {
        super("spring-data", SpringDataBindingIT::execute);
    }
}
