package dev.cqlbench.binding;

import java.util.function.Consumer;

/**
 * What a {@link Binding#close} with several things to close uses: each thing is closed even when closing one before
 * it failed, and {@link #rethrow} then throws the first failure (the later ones suppressed in it).
 */
public final class Closer {

    private RuntimeException failure;

    /** Closes each of {@code things} with {@code close}, keeping what fails for {@link #rethrow}. */
    public <T> Closer each(Iterable<? extends T> things, Consumer<? super T> close) {
        for (T thing : things) {
            try {
                close.accept(thing);
            } catch (RuntimeException e) {
                if (failure == null) {
                    failure = e;
                } else if (failure != e) {
                    failure.addSuppressed(e);
                }
            }
        }
        return this;
    }

    /** Throws the first failure of {@link #each}, if any. */
    public void rethrow() {
        if (failure != null) {
            throw failure;
        }
    }
}
