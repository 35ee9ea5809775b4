package dev.cqlbench.binding.achilles;

import dev.cqlbench.binding.Binding;
import dev.cqlbench.binding.BindingConfig;
import dev.cqlbench.binding.BindingFactory;
import java.util.List;

public final class AchillesBindingFactory implements BindingFactory {

    @Override
    public List<String> variants() {
        return List.of(AchillesBinding.VARIANT);
    }

    @Override
    public Binding open(String variant, BindingConfig config) {
        if (!AchillesBinding.VARIANT.equals(variant)) {
            throw new IllegalArgumentException("unknown variant " + variant + ", expected " + AchillesBinding.VARIANT);
        }
        return AchillesBinding.open(config);
    }
}
