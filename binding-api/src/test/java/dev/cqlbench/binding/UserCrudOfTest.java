package dev.cqlbench.binding;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/** {@link UserCrud#of} and {@link AsyncUserCrud#of}: each operation its own step, failures and nulls as they are. */
class UserCrudOfTest {

    private static final User ANN = new User(new UUID(1, 1), "Ann", "Lee", "Oslo");

    private final Map<UUID, User> rows = new HashMap<>();
    private final List<String> calls = new ArrayList<>();

    private UserCrud sync() {
        return UserCrud.of(user -> {
            calls.add("insert");
            rows.put(user.id(), user);
        }, id -> {
            calls.add("read");
            return rows.get(id);
        }, user -> {
            calls.add("update");
            rows.put(user.id(), user);
        }, id -> {
            calls.add("delete");
            rows.remove(id);
        });
    }

    @Test
    void eachOperationRunsItsOwnStepOnceAndAMissingRowReadsNull() throws Exception {
        UserCrud crud = sync();
        assertThat(crud).isNotInstanceOf(AsyncUserCrud.class);
        assertThat(crud.read(ANN.id())).isNull();
        crud.insert(ANN);
        User moved = new User(ANN.id(), "Ann", "Lee", "Bergen");
        crud.update(moved);
        assertThat(crud.read(ANN.id())).isEqualTo(moved);
        crud.delete(ANN.id());
        assertThat(crud.read(ANN.id())).isNull();
        assertThat(calls).containsExactly("read", "insert", "update", "read", "delete", "read");
    }

    @Test
    void aStepsFailureIsThrownAsItIs() {
        IOException refused = new IOException("refused");
        UserCrud crud = UserCrud.of(user -> {
            throw refused;
        }, id -> null, user -> {}, id -> {});
        assertThatThrownBy(() -> crud.insert(ANN)).isSameAs(refused);
        assertThatThrownBy(() -> UserCrud.of(null, id -> null, user -> {}, id -> {}))
                .isInstanceOf(NullPointerException.class).hasMessage("insert");
    }

    @Test
    void theAsynchronousOperationsAreTheirStepsAndTheSynchronousOnesThoseOfTheUserCrud() throws Exception {
        AsyncUserCrud crud = AsyncUserCrud.of(sync(),
                user -> CompletableFuture.runAsync(() -> rows.put(user.id(), user)),
                id -> CompletableFuture.completedFuture(rows.get(id)),
                user -> CompletableFuture.failedFuture(new IllegalStateException("no update")),
                id -> CompletableFuture.completedFuture(rows.remove(id)));
        assertThat(crud.readAsync(ANN.id()).toCompletableFuture().get()).isNull();
        crud.insertAsync(ANN).toCompletableFuture().get();
        assertThat(crud.read(ANN.id())).isEqualTo(ANN);
        assertThat(crud.updateAsync(ANN).toCompletableFuture()).isCompletedExceptionally();
        crud.deleteAsync(ANN.id()).toCompletableFuture().get();
        assertThat(crud.readAsync(ANN.id()).toCompletableFuture().get()).isNull();
        assertThat(calls).containsExactly("read");
    }

    @Test
    void aUserCrudOfItsOwnMethodsServesTheSynchronousHalfToo() throws Exception {
        // any UserCrud, not one of UserCrud.of: its methods are called
        UserCrud hand = (UserCrud) Proxy.newProxyInstance(UserCrud.class.getClassLoader(),
                new Class<?>[] {UserCrud.class}, (proxy, method, args) -> {
                    calls.add("hand " + method.getName());
                    return method.getName().equals("read") ? ANN : null;
                });
        AsyncUserCrud crud = AsyncUserCrud.of(hand, user -> null, id -> null, user -> null, id -> null);
        crud.insert(ANN);
        assertThat(crud.read(ANN.id())).isEqualTo(ANN);
        crud.update(ANN);
        crud.delete(ANN.id());
        assertThat(calls).containsExactly("hand insert", "hand read", "hand update", "hand delete");
    }

    @Test
    void theStatementsArePreparedInOrderAndBindTheirMarkersValues() {
        User.Statements cql = User.Statements.on("ks");
        User.Statements.Prepared<String> prepared = cql.prepare(text -> "prepared " + text);
        assertThat(prepared).isEqualTo(new User.Statements.Prepared<>("prepared " + cql.insert(),
                "prepared " + cql.select(), "prepared " + cql.update(), "prepared " + cql.delete()));
        assertThat(User.Statements.insertValues(ANN)).containsExactly(ANN.id(), "Ann", "Lee", "Oslo");
        assertThat(User.Statements.updateValues(ANN)).containsExactly("Ann", "Lee", "Oslo", ANN.id());
    }
}
