package dev.cqlbench.binding.springdata;

import dev.cqlbench.session.Driver4Sessions;
import dev.cqlbench.testkit.ProfileTableContract;

class SpringDataRepositoryProfileTableIT extends ProfileTableContract {

    SpringDataRepositoryProfileTableIT() {
        super("spring-data-repository", Driver4Sessions::execute);
    }
}
