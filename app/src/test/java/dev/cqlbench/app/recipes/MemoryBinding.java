package dev.cqlbench.app.recipes;

import dev.cqlbench.binding.Binding;
import dev.cqlbench.binding.BindingConfig;
import dev.cqlbench.binding.Library;
import dev.cqlbench.binding.User;
import dev.cqlbench.binding.UserCrud;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The "new library" recipe, followed: a binding class and its declaration ({@code recipes/binding.json}) are all a
 * library needs (a real one also gets a pom and a module line in the root pom). This one keeps users in memory, so
 * the test needs no library jar; {@link RecipesIT} runs it through the real orchestrator and worker.
 */
public final class MemoryBinding extends Binding {

    private final Map<UUID, User> users = new ConcurrentHashMap<>();

    public MemoryBinding(Library library, BindingConfig config) {
        super(library);
        offer(UserCrud.class, (UserCrud.On on) -> {
            audit.put("statements", "none (a map in the worker's memory)");
            audit.put("consistency", config.consistency());
            return new UserCrud() {
                @Override
                public void insert(User user) {
                    users.put(user.id(), user);
                }

                @Override
                public User read(UUID id) {
                    return users.get(id);
                }

                @Override
                public void update(User user) {
                    users.computeIfPresent(user.id(), (id, old) -> user);
                }

                @Override
                public void delete(UUID id) {
                    users.remove(id);
                }
            };
        });
    }

    @Override
    public String version() {
        return "1.0";
    }

    @Override
    public void close() {
        users.clear();
    }
}
