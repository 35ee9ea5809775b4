package dev.cqlbench.app.orchestrate;

/**
 * A variant users can type and the Maven module whose classpath its worker JVM gets.
 *
 * @param module directory under {@code bindings/}
 * @param async  whether the library has an asynchronous API ({@code --mode async})
 */
public record BindingModule(String variant, String module, String description, boolean async) {}
