package com.example.users.contract;

import com.datastax.oss.driver.api.core.CqlSession;
import com.example.users.bench.MyDaoBinding;
import dev.cqlbench.testkit.OneTableContract;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * The repository's table as cqlbench's profile scenario drives it, against a real Cassandra node: the profile of table
 * user (src/test/resources/user.yaml) written and read back equal by key and by its query, and a table the repository
 * has no code for refused when opened.
 */
class MyDaoProfileTableIT extends OneTableContract {

    MyDaoProfileTableIT() {
        super("my-dao", (config, statements) -> {
            try (CqlSession session = MyDaoBinding.session(config)) {
                statements.forEach(session::execute);
            }
        }, resource("/user.yaml"));
    }

    private static String resource(String name) {
        try (InputStream in = MyDaoProfileTableIT.class.getResourceAsStream(name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
