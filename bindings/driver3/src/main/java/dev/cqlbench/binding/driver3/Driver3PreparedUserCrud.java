package dev.cqlbench.binding.driver3;

import com.datastax.driver.core.PreparedStatement;
import com.datastax.driver.core.Session;
import dev.cqlbench.binding.AsyncUserCrud;
import dev.cqlbench.binding.User;
import dev.cqlbench.binding.UserCrud;

/** The same four statements as driver4, prepared once and bound per operation. */
final class Driver3PreparedUserCrud {

    private Driver3PreparedUserCrud() {}

    static AsyncUserCrud open(Session session, String keyspace) {
        User.Statements.Prepared<PreparedStatement> cql = User.Statements.on(keyspace).prepare(session::prepare);
        return AsyncUserCrud.of(UserCrud.of(
                        user -> session.execute(cql.insert().bind(User.Statements.insertValues(user))),
                        id -> Driver3QueryBuilderUserCrud.toUser(session.execute(cql.select().bind(id)).one()),
                        user -> session.execute(cql.update().bind(User.Statements.updateValues(user))),
                        id -> session.execute(cql.delete().bind(id))),
                user -> Futures3.toStage(session.executeAsync(cql.insert().bind(User.Statements.insertValues(user)))),
                id -> Futures3.toStage(session.executeAsync(cql.select().bind(id)))
                        .thenApply(rs -> Driver3QueryBuilderUserCrud.toUser(rs.one())),
                user -> Futures3.toStage(session.executeAsync(cql.update().bind(User.Statements.updateValues(user)))),
                id -> Futures3.toStage(session.executeAsync(cql.delete().bind(id))));
    }
}
