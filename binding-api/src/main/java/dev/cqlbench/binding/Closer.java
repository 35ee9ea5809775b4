package dev.cqlbench.binding;

import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * What a {@link Binding#close} with several things to close uses: each thing is closed even when closing one before
 * it failed, and {@link #rethrow} then throws the first failure (the later ones suppressed in it); an executor is
 * waited for with {@link #awaitTermination}.
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

    /**
     * Waits up to {@code wait} for the tasks of {@code executor}, once shut down, to end; an interrupt while waiting
     * is kept for the caller to see.
     */
    public static void awaitTermination(ExecutorService executor, Duration wait) {
        try {
            executor.awaitTermination(wait.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Throws the first failure of {@link #each}, if any. */
    public void rethrow() {
        if (failure != null) {
            throw failure;
        }
    }
}
