package dev.cqlbench.binding.springdata;

import dev.cqlbench.binding.Binding;
import dev.cqlbench.binding.BindingConfig;
import dev.cqlbench.binding.BindingFactory;
import java.util.List;

public final class SpringDataBindingFactory implements BindingFactory {

    @Override
    public List<String> variants() {
        return List.of(SpringDataBinding.TEMPLATE, SpringDataBinding.REPOSITORY);
    }

    @Override
    public Binding open(String variant, BindingConfig config) {
        return new SpringDataBinding(variant, config);
    }
}
