package com.example.users;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import java.util.Optional;
import java.util.UUID;

/**
 * The users of table {@code user}: the repository class the application calls. Its statements are prepared once;
 * a read maps the row with {@link UserRowMapper}.
 */
public final class UserRepository {

    /** The table it serves, as {@code CREATE TABLE} would name its columns. */
    public static final String TABLE = "user";
    public static final String COLUMNS = "id uuid, first_name text, last_name text, city text";

    private final CqlSession session;
    private final UserRowMapper mapper = new UserRowMapper();
    private final PreparedStatement insert;
    private final PreparedStatement findById;
    private final PreparedStatement update;
    private final PreparedStatement deleteById;

    public UserRepository(CqlSession session, String keyspace) {
        this.session = session;
        String table = keyspace + "." + TABLE;
        insert = session.prepare("INSERT INTO " + table + " (id, first_name, last_name, city) VALUES (?, ?, ?, ?)");
        findById = session.prepare("SELECT id, first_name, last_name, city FROM " + table + " WHERE id = ?");
        update = session.prepare("UPDATE " + table + " SET first_name = ?, last_name = ?, city = ? WHERE id = ?");
        deleteById = session.prepare("DELETE FROM " + table + " WHERE id = ?");
    }

    /** How many statements it prepared. */
    public int preparedStatements() {
        return 4;
    }

    public void save(User user) {
        session.execute(insert.bind(user.id(), user.firstName(), user.lastName(), user.city()));
    }

    public Optional<User> findById(UUID id) {
        Row row = session.execute(findById.bind(id)).one();
        return row == null ? Optional.empty() : Optional.of(mapper.map(row));
    }

    public void update(User user) {
        session.execute(update.bind(user.firstName(), user.lastName(), user.city(), user.id()));
    }

    public void deleteById(UUID id) {
        session.execute(deleteById.bind(id));
    }
}
