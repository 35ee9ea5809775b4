package dev.cqlbench.binding;

/**
 * What a scenario asks a binding for: a capability of type {@code C} (the verbs of one workload, e.g.
 * {@link UserCrud}), prepared for this request (keyspace, table shape…). Each capability interface carries its own
 * request record; a binding offers the capabilities its library declares ({@link Binding#offer}).
 *
 * @param <C> the capability's interface
 */
public interface Capability<C> {

    /** The capability's interface. */
    Class<C> type();

    /** How declarations name a capability: its interface's simple name, e.g. {@code UserCrud}. */
    static String name(Class<?> type) {
        return type.getSimpleName();
    }

    /** A binding asked for a capability its library does not implement. */
    final class Unsupported extends UnsupportedOperationException {

        public Unsupported(Library library, Class<?> type) {
            super(library.name() + " does not implement " + name(type) + " (it declares "
                    + String.join(", ", library.capabilities()) + ")");
        }
    }
}
