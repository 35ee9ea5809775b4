package dev.cqlbench.binding.springdata;

import dev.cqlbench.session.Driver4Sessions;
import dev.cqlbench.testkit.UserCrudContract;

class SpringDataRepositoryBindingIT extends UserCrudContract {

    SpringDataRepositoryBindingIT() {
        super("spring-data-repository", Driver4Sessions::execute);
    }
}
