package dev.cqlbench.binding.driver4;

import dev.cqlbench.binding.OrderStore;

class Driver4LineItemsStoreIT extends Driver4OrderStores {
    @Override
    protected String model() {
        return OrderStore.Spec.LINE_ITEMS;
    }
}
