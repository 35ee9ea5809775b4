package dev.cqlbench.run;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import io.soabase.recordbuilder.core.RecordBuilder;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * How every library's client connects to a cluster: recorded in the result as it is, but for secrets: the password is
 * never written ({@link #passwordGiven()} is), and driver options naming a password are written masked.
 *
 * @param contactPoints        {@code host:port} of the cluster's nodes; empty: the embedded cluster
 * @param datacenter           the local datacenter
 * @param username             for password authentication; null: none
 * @param password             its password (never recorded); null: none
 * @param consistency          of every statement
 * @param requestTimeoutMillis the driver's request timeout
 * @param driverOptions        driver 4 settings by their reference.conf path ({@code --driver-option}, TLS)
 */
@RecordBuilder
public record Connection(
        List<String> contactPoints,
        String datacenter,
        String username,
        @JsonIgnore String password,
        String consistency,
        long requestTimeoutMillis,
        @JsonSerialize(using = SecretsMasked.class) Map<String, String> driverOptions)
        implements ConnectionBuilder.With {

    public Connection {
        contactPoints = contactPoints == null ? List.of() : List.copyOf(contactPoints);
        driverOptions = Maps.sorted(driverOptions);
    }

    /** The embedded cluster, every other field at its default. */
    public static Connection defaults() {
        return new Connection(List.of(), Defaults.DATACENTER, null, null, Defaults.CONSISTENCY,
                Defaults.REQUEST_TIMEOUT_MILLIS, Map.of());
    }

    /** Whether a password was given (the result records this, never the password). */
    @JsonProperty(access = JsonProperty.Access.READ_ONLY)
    public boolean passwordGiven() {
        return password != null;
    }

    /** The same connection with one more driver option (recorded in the result like the user's own). */
    public Connection withDriverOption(String path, String value) {
        Map<String, String> options = new LinkedHashMap<>(driverOptions);
        options.put(path, value);
        return withDriverOptions(options);
    }

    /** Driver options as recorded: any password (TLS key and trust stores) masked. */
    public static Map<String, String> masked(Map<String, String> options) {
        return SecretsMasked.masked(options);
    }
}
