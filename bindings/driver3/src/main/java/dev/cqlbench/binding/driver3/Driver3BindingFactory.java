package dev.cqlbench.binding.driver3;

import dev.cqlbench.binding.Binding;
import dev.cqlbench.binding.BindingConfig;
import dev.cqlbench.binding.BindingFactory;
import java.util.List;

public final class Driver3BindingFactory implements BindingFactory {

    @Override
    public List<String> variants() {
        return List.of(Driver3Binding.QUERY_BUILDER, Driver3Binding.PREPARED);
    }

    @Override
    public Binding open(String variant, BindingConfig config) {
        return new Driver3Binding(variant, config);
    }
}
