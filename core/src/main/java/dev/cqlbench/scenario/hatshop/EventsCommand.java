package dev.cqlbench.scenario.hatshop;

import dev.cqlbench.run.BadSetting;
import dev.cqlbench.run.Checks;
import dev.cqlbench.run.Defaults;
import dev.cqlbench.scenario.Json;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** Writes study 03's seeded hat-shop event stream as JSON lines on stdout. */
@Command(name = "events", mixinStandardHelpOptions = true,
        description = {"Writes study 03's seeded stream of hat-shop order events as JSON lines on standard output.",
            "The same --seed, --count, --orders and --mix give the same bytes."},
        footer = {"", "Example: ./cqlbench events --seed 42 --count 200000 --orders 500 > events.jsonl"})
public final class EventsCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--seed", description = "Seed of the stream (default: ${DEFAULT-VALUE}).")
    long seed = Defaults.SEED;

    @Option(names = "--count", description = "Events to write (default: ${DEFAULT-VALUE}).")
    long count = HatshopOptions.MIXED_EVENTS;

    @Option(names = "--orders", description = "At most this many live orders at any point (default: ${DEFAULT-VALUE}).")
    int orders = HatshopOptions.ORDERS;

    @Option(names = "--mix",
            description = "mixed: every event type (the study's random events); updates: --orders orders created, "
                    + "then status updates; creates: CREATE only (default: ${DEFAULT-VALUE}).")
    String mix = "mixed";

    @Override
    public Integer call() throws IOException {
        Checks.positive("--count", count);
        Checks.positive("--orders", orders);
        EventMix eventMix = EventMix.named(mix);
        if (eventMix == null) {
            throw new BadSetting("--mix must be one of " + EventMix.NAMES + ", got '" + mix + "'");
        }
        EventGenerator generator = new EventGenerator(seed, orders, eventMix);
        PrintWriter target = spec.commandLine().getOut();
        BufferedWriter out = new BufferedWriter(target, 1 << 16);
        for (long i = 0; i < count; i++) {
            out.write(Json.lines().writeValueAsString(generator.next()));
            out.write('\n');
        }
        out.flush();
        return 0;
    }
}
