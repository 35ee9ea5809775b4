package dev.cqlbench.binding;

import java.util.Objects;
import java.util.UUID;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;

/** {@link AsyncUserCrud#of}: the synchronous steps of a {@link UserCrud}, each asynchronous operation its step. */
final class AsyncUserCrudSteps extends UserCrudSteps implements AsyncUserCrud {

    private final Function<User, ? extends CompletionStage<?>> insertAsync;
    private final Function<UUID, ? extends CompletionStage<User>> readAsync;
    private final Function<User, ? extends CompletionStage<?>> updateAsync;
    private final Function<UUID, ? extends CompletionStage<?>> deleteAsync;

    AsyncUserCrudSteps(UserCrudSteps sync, Function<User, ? extends CompletionStage<?>> insertAsync,
                       Function<UUID, ? extends CompletionStage<User>> readAsync,
                       Function<User, ? extends CompletionStage<?>> updateAsync,
                       Function<UUID, ? extends CompletionStage<?>> deleteAsync) {
        super(sync.insert, sync.read, sync.update, sync.delete);
        this.insertAsync = Objects.requireNonNull(insertAsync, "insertAsync");
        this.readAsync = Objects.requireNonNull(readAsync, "readAsync");
        this.updateAsync = Objects.requireNonNull(updateAsync, "updateAsync");
        this.deleteAsync = Objects.requireNonNull(deleteAsync, "deleteAsync");
    }

    @Override
    public CompletionStage<?> insertAsync(User user) {
        return insertAsync.apply(user);
    }

    @Override
    public CompletionStage<User> readAsync(UUID id) {
        return readAsync.apply(id);
    }

    @Override
    public CompletionStage<?> updateAsync(User user) {
        return updateAsync.apply(user);
    }

    @Override
    public CompletionStage<?> deleteAsync(UUID id) {
        return deleteAsync.apply(id);
    }
}
