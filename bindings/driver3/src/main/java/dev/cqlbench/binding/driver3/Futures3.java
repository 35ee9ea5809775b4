package dev.cqlbench.binding.driver3;

import com.google.common.util.concurrent.ListenableFuture;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;

/** Guava futures of driver 3 as CompletionStages, completed on the thread that completes the driver future. */
public final class Futures3 {

    private Futures3() {}

    public static <T> CompletionStage<T> toStage(ListenableFuture<T> future) {
        CompletableFuture<T> stage = new CompletableFuture<>();
        future.addListener(() -> {
            try {
                stage.complete(future.get());
            } catch (ExecutionException e) {
                stage.completeExceptionally(e.getCause());
            } catch (InterruptedException | RuntimeException e) {
                stage.completeExceptionally(e);
            }
        }, Runnable::run);
        return stage;
    }
}
