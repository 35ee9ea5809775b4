package dev.cqlbench.run;

import dev.cqlbench.binding.Library;
import java.util.Map;

/**
 * One thing a run compares: a library, used one way (a write pattern, a data model, a pool size…), on the run's
 * target or on one of its own. Structure is in fields, never in the name: a runner reads {@link #options()}.
 *
 * @param name        what the report calls it, e.g. {@code driver4}, {@code token-aware-batch}, {@code mariadb-pool8}
 * @param library     the declared library its worker opens
 * @param description one line, for the report
 * @param options     what the scenario needs to know of this variant (pattern, model, pool size…)
 * @param target      the name of its own cluster when a run compares targets ({@code --target}); null: the run's
 */
public record Variant(String name, Library library, String description, Map<String, String> options, String target) {

    public Variant {
        options = options == null ? Map.of() : Map.copyOf(options);
    }

    /** A library as it is: the variant is named after it. */
    public static Variant of(Library library) {
        return new Variant(library.name(), library, library.description(), Map.of(), null);
    }

    public String option(String key) {
        String value = options.get(key);
        if (value == null) {
            throw new IllegalArgumentException("variant " + name + " has no option " + key);
        }
        return value;
    }

    /** An independent copy of this variant (its own worker), named {@code <name>#<k>}. */
    public Variant copy(int k) {
        return new Variant(name + "#" + k, library, description + " (independent copy " + k + ")", options, target);
    }

    /** The same variant on its own cluster, {@code target}: named {@code <name>@<target>}. */
    public Variant on(String targetName) {
        return new Variant(name + "@" + targetName, library, description + " on target " + targetName, options,
                targetName);
    }
}
