package dev.cqlbench.binding.driver4;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import dev.cqlbench.binding.AsyncUserCrud;
import dev.cqlbench.binding.User;
import dev.cqlbench.binding.UserCrud;

/** Study 01's four statements, prepared once, bound per operation. */
final class Driver4UserCrud {

    /** How many statements {@link #open} prepares. */
    static final int PREPARED = 4;

    private Driver4UserCrud() {}

    static AsyncUserCrud open(CqlSession session, String keyspace) {
        User.Statements.Prepared<PreparedStatement> cql = User.Statements.on(keyspace).prepare(session::prepare);
        return AsyncUserCrud.of(UserCrud.of(
                        user -> session.execute(cql.insert().bind(User.Statements.insertValues(user))),
                        id -> toUser(session.execute(cql.select().bind(id)).one()),
                        user -> session.execute(cql.update().bind(User.Statements.updateValues(user))),
                        id -> session.execute(cql.delete().bind(id))),
                user -> session.executeAsync(cql.insert().bind(User.Statements.insertValues(user))),
                id -> session.executeAsync(cql.select().bind(id)).thenApply(rows -> toUser(rows.one())),
                user -> session.executeAsync(cql.update().bind(User.Statements.updateValues(user))),
                id -> session.executeAsync(cql.delete().bind(id)));
    }

    private static User toUser(Row row) {
        return row == null ? null : new User(row.getUuid(0), row.getString(1), row.getString(2), row.getString(3));
    }
}
