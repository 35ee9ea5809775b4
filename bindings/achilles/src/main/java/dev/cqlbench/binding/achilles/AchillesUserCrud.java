package dev.cqlbench.binding.achilles;

import dev.cqlbench.binding.AsyncUserCrud;
import dev.cqlbench.binding.User;
import info.archinnov.achilles.generated.manager.UserAchilles_Manager;
import java.util.UUID;
import java.util.concurrent.CompletionStage;

/**
 * Study 01's four operations through the generated {@code UserAchilles_Manager.crud()} API. Sync calls are
 * Achilles' {@code execute()} / {@code get()}, which block on its own {@code executeAsync()} / {@code getAsync()}.
 */
final class AchillesUserCrud implements AsyncUserCrud {

    private final UserAchilles_Manager manager;

    AchillesUserCrud(UserAchilles_Manager manager) {
        this.manager = manager;
    }

    @Override
    public void insert(User user) {
        manager.crud().insert(toEntity(user)).execute();
    }

    @Override
    public User read(UUID id) {
        return toUser(manager.crud().findById(id).get());
    }

    /** Achilles' UPDATE sets only the non-null fields of the entity (a null never clears a column). */
    @Override
    public void update(User user) {
        manager.crud().update(toEntity(user)).execute();
    }

    @Override
    public void delete(UUID id) {
        manager.crud().deleteById(id).execute();
    }

    @Override
    public CompletionStage<?> insertAsync(User user) {
        return manager.crud().insert(toEntity(user)).executeAsync();
    }

    @Override
    public CompletionStage<User> readAsync(UUID id) {
        return manager.crud().findById(id).getAsync().thenApply(AchillesUserCrud::toUser);
    }

    @Override
    public CompletionStage<?> updateAsync(User user) {
        return manager.crud().update(toEntity(user)).executeAsync();
    }

    @Override
    public CompletionStage<?> deleteAsync(UUID id) {
        return manager.crud().deleteById(id).executeAsync();
    }

    /**
     * Makes Achilles prepare its UPDATE now rather than on the first timed update: the statement is generated from
     * the entity's non-null fields (all three here, as in every update of the scenario), prepared and cached by query
     * string; nothing is executed.
     */
    String prepareUpdate() {
        return manager.crud().update(new UserAchilles(new UUID(0, 0), "", "", "")).getStatementAsString();
    }

    static UserAchilles toEntity(User user) {
        return new UserAchilles(user.id(), user.firstName(), user.lastName(), user.city());
    }

    static User toUser(UserAchilles entity) {
        return entity == null ? null
                : new User(entity.getId(), entity.getFirstName(), entity.getLastName(), entity.getCity());
    }
}
