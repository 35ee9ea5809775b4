package dev.cqlbench.result;

import java.util.List;
import java.util.Map;

/**
 * One variant (library and way of using it) in one worker JVM.
 *
 * @param audit   what the binding sends: prepared or not, consistency, protocol version…
 * @param failure why this variant stopped early (its worker failed), or null
 */
public record VariantResult(
        String variant,
        String library,
        String libraryDescription,
        String libraryVersion,
        String mode,
        int concurrency,
        WorkerJvm worker,
        long warmupNanos,
        Map<String, String> audit,
        List<OperationResult> operations,
        String failure) {}
