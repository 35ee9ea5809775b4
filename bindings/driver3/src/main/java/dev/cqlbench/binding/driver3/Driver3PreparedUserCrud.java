package dev.cqlbench.binding.driver3;

import com.datastax.driver.core.PreparedStatement;
import com.datastax.driver.core.Session;
import dev.cqlbench.binding.AsyncUserCrud;
import dev.cqlbench.binding.User;
import java.util.UUID;
import java.util.concurrent.CompletionStage;

/** The same four statements as driver4, prepared once and bound per operation. */
final class Driver3PreparedUserCrud implements AsyncUserCrud {

    private final Session session;
    private final PreparedStatement insert;
    private final PreparedStatement select;
    private final PreparedStatement update;
    private final PreparedStatement delete;

    Driver3PreparedUserCrud(Session session, String keyspace) {
        this.session = session;
        User.Statements cql = User.Statements.on(keyspace);
        insert = session.prepare(cql.insert());
        select = session.prepare(cql.select());
        update = session.prepare(cql.update());
        delete = session.prepare(cql.delete());
    }

    @Override
    public void insert(User user) {
        session.execute(insert.bind(user.id(), user.firstName(), user.lastName(), user.city()));
    }

    @Override
    public User read(UUID id) {
        return Driver3QueryBuilderUserCrud.toUser(session.execute(select.bind(id)).one());
    }

    @Override
    public void update(User user) {
        session.execute(update.bind(user.firstName(), user.lastName(), user.city(), user.id()));
    }

    @Override
    public void delete(UUID id) {
        session.execute(delete.bind(id));
    }

    @Override
    public CompletionStage<?> insertAsync(User user) {
        return Futures3.toStage(session.executeAsync(insert.bind(user.id(), user.firstName(), user.lastName(),
                user.city())));
    }

    @Override
    public CompletionStage<User> readAsync(UUID id) {
        return Futures3.toStage(session.executeAsync(select.bind(id)))
                .thenApply(rs -> Driver3QueryBuilderUserCrud.toUser(rs.one()));
    }

    @Override
    public CompletionStage<?> updateAsync(User user) {
        return Futures3.toStage(session.executeAsync(update.bind(user.firstName(), user.lastName(), user.city(),
                user.id())));
    }

    @Override
    public CompletionStage<?> deleteAsync(UUID id) {
        return Futures3.toStage(session.executeAsync(delete.bind(id)));
    }
}
