package dev.cqlbench.binding.driver3mapper;

import dev.cqlbench.binding.Binding;
import dev.cqlbench.binding.BindingConfig;
import dev.cqlbench.binding.BindingFactory;
import java.util.List;

public final class Driver3MapperBindingFactory implements BindingFactory {

    @Override
    public List<String> variants() {
        return List.of(Driver3MapperBinding.VARIANT);
    }

    @Override
    public Binding open(String variant, BindingConfig config) {
        return new Driver3MapperBinding(config);
    }
}
