package dev.cqlbench.run;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import dev.cqlbench.binding.Library;
import java.util.List;
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
 * @param release     a released version of its library in place of the one cqlbench was built with
 *                    ({@code --library driver4@4.17.0}); null: as built
 */
public record Variant(String name, Library library, String description, Map<String, String> options, String target,
                      @JsonInclude(JsonInclude.Include.NON_NULL) Release release) {

    /**
     * A released version of a library, as asked and as resolved: the artifacts its worker ran with, each
     * {@code groupId:artifactId:version sha256:…}, and their files (this machine's, not kept in a result).
     */
    public record Release(String version, List<String> artifacts,
                          @JsonIgnore List<String> classpath) {
        public Release {
            artifacts = artifacts == null ? List.of() : List.copyOf(artifacts);
            classpath = classpath == null ? List.of() : List.copyOf(classpath);
        }

        /** Whether its artifacts have been found (a version is asked by name first, resolved before anything runs). */
        @JsonIgnore
        public boolean resolved() {
            return !classpath.isEmpty();
        }
    }

    public Variant {
        options = Maps.sorted(options);
    }

    public Variant(String name, Library library, String description, Map<String, String> options, String target) {
        this(name, library, description, options, target, null);
    }

    /**
     * How its JVM {@code fork} (from 0) of {@code forks} is named in lines a user reads: "driver4" alone, "driver4/2"
     * for the second of several (a block's fork counts from 0, a label from 1).
     */
    public String forkLabel(int fork, int forks) {
        return forks == 1 ? name : name + "/" + (fork + 1);
    }

    /** How its JVM {@code fork} names its files: "driver4" for the first, "driver4-fork2" for the second. */
    public String forkFileName(int fork) {
        return fork == 0 ? name : name + "-fork" + (fork + 1);
    }

    /** The same variant with its library at {@code version}, named {@code <name>@<version>}, to be resolved. */
    public Variant at(String version) {
        return new Variant(name + "@" + version, library, description + ", version " + version, options, target,
                new Release(version, List.of(), List.of()));
    }

    /** The same variant with its release resolved. */
    public Variant resolved(Release resolved) {
        return new Variant(name, library, description, options, target, resolved);
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
        return new Variant(name + "#" + k, library, description + " (independent copy " + k + ")", options, target,
                release);
    }

    /** The same variant on its own cluster, {@code target}: named {@code <name>@<target>}. */
    public Variant on(String targetName) {
        return new Variant(name + "@" + targetName, library, description + " on target " + targetName, options,
                targetName, release);
    }
}
