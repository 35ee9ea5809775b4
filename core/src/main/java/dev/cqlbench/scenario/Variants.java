package dev.cqlbench.scenario;

import dev.cqlbench.binding.Library;
import dev.cqlbench.binding.LibraryCatalog;
import dev.cqlbench.run.BadSetting;
import dev.cqlbench.run.Variant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.Set;
import java.util.stream.Collectors;

/** Turns what the user typed ({@code all}, or names) into a scenario's variants, with a one-line refusal otherwise. */
public final class Variants {

    /** {@code name@version}: a version begins with a digit (a target's name, {@code name@east}, is set elsewhere). */
    private static final Pattern RELEASE = Pattern.compile("(.+)@(\\d[\\w.+-]*)");

    private Variants() {}

    /** Every declared library that implements {@code capability}, each as a variant named after it. */
    public static List<Variant> ofLibraries(LibraryCatalog catalog, Class<?> capability) {
        return catalog.implementing(capability).stream().map(Variant::of).toList();
    }

    /**
     * The variants named in {@code requested} ({@code all} for every one of {@code available}), in the user's order.
     * A name given again is an independent copy in a worker of its own, named {@code <name>#2}, {@code #3}…: the
     * A/A check ({@code --library driver4,driver4}) that the harness finds no difference where there is none.
     * A name the scenario does not have is refused: as unknown, or, when it names another scenario's variant or a
     * library, as not implementing this scenario.
     */
    public static List<Variant> resolve(List<String> requested, String scenario, List<Variant> available,
                                        LibraryCatalog catalog) {
        List<String> wanted = new ArrayList<>();
        for (String name : requested) {
            if (name.strip().equals("all")) {
                available.stream().map(Variant::name).filter(n -> !wanted.contains(n)).forEach(wanted::add);
            } else {
                wanted.add(name.strip());
            }
        }
        String names = available.stream().map(Variant::name).collect(Collectors.joining(", "));
        List<Variant> out = new ArrayList<>();
        for (String asked : wanted) {
            // driver4@4.17.0: a released version of the library in place of the one cqlbench was built with
            Matcher release = RELEASE.matcher(asked);
            String name = release.matches() ? release.group(1) : asked;
            Variant found = available.stream().filter(v -> v.name().equals(name)).findFirst().orElse(null);
            Variant variant = found == null || !release.matches() ? found : found.at(release.group(2));
            if (variant == null) {
                boolean known = catalog.all().stream().map(Library::name).anyMatch(name::equals);
                throw new BadSetting(known ? name + " does not implement the " + scenario + " scenario; those that do: "
                        + names : "unknown library '" + name + "'; known for " + scenario + ": " + names + ", or all");
            }
            String named = variant.name();
            long earlier = out.stream().filter(v -> v.name().equals(named) || v.name().startsWith(named + "#")).count();
            out.add(earlier == 0 ? variant : variant.copy((int) earlier + 1));
        }
        if (out.isEmpty()) {
            throw new BadSetting("no library given; known: " + names + ", or all");
        }
        return out;
    }
}
