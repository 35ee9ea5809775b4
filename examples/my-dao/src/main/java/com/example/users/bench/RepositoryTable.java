package com.example.users.bench;

import com.example.users.User;
import com.example.users.UserRepository;
import dev.cqlbench.profile.Features;
import dev.cqlbench.profile.Profile;
import dev.cqlbench.profile.ProfileTable;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * A cassandra-stress profile of table {@code user} (cqlbench's profiles/crud-user.yaml is one) through the
 * repository: an insert is {@link UserRepository#save}, every query must be a read of whole rows by id and is
 * {@link UserRepository#findById}. A profile that asks for anything else is refused when the table is opened, in one
 * line: the repository has no code for it.
 */
final class RepositoryTable implements ProfileTable {

    private final UserRepository repository;
    private final int id;
    private final int firstName;
    private final int lastName;
    private final int city;

    RepositoryTable(UserRepository repository, Profile profile) {
        check(profile);
        this.repository = repository;
        id = profile.indexOf("id");
        firstName = profile.indexOf("first_name");
        lastName = profile.indexOf("last_name");
        city = profile.indexOf("city");
    }

    /** Refuses a profile the repository has no code for. */
    static void check(Profile profile) {
        StringBuilder columns = new StringBuilder();
        profile.columns().forEach(c -> columns.append(columns.length() == 0 ? "" : ", ").append(c.name()).append(' ')
                .append(c.type()));
        if (!profile.table().equals(UserRepository.TABLE) || !columns.toString().equals(UserRepository.COLUMNS)
                || profile.primaryKey().size() != 1) {
            throw new IllegalArgumentException("UserRepository serves table " + UserRepository.TABLE + " ("
                    + UserRepository.COLUMNS + ", key id); the profile has " + profile.table() + " (" + columns + ")");
        }
        if (Features.rowsPerInsertMax(profile) > 1 || profile.insert().condition() != null) {
            throw new IllegalArgumentException("UserRepository saves one user at a time, unconditionally; the "
                    + "profile's insert asks for batches or a condition");
        }
        for (Profile.Query query : profile.queries().values()) {
            if (!query.select() || !query.binds().equals(List.of("id")) || !Features.wholeRows(query, profile)) {
                throw new IllegalArgumentException("UserRepository reads whole users by id only; the profile's query "
                        + query.name() + " asks otherwise");
            }
        }
    }

    @Override
    public Object toWrite(List<Object[]> rows) {
        Object[] row = rows.get(0);
        return new User((UUID) row[id], (String) row[firstName], (String) row[lastName], (String) row[city]);
    }

    @Override
    public void write(Object user) {
        repository.save((User) user);
    }

    @Override
    public Object toBind(String name, Object[] values) {
        return values[0];
    }

    @Override
    public Object query(String name, Object id) {
        return repository.findById((UUID) id);
    }

    @Override
    @SuppressWarnings("unchecked")
    public List<Map<String, Object>> rows(Object result) {
        return ((Optional<User>) result).map(RepositoryTable::columns).stream().toList();
    }

    @Override
    public Map<String, Object> read(Object[] primaryKey) {
        return repository.findById((UUID) primaryKey[0]).map(RepositoryTable::columns).orElse(null);
    }

    private static Map<String, Object> columns(User user) {
        Map<String, Object> columns = new LinkedHashMap<>();
        columns.put("id", user.id());
        columns.put("first_name", user.firstName());
        columns.put("last_name", user.lastName());
        columns.put("city", user.city());
        return columns;
    }
}
