package dev.cqlbench.binding;

import com.fasterxml.jackson.annotation.JsonIgnore;
import java.util.List;
import java.util.Map;

/**
 * How a binding connects. The password travels to the worker JVM over its stdin, never on a command line
 * or in a file, and is left out of every result ({@link #withoutSecrets()}).
 *
 * @param contactPoints host:port pairs
 * @param consistency   consistency level name, e.g. LOCAL_ONE
 * @param options       library-specific settings, recorded in the result
 */
public record BindingConfig(
        List<String> contactPoints,
        String localDatacenter,
        String username,
        String password,
        String consistency,
        long requestTimeoutMillis,
        Map<String, String> options) {

    @JsonIgnore
    public BindingConfig withoutSecrets() {
        java.util.Map<String, String> masked = new java.util.LinkedHashMap<>();
        options.forEach((k, v) -> masked.put(k, k.toLowerCase(java.util.Locale.ROOT).contains("password") ? "***" : v));
        return new BindingConfig(contactPoints, localDatacenter, username, password == null ? null : "***",
                consistency, requestTimeoutMillis, masked);
    }
}
