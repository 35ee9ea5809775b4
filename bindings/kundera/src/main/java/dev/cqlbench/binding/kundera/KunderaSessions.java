package dev.cqlbench.binding.kundera;

import com.datastax.driver.core.Session;
import com.impetus.kundera.client.Client;
import com.impetus.kundera.client.cassandra.dsdriver.DSClient;
import com.impetus.kundera.client.cassandra.dsdriver.DSClientFactory;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.util.Map;
import javax.persistence.EntityManager;

/**
 * Reaches the DataStax driver 3 {@link Session} behind a Kundera EntityManager. Kundera exposes no accessor
 * for it ({@code DSClient.factory} is private, {@code DSClientFactory.getConnection()} package-private), so this
 * uses reflection on classpath classes (no --add-opens needed). Used to apply the request timeout and to read
 * facts for the audit, never on the operation path.
 */
final class KunderaSessions {

    private KunderaSessions() {}

    static Session session(EntityManager em) {
        @SuppressWarnings("unchecked")
        Map<String, Client> clients = (Map<String, Client>) em.getDelegate();
        for (Client client : clients.values()) {
            if (client instanceof DSClient) {
                try {
                    Field factoryField = DSClient.class.getDeclaredField("factory");
                    factoryField.setAccessible(true);
                    DSClientFactory factory = (DSClientFactory) factoryField.get(client);
                    Method getConnection = DSClientFactory.class.getDeclaredMethod("getConnection");
                    getConnection.setAccessible(true);
                    return (Session) getConnection.invoke(factory);
                } catch (ReflectiveOperationException e) {
                    throw new IllegalStateException("cannot reach the driver session behind Kundera's DSClient", e);
                }
            }
        }
        throw new IllegalStateException("no DSClient behind this EntityManager: " + clients);
    }
}
