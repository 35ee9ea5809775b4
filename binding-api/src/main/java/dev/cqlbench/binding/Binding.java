package dev.cqlbench.binding;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * One access library, opened once per worker JVM (modelled on YCSB's {@code DB}: a handful of verbs, no clock, no
 * printing). A subclass has a public constructor {@code (Library, BindingConfig)} in which it connects and
 * {@link #offer offers} the capabilities its declaration lists; a scenario asks for one by type ({@link #open}),
 * and the binding prepares it there, before anything is timed.
 */
public abstract class Binding implements AutoCloseable {

    /** Prepares one capability for a request (statements prepared, nothing timed). */
    @FunctionalInterface
    protected interface Opener<R, C> {
        C open(R request) throws Exception;
    }

    private final Library library;
    private final BindingConfig config;
    private final Map<Class<?>, Opener<Object, ?>> offered = new LinkedHashMap<>();
    /** What the binding sends, filled in as capabilities are opened (prepared or not, consistency, protocol…). */
    protected final Map<String, String> audit = Collections.synchronizedMap(new LinkedHashMap<>());

    /** A binding that keeps nothing of how it connected. */
    protected Binding(Library library) {
        this(library, null);
    }

    /** A binding that keeps what it connected with, for its capabilities ({@link #config()}). */
    protected Binding(Library library, BindingConfig config) {
        this.library = library;
        this.config = config;
    }

    /** What the binding connected with (contact points, keyspace settings, driver options); null if not kept. */
    protected final BindingConfig config() {
        return config;
    }

    public final Library library() {
        return library;
    }

    /** The library's version, as its jar says. */
    public abstract String version();

    /** Offers capability {@code type}, opened for each request by {@code opener}. */
    @SuppressWarnings("unchecked")
    protected final <R extends Capability<C>, C> void offer(Class<C> type, Opener<R, ? extends C> opener) {
        offered.put(type, (Opener<Object, ?>) (Opener<?, ?>) opener);
    }

    /**
     * The capability a scenario needs, prepared for {@code request}.
     *
     * @throws Capability.Unsupported when the library does not implement it
     */
    public final <C> C open(Capability<C> request) throws Exception {
        Opener<Object, ?> opener = offered.get(request.type());
        if (opener == null || !library.implementsCapability(request.type())) {
            throw new Capability.Unsupported(library, request.type());
        }
        return request.type().cast(opener.open(request));
    }

    /** The capabilities this binding offers, by name: all its libraries declare (the contract test checks). */
    public final Set<String> offered() {
        Set<String> names = new TreeSet<>();
        offered.keySet().forEach(type -> names.add(Capability.name(type)));
        return names;
    }

    /** What the binding sends, as recorded so far, for the statement audit of the result. */
    public Map<String, String> audit() {
        synchronized (audit) {
            return Collections.unmodifiableMap(new LinkedHashMap<>(audit));
        }
    }

    @Override
    public abstract void close();
}
