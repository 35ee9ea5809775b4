package com.example.users.bench;

import com.example.users.UserRepository;
import dev.cqlbench.binding.User;
import dev.cqlbench.binding.UserCrud;

/**
 * The crud scenario's four operations as the application makes them: through the repository, with its records
 * ({@link UserCrud#of} takes one step per operation).
 */
final class RepositoryCrud {

    private RepositoryCrud() {}

    static UserCrud of(UserRepository repository) {
        return UserCrud.of(
                user -> repository.save(toApplication(user)),
                id -> repository.findById(id).map(RepositoryCrud::toCqlbench).orElse(null),
                user -> repository.update(toApplication(user)),
                repository::deleteById);
    }

    private static com.example.users.User toApplication(User user) {
        return new com.example.users.User(user.id(), user.firstName(), user.lastName(), user.city());
    }

    private static User toCqlbench(com.example.users.User user) {
        return new User(user.id(), user.firstName(), user.lastName(), user.city());
    }
}
