package dev.cqlbench.analysis;

import dev.cqlbench.binding.Library;
import dev.cqlbench.result.Batches;
import dev.cqlbench.result.Block;
import dev.cqlbench.result.Measure;
import dev.cqlbench.result.VarianceModel;
import dev.cqlbench.run.Asked;
import dev.cqlbench.run.Processes;
import dev.cqlbench.run.RunSettings;
import dev.cqlbench.run.Stopping;
import dev.cqlbench.run.Variant;
import dev.cqlbench.scenario.crud.CrudOptions;
import dev.cqlbench.stats.Component;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * A synthetic crud run of two variants ("v0", the reference, and "v1") × two JVMs, analysed at one look after its
 * last round. A calibration says every library's JVMs sit 0.5 % apart in each measure, at 100 degrees of freedom.
 */
final class TwoVariants {

    private TwoVariants() {}

    static Analysis at(List<Block> blocks, int rounds, Batches batches) {
        List<Variant> variants = new ArrayList<>();
        Map<String, String> libraries = new java.util.LinkedHashMap<>();
        for (int v = 0; v < 2; v++) {
            String name = "v" + v;
            libraries.put(name, name);
            variants.add(new Variant(name, new Library(name, "simulated", true, List.of(), null, List.of(),
                    Library.CASSANDRA, null, null), name, Map.of(), null));
        }
        RunSettings settings = RunSettings.builder().scenario("crud")
                .plan(new CrudOptions().with("--cycles", "100", "--ops", "100").plan())
                .variants(variants).processes(Processes.defaults().withForks(2))
                .asked(new Asked("v0", List.of(), 0.999, 0.99, new Stopping(0.05, 0))).build();
        Map<Measure, VarianceModel.Components> measures = new EnumMap<>(Measure.class);
        for (Measure m : List.of(Measure.TIME, Measure.CLIENT_CPU, Measure.ALLOCATION)) {
            Component tau = Component.of(0.005 * 0.005, 100, "calibration");
            measures.put(m, new VarianceModel.Components(Map.of("v0", tau, "v1", tau), Component.NONE,
                    Component.NONE, Map.of(), null, null));
        }
        VarianceModel variance = new VarianceModel("test calibration", "", libraries, measures);
        return Analysis.at(settings, dev.cqlbench.scenario.Scenarios.family(settings), blocks,
                Looks.of(List.of(rounds), 100, true), variance, batches);
    }
}
