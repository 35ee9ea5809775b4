package dev.cqlbench.run;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * The relational database of a run (study 03): {@code jdbcUrl} null means "start an embedded MariaDB". The password
 * is never written to a result ({@link #passwordGiven()} is).
 */
public record SqlSettings(String jdbcUrl, String username, @JsonIgnore String password, long startTimeoutSeconds) {

    public boolean embedded() {
        return jdbcUrl == null;
    }

    @JsonProperty(access = JsonProperty.Access.READ_ONLY)
    public boolean passwordGiven() {
        return password != null;
    }
}
