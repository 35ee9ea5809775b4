package dev.cqlbench.binding;

import java.util.function.BiConsumer;

/**
 * Where a binding reports the end of one operation: {@code accept(result, null)} or {@code accept(null, failure)},
 * once, on whichever thread completes it. The runner keeps one per in-flight slot and reuses it for the next
 * operation as soon as it has been called, so reporting an outcome allocates nothing. It is a {@link BiConsumer},
 * so a binding built on {@link java.util.concurrent.CompletionStage}s hands it to {@code whenComplete} as is.
 */
@FunctionalInterface
public interface Completion extends BiConsumer<Object, Throwable> {}
