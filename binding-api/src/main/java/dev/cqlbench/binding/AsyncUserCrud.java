package dev.cqlbench.binding;

import java.util.UUID;
import java.util.concurrent.CompletionStage;

/** The crud operations through a library's asynchronous API; the runner bounds how many are in flight. */
public interface AsyncUserCrud extends UserCrud {
    CompletionStage<?> insertAsync(User user);

    /** Completes with the whole row, or null when no row exists. */
    CompletionStage<User> readAsync(UUID id);

    CompletionStage<?> updateAsync(User user);

    CompletionStage<?> deleteAsync(UUID id);
}
