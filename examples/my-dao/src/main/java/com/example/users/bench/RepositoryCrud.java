package com.example.users.bench;

import com.example.users.UserRepository;
import dev.cqlbench.binding.User;
import dev.cqlbench.binding.UserCrud;
import java.util.UUID;

/** The crud scenario's four operations as the application makes them: through the repository, with its records. */
final class RepositoryCrud implements UserCrud {

    private final UserRepository repository;

    RepositoryCrud(UserRepository repository) {
        this.repository = repository;
    }

    @Override
    public void insert(User user) {
        repository.save(toApplication(user));
    }

    @Override
    public User read(UUID id) {
        return repository.findById(id).map(u -> new User(u.id(), u.firstName(), u.lastName(), u.city()))
                .orElse(null);
    }

    @Override
    public void update(User user) {
        repository.update(toApplication(user));
    }

    @Override
    public void delete(UUID id) {
        repository.deleteById(id);
    }

    private static com.example.users.User toApplication(User user) {
        return new com.example.users.User(user.id(), user.firstName(), user.lastName(), user.city());
    }
}
