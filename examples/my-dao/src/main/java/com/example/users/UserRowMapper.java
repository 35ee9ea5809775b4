package com.example.users;

import com.datastax.oss.driver.api.core.cql.Row;

/** A row of table {@code user} as a {@link User}: by column name, as the team's code reads every table. */
public final class UserRowMapper {

    public User map(Row row) {
        return new User(row.getUuid("id"), row.getString("first_name"), row.getString("last_name"),
                row.getString("city"));
    }
}
