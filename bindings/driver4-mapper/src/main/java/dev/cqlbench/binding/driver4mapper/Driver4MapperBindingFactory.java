package dev.cqlbench.binding.driver4mapper;

import dev.cqlbench.binding.Binding;
import dev.cqlbench.binding.BindingConfig;
import dev.cqlbench.binding.BindingFactory;
import java.util.List;

public final class Driver4MapperBindingFactory implements BindingFactory {

    @Override
    public List<String> variants() {
        return List.of(Driver4MapperBinding.VARIANT);
    }

    @Override
    public Binding open(String variant, BindingConfig config) {
        return Driver4MapperBinding.open(config);
    }
}
