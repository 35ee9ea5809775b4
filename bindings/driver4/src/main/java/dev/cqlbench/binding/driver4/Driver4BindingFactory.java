package dev.cqlbench.binding.driver4;

import dev.cqlbench.binding.Binding;
import dev.cqlbench.binding.BindingConfig;
import dev.cqlbench.binding.BindingFactory;
import java.util.List;

public final class Driver4BindingFactory implements BindingFactory {

    @Override
    public List<String> variants() {
        return List.of(Driver4Binding.VARIANT, "cassandra-line_items", "cassandra-line_items_by_order",
                "logged-batch", "unlogged-batch", "token-aware-batch", "async");
    }

    @Override
    public Binding open(String variant, BindingConfig config) {
        return Driver4Binding.open(variant, config);
    }
}
