package dev.cqlbench.binding;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * One way of using one access library, as its binding module declares it once, in
 * {@code META-INF/cqlbench/binding.json}: the name users type ({@code --library driver4}), what it is, what it
 * implements. The orchestrator reads declarations without loading a binding's classes (each binding runs in a JVM
 * of its own); the worker opens the declared {@link Binding} class.
 *
 * @param name         the name users type, e.g. {@code driver3-prepared}
 * @param description  one line: library and way of using it
 * @param async        whether its {@link UserCrud} is an {@link AsyncUserCrud} ({@code --mode async})
 * @param capabilities the capability interfaces it implements, by simple name ({@link Capability#name})
 * @param baseline     the library this one is built on, for "what does the mapping cost"; null for natives
 * @param jvmArgs      what the library needs on its worker JVM's command line
 * @param store        {@link #CASSANDRA} or {@link #SQL}: which kind of database its worker is connected to
 * @param module       the binding module (directory under {@code bindings/}) whose classpath its worker gets, or
 *                     the path of the jar that declares it ({@code run … --binding-jar}: a team's own binding)
 * @param binding      the {@link Binding} class the worker opens, with a constructor {@code (Library, BindingConfig)}
 * @param limits       what the library cannot express of a user's table ({@link dev.cqlbench.profile.ProfileTable}),
 *                     feature → why: {@code "type:vector"}, {@code "batch:LOGGED"}, {@code "condition:if"},
 *                     {@code "query:update"}… ({@link dev.cqlbench.profile.Features} names them)
 * @param releases     where its released versions are, newest coordinates first, for {@code --library name@version}
 *                     ({@link Releases}); none: only the version it was built with
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Library(String name, String description, boolean async, List<String> capabilities, String baseline,
                      List<String> jvmArgs, String store, String module, String binding,
                      @JsonInclude(JsonInclude.Include.NON_EMPTY) java.util.Map<String, String> limits,
                      @JsonInclude(JsonInclude.Include.NON_EMPTY) List<Releases> releases) {

    public static final String CASSANDRA = "cassandra";
    public static final String SQL = "sql";

    public Library {
        capabilities = capabilities == null ? List.of() : List.copyOf(capabilities);
        jvmArgs = jvmArgs == null ? List.of() : List.copyOf(jvmArgs);
        store = store == null ? CASSANDRA : store;
        limits = limits == null ? java.util.Map.of() : java.util.Collections.unmodifiableMap(
                new java.util.TreeMap<>(limits));
        releases = releases == null ? List.of() : List.copyOf(releases);
    }

    public Library(String name, String description, boolean async, List<String> capabilities, String baseline,
                   List<String> jvmArgs, String store, String module, String binding,
                   java.util.Map<String, String> limits) {
        this(name, description, async, capabilities, baseline, jvmArgs, store, module, binding, limits, null);
    }

    public Library(String name, String description, boolean async, List<String> capabilities, String baseline,
                   List<String> jvmArgs, String store, String module, String binding) {
        this(name, description, async, capabilities, baseline, jvmArgs, store, module, binding, null);
    }

    /**
     * The artifacts of its releases from {@code since} on: a library whose coordinates moved (driver 4 went from
     * {@code com.datastax.oss} to {@code org.apache.cassandra} at 4.18.0) declares one entry a move.
     *
     * @param since     the first release these coordinates hold for
     * @param artifacts {@code groupId:artifactId} of each artifact a version replaces, the library's first
     */
    public record Releases(String since, List<String> artifacts) {
        public Releases {
            artifacts = List.copyOf(artifacts);
        }
    }

    public boolean implementsCapability(Class<?> type) {
        return capabilities.contains(Capability.name(type));
    }

    /** Whether its worker talks to the relational database rather than to Cassandra. */
    public boolean sql() {
        return SQL.equals(store);
    }

    /** The same declaration, found in {@code module}, opening {@code binding}. */
    public Library in(String module, String binding) {
        return new Library(name, description, async, capabilities, baseline, jvmArgs, store, module, binding, limits,
                releases);
    }
}
