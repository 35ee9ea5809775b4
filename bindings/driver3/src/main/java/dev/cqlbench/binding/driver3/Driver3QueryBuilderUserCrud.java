package dev.cqlbench.binding.driver3;

import static com.datastax.driver.core.querybuilder.QueryBuilder.eq;
import static com.datastax.driver.core.querybuilder.QueryBuilder.set;

import com.datastax.driver.core.ResultSetFuture;
import com.datastax.driver.core.Row;
import com.datastax.driver.core.Session;
import com.datastax.driver.core.Statement;
import com.datastax.driver.core.querybuilder.QueryBuilder;
import dev.cqlbench.binding.AsyncUserCrud;
import dev.cqlbench.binding.User;
import java.util.UUID;
import java.util.concurrent.CompletionStage;

/** Study 01's "Datastax Native" code: a QueryBuilder statement built for every operation. */
final class Driver3QueryBuilderUserCrud implements AsyncUserCrud {

    private final Session session;
    private final String keyspace;

    Driver3QueryBuilderUserCrud(Session session, String keyspace) {
        this.session = session;
        this.keyspace = keyspace;
    }

    private Statement insertStatement(User user) {
        return QueryBuilder.insertInto(keyspace, "user").value("id", user.id()).value("first_name", user.firstName())
                .value("last_name", user.lastName()).value("city", user.city());
    }

    private Statement selectStatement(UUID id) {
        return QueryBuilder.select("id", "first_name", "last_name", "city").from(keyspace, "user")
                .where(eq("id", id));
    }

    private Statement updateStatement(User user) {
        return QueryBuilder.update(keyspace, "user").with(set("first_name", user.firstName()))
                .and(set("last_name", user.lastName())).and(set("city", user.city())).where(eq("id", user.id()));
    }

    private Statement deleteStatement(UUID id) {
        return QueryBuilder.delete().from(keyspace, "user").where(eq("id", id));
    }

    @Override
    public void insert(User user) {
        session.execute(insertStatement(user));
    }

    @Override
    public User read(UUID id) {
        return toUser(session.execute(selectStatement(id)).one());
    }

    @Override
    public void update(User user) {
        session.execute(updateStatement(user));
    }

    @Override
    public void delete(UUID id) {
        session.execute(deleteStatement(id));
    }

    @Override
    public CompletionStage<?> insertAsync(User user) {
        return Futures3.toStage(session.executeAsync(insertStatement(user)));
    }

    @Override
    public CompletionStage<User> readAsync(UUID id) {
        ResultSetFuture future = session.executeAsync(selectStatement(id));
        return Futures3.toStage(future).thenApply(rs -> toUser(rs.one()));
    }

    @Override
    public CompletionStage<?> updateAsync(User user) {
        return Futures3.toStage(session.executeAsync(updateStatement(user)));
    }

    @Override
    public CompletionStage<?> deleteAsync(UUID id) {
        return Futures3.toStage(session.executeAsync(deleteStatement(id)));
    }

    static User toUser(Row row) {
        return row == null ? null
                : new User(row.getUUID(0), row.getString(1), row.getString(2), row.getString(3));
    }
}
