package dev.cqlbench.binding.jdbc;

import dev.cqlbench.binding.Binding;
import dev.cqlbench.binding.BindingConfig;
import dev.cqlbench.binding.BindingFactory;
import java.util.List;

/** {@code mariadb}, and {@code mariadb-pool<N>} (the same with a pool of N connections, for pool sweeps). */
public final class JdbcBindingFactory implements BindingFactory {

    @Override
    public List<String> variants() {
        return List.of(JdbcBinding.VARIANT);
    }

    @Override
    public boolean supports(String variant) {
        return variant.equals(JdbcBinding.VARIANT) || variant.matches(JdbcBinding.VARIANT + "-pool[1-9][0-9]*");
    }

    @Override
    public Binding open(String variant, BindingConfig config) {
        return new JdbcBinding(config);
    }
}
