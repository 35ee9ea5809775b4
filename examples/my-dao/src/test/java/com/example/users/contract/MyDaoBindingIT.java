package com.example.users.contract;

import com.datastax.oss.driver.api.core.CqlSession;
import com.example.users.bench.MyDaoBinding;
import dev.cqlbench.testkit.UserCrudContract;

/**
 * The contract every binding of cqlbench's passes, run on this one against a real Cassandra node that the testkit
 * starts in its own JVM: it opens as binding.json declares it and offers exactly what it declares; a user written
 * reads back equal, then updated, then deleted; a row written behind its back by plain CQL reads back equal; and what
 * the node counted of 40 operations of each kind agrees with what the binding's audit says it sends. In a package of
 * its own, so that the binding's package comes from the jar (with its manifest's version), as in cqlbench's workers.
 */
class MyDaoBindingIT extends UserCrudContract {

    MyDaoBindingIT() {
        super("my-dao", (config, statements) -> {
            try (CqlSession session = MyDaoBinding.session(config)) {
                statements.forEach(session::execute);
            }
        });
    }
}
