package dev.cqlbench.binding.driver4;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.AsyncResultSet;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import dev.cqlbench.binding.AsyncUserCrud;
import dev.cqlbench.binding.User;
import java.util.UUID;
import java.util.concurrent.CompletionStage;

/** Study 01's four statements, prepared once, bound per operation. */
final class Driver4UserCrud implements AsyncUserCrud {

    private final CqlSession session;
    private final PreparedStatement insert;
    private final PreparedStatement select;
    private final PreparedStatement update;
    private final PreparedStatement delete;

    Driver4UserCrud(CqlSession session, String keyspace) {
        this.session = session;
        User.Statements cql = User.Statements.on(keyspace);
        insert = session.prepare(cql.insert());
        select = session.prepare(cql.select());
        update = session.prepare(cql.update());
        delete = session.prepare(cql.delete());
    }

    int preparedCount() {
        return 4;
    }

    @Override
    public void insert(User user) {
        session.execute(insert.bind(user.id(), user.firstName(), user.lastName(), user.city()));
    }

    @Override
    public User read(UUID id) {
        return toUser(session.execute(select.bind(id)).one());
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
        return session.executeAsync(insert.bind(user.id(), user.firstName(), user.lastName(), user.city()));
    }

    @Override
    public CompletionStage<User> readAsync(UUID id) {
        return session.executeAsync(select.bind(id)).thenApply(Driver4UserCrud::firstUser);
    }

    @Override
    public CompletionStage<?> updateAsync(User user) {
        return session.executeAsync(update.bind(user.firstName(), user.lastName(), user.city(), user.id()));
    }

    @Override
    public CompletionStage<?> deleteAsync(UUID id) {
        return session.executeAsync(delete.bind(id));
    }

    private static User firstUser(AsyncResultSet rows) {
        return toUser(rows.one());
    }

    private static User toUser(Row row) {
        return row == null ? null : new User(row.getUuid(0), row.getString(1), row.getString(2), row.getString(3));
    }
}
