package dev.cqlbench.binding.achilles;

import dev.cqlbench.binding.AsyncUserCrud;
import dev.cqlbench.binding.User;
import dev.cqlbench.binding.UserCrud;
import info.archinnov.achilles.generated.manager.UserAchilles_Manager;
import java.util.UUID;

/**
 * Study 01's four operations through the generated {@code UserAchilles_Manager.crud()} API. Sync calls are
 * Achilles' {@code execute()} / {@code get()}, which block on its own {@code executeAsync()} / {@code getAsync()}.
 * Achilles' UPDATE sets only the non-null fields of the entity (a null never clears a column).
 */
final class AchillesUserCrud {

    private AchillesUserCrud() {}

    static AsyncUserCrud of(UserAchilles_Manager manager) {
        return AsyncUserCrud.of(UserCrud.of(
                        user -> manager.crud().insert(toEntity(user)).execute(),
                        id -> toUser(manager.crud().findById(id).get()),
                        user -> manager.crud().update(toEntity(user)).execute(),
                        id -> manager.crud().deleteById(id).execute()),
                user -> manager.crud().insert(toEntity(user)).executeAsync(),
                id -> manager.crud().findById(id).getAsync().thenApply(AchillesUserCrud::toUser),
                user -> manager.crud().update(toEntity(user)).executeAsync(),
                id -> manager.crud().deleteById(id).executeAsync());
    }

    /**
     * Makes Achilles prepare its UPDATE now rather than on the first timed update: the statement is generated from
     * the entity's non-null fields (all three here, as in every update of the scenario), prepared and cached by query
     * string; nothing is executed.
     */
    static String prepareUpdate(UserAchilles_Manager manager) {
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
