package dev.cqlbench.binding;

import java.util.List;

/**
 * Found by {@link java.util.ServiceLoader} in a worker JVM, whose classpath holds exactly one binding module.
 */
public interface BindingFactory {

    /** Variant names users type, e.g. {@code driver4}. */
    List<String> variants();

    Binding open(String variant, BindingConfig config) throws Exception;
}
