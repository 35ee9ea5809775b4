package dev.cqlbench.binding.springdata;

import dev.cqlbench.testkit.ProfileTableContract;

class SpringDataRepositoryProfileTableIT extends ProfileTableContract {

    SpringDataRepositoryProfileTableIT() {
        super("spring-data-repository", SpringDataBindingIT::execute);
    }
}
