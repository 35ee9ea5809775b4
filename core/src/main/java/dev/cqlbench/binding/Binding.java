package dev.cqlbench.binding;

/**
 * One access library, opened once per worker JVM. A binding is asked for the capability a scenario needs
 * (today: {@link UserCrud} for crud); it prepares what it needs there, before anything is timed.
 * Modelled on YCSB's {@code DB}: a handful of verbs, no clock, no printing.
 */
public interface Binding extends AutoCloseable {

    LibraryInfo library();

    /**
     * The crud operations on {@code keyspace.user}, statements prepared. Bindings with an asynchronous API
     * return an {@link AsyncUserCrud}.
     */
    UserCrud userCrud(String keyspace) throws Exception;

    /**
     * The decode operations on {@code keyspace.activities}, statements prepared where the library prepares.
     * Bindings that cannot decode study 02's row leave this default.
     */
    default ActivityReader activityReader(String keyspace) throws Exception {
        throw new UnsupportedOperationException(library().library() + " does not implement the decode scenario");
    }

    /**
     * The hat-shop executor (study 03) over the scenario's tables, statements prepared. Bindings that do not
     * take part in the hatshop scenario leave this default.
     */
    default OrderStore orderStore(OrderStore.Spec spec) throws Exception {
        throw new UnsupportedOperationException(library().library() + " does not implement the hatshop scenario");
    }

    /**
     * Study 04's write patterns on {@code keyspace.readings}, statements prepared. Bindings that do not take part
     * in the writes scenario leave this default.
     */
    default RowWriter rowWriter(String keyspace) throws Exception {
        throw new UnsupportedOperationException(library().library() + " does not implement the writes scenario");
    }

    /**
     * YCSB-style mixes on {@code keyspace.usertable} with {@code fieldCount} text fields, statements prepared.
     * Bindings that do not take part in the mixes scenario leave this default.
     */
    default KeyValueStore keyValueStore(String keyspace, int fieldCount) throws Exception {
        throw new UnsupportedOperationException(library().library() + " does not implement the mixes scenario");
    }

    /** What the binding sends, for the statement audit of the result (prepared, consistency, protocol…). */
    java.util.Map<String, String> audit();

    @Override
    void close();
}
