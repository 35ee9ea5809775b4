package dev.cqlbench.binding.kundera;

import com.datastax.driver.core.Cluster;
import com.datastax.driver.core.Session;
import dev.cqlbench.binding.BindingConfig;
import dev.cqlbench.testkit.UserCrudContract;
import java.util.List;

class KunderaBindingIT extends UserCrudContract {

    KunderaBindingIT() {
        super("kundera", KunderaBindingIT::execute);
    }

    /** Schema through the driver 3 already on Kundera's classpath (driver 4 would bring a clashing netty). */
    static void execute(BindingConfig config, List<String> statements) {
        String contactPoint = config.contactPoints().get(0);
        int colon = contactPoint.lastIndexOf(':');
        try (Cluster cluster = Cluster.builder().addContactPoint(contactPoint.substring(0, colon))
                .withPort(Integer.parseInt(contactPoint.substring(colon + 1))).withoutJMXReporting().build();
             Session session = cluster.connect()) {
            statements.forEach(session::execute);
        }
    }
}
