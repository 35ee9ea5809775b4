package dev.cqlbench.binding;

import java.util.List;

/**
 * Found by {@link java.util.ServiceLoader} in a worker JVM, whose classpath holds exactly one binding module.
 */
public interface BindingFactory {

    /** Variant names users type, e.g. {@code driver4}. */
    List<String> variants();

    /** Whether this factory opens {@code variant}: one of {@link #variants()} unless it knows a family of names. */
    default boolean supports(String variant) {
        return variants().contains(variant);
    }

    Binding open(String variant, BindingConfig config) throws Exception;
}
