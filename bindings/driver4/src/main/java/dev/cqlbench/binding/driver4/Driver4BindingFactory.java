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

    /** Also {@code driver4@<target>}: the mixes scenario's variant for one of several compared clusters. */
    @Override
    public boolean supports(String variant) {
        return variants().contains(variant) || variant.startsWith(Driver4Binding.VARIANT + "@");
    }

    @Override
    public Binding open(String variant, BindingConfig config) {
        return Driver4Binding.open(variant, config);
    }
}
