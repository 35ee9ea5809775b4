package dev.cqlbench.app.cli;

import dev.cqlbench.app.CqlbenchException;
import dev.cqlbench.app.ExitCode;
import dev.cqlbench.result.Json;
import dev.cqlbench.scenario.hatshop.EventGenerator;
import dev.cqlbench.scenario.hatshop.EventMix;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/** Writes study 03's seeded hat-shop event stream as JSON lines on stdout. */
@Command(name = "events", mixinStandardHelpOptions = true, versionProvider = Versions.class,
        description = {"Writes study 03's seeded stream of hat-shop order events as JSON lines on standard output.",
            "The same --seed, --count, --orders and --mix give the same bytes."},
        footer = {"", "Example: ./cqlbench events --seed 42 --count 200000 --orders 500 > events.jsonl"})
public final class EventsCommand implements Callable<Integer> {

    @ParentCommand
    CqlbenchCommand root;

    @Option(names = "--seed", defaultValue = "42", description = "Seed of the stream (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--count", defaultValue = "200000", description = "Events to write (default: ${DEFAULT-VALUE}).")
    long count;

    @Option(names = "--orders", defaultValue = "500",
            description = "At most this many live orders at any point (default: ${DEFAULT-VALUE}).")
    int orders;

    @Option(names = "--mix", defaultValue = "mixed",
            description = "mixed: every event type (the study's random events); updates: --orders orders created, "
                    + "then status updates; creates: CREATE only (default: ${DEFAULT-VALUE}).")
    String mix;

    @Override
    public Integer call() throws IOException {
        Checks.positive("--count", count);
        Checks.positive("--orders", orders);
        EventMix eventMix = EventMix.named(mix);
        if (eventMix == null) {
            throw new CqlbenchException(ExitCode.USAGE, "--mix must be one of " + EventMix.NAMES + ", got '" + mix + "'");
        }
        EventGenerator generator = new EventGenerator(seed, orders, eventMix);
        BufferedWriter out = new BufferedWriter(new OutputStreamWriter(root.context().out(), StandardCharsets.UTF_8),
                1 << 16);
        for (long i = 0; i < count; i++) {
            out.write(Json.lines().writeValueAsString(generator.next()));
            out.write('\n');
        }
        out.flush();
        return ExitCode.OK;
    }
}
