package dev.cqlbench.binding;

import java.util.Objects;
import java.util.UUID;

/** {@link UserCrud#of}: each operation its step, called directly. */
class UserCrudSteps implements UserCrud {

    final Write insert;
    final Read read;
    final Write update;
    final Delete delete;

    UserCrudSteps(Write insert, Read read, Write update, Delete delete) {
        this.insert = Objects.requireNonNull(insert, "insert");
        this.read = Objects.requireNonNull(read, "read");
        this.update = Objects.requireNonNull(update, "update");
        this.delete = Objects.requireNonNull(delete, "delete");
    }

    /** The steps of {@code crud}: its own when {@link UserCrud#of} made it, else its four methods. */
    static UserCrudSteps of(UserCrud crud) {
        return crud instanceof UserCrudSteps steps ? steps
                : new UserCrudSteps(crud::insert, crud::read, crud::update, crud::delete);
    }

    @Override
    public final void insert(User user) throws Exception {
        insert.accept(user);
    }

    @Override
    public final User read(UUID id) throws Exception {
        return read.apply(id);
    }

    @Override
    public final void update(User user) throws Exception {
        update.accept(user);
    }

    @Override
    public final void delete(UUID id) throws Exception {
        delete.accept(id);
    }
}
