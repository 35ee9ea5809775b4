package dev.cqlbench.binding;

import java.util.UUID;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;

/** The crud operations through a library's asynchronous API; the runner bounds how many are in flight. */
public interface AsyncUserCrud extends UserCrud {
    CompletionStage<?> insertAsync(User user);

    /** Completes with the whole row, or null when no row exists. */
    CompletionStage<User> readAsync(UUID id);

    CompletionStage<?> updateAsync(User user);

    CompletionStage<?> deleteAsync(UUID id);

    /**
     * The synchronous operations of {@code sync} (e.g. {@link UserCrud#of}) with four asynchronous steps, each the
     * library's own asynchronous call: each operation runs its step and nothing else, and {@code readAsync}'s stage
     * completes with null when no row exists.
     */
    static AsyncUserCrud of(UserCrud sync, Function<User, ? extends CompletionStage<?>> insertAsync,
                            Function<UUID, ? extends CompletionStage<User>> readAsync,
                            Function<User, ? extends CompletionStage<?>> updateAsync,
                            Function<UUID, ? extends CompletionStage<?>> deleteAsync) {
        return new AsyncUserCrudSteps(UserCrudSteps.of(sync), insertAsync, readAsync, updateAsync, deleteAsync);
    }
}
