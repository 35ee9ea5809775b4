package dev.cqlbench.scenario;

import dev.cqlbench.binding.Library;
import dev.cqlbench.binding.LibraryCatalog;
import dev.cqlbench.run.BadSetting;
import dev.cqlbench.run.Variant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/** Turns what the user typed ({@code all}, or names) into a scenario's variants, with a one-line refusal otherwise. */
public final class Variants {

    private Variants() {}

    /** Every declared library that implements {@code capability}, each as a variant named after it. */
    public static List<Variant> ofLibraries(LibraryCatalog catalog, Class<?> capability) {
        return catalog.implementing(capability).stream().map(Variant::of).toList();
    }

    /**
     * The variants named in {@code requested} ({@code all} for every one of {@code available}), in the user's order
     * without repeats. A name the scenario does not have is refused: as unknown, or, when it names another
     * scenario's variant or a library, as not implementing this scenario.
     */
    public static List<Variant> resolve(List<String> requested, String scenario, List<Variant> available,
                                        LibraryCatalog catalog) {
        Set<String> wanted = new LinkedHashSet<>();
        for (String name : requested) {
            if (name.strip().equals("all")) {
                available.forEach(v -> wanted.add(v.name()));
            } else {
                wanted.add(name.strip());
            }
        }
        String names = available.stream().map(Variant::name).collect(Collectors.joining(", "));
        List<Variant> out = new ArrayList<>();
        for (String name : wanted) {
            Variant variant = available.stream().filter(v -> v.name().equals(name)).findFirst().orElse(null);
            if (variant == null) {
                boolean known = catalog.all().stream().map(Library::name).anyMatch(name::equals);
                throw new BadSetting(known ? name + " does not implement the " + scenario + " scenario; those that do: "
                        + names : "unknown library '" + name + "'; known for " + scenario + ": " + names + ", or all");
            }
            out.add(variant);
        }
        if (out.isEmpty()) {
            throw new BadSetting("no library given; known: " + names + ", or all");
        }
        return out;
    }
}
