package dev.cqlbench.binding.kundera;

import dev.cqlbench.binding.Binding;
import dev.cqlbench.binding.BindingConfig;
import dev.cqlbench.binding.BindingFactory;
import java.util.List;

public final class KunderaBindingFactory implements BindingFactory {

    @Override
    public List<String> variants() {
        return List.of(KunderaBinding.VARIANT);
    }

    @Override
    public Binding open(String variant, BindingConfig config) {
        if (!KunderaBinding.VARIANT.equals(variant)) {
            throw new IllegalArgumentException("unknown variant " + variant + ", expected " + KunderaBinding.VARIANT);
        }
        return KunderaBinding.open(config);
    }
}
