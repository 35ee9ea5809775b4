package dev.cqlbench.binding.springdata;

import dev.cqlbench.testkit.UserCrudContract;

class SpringDataRepositoryBindingIT extends UserCrudContract {

    SpringDataRepositoryBindingIT() {
        super("spring-data-repository", SpringDataBindingIT::execute);
    }
}
