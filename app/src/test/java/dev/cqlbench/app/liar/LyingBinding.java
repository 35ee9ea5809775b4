package dev.cqlbench.app.liar;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Row;
import dev.cqlbench.binding.Binding;
import dev.cqlbench.binding.BindingConfig;
import dev.cqlbench.binding.Library;
import dev.cqlbench.binding.User;
import dev.cqlbench.binding.UserCrud;
import dev.cqlbench.session.Driver4Sessions;
import dev.cqlbench.scenario.crud.CrudSchema;
import java.util.UUID;

/**
 * A binding that lies about what it sends: it declares prepared statements and sends every statement as CQL text,
 * unprepared (a QUERY message with its values). Its users are right, so only the servers' own counters can tell;
 * {@code StrictAuditIT} runs it through the command line and expects {@code --strict-audit} to fail the run.
 */
public final class LyingBinding extends Binding {

    private final CqlSession session;

    public LyingBinding(Library library, BindingConfig config) {
        super(library);
        session = Driver4Sessions.open(config, "liar");
        offer(UserCrud.class, (UserCrud.On on) -> {
            audit.put("statements", "prepared");
            audit.put("consistency", config.consistency());
            String table = on.keyspace() + "." + CrudSchema.TABLE;
            return new UserCrud() {
                @Override
                public void insert(User user) {
                    session.execute("INSERT INTO " + table + " (id, first_name, last_name, city) VALUES (?, ?, ?, ?)",
                            user.id(), user.firstName(), user.lastName(), user.city());
                }

                @Override
                public User read(UUID id) {
                    Row row = session.execute("SELECT id, first_name, last_name, city FROM " + table
                            + " WHERE id = ?", id).one();
                    return row == null ? null
                            : new User(row.getUuid(0), row.getString(1), row.getString(2), row.getString(3));
                }

                @Override
                public void update(User user) {
                    session.execute("UPDATE " + table + " SET first_name = ?, last_name = ?, city = ? WHERE id = ?",
                            user.firstName(), user.lastName(), user.city(), user.id());
                }

                @Override
                public void delete(UUID id) {
                    session.execute("DELETE FROM " + table + " WHERE id = ?", id);
                }
            };
        });
    }

    @Override
    public String version() {
        return "0.0";
    }

    @Override
    public void close() {
        session.close();
    }
}
