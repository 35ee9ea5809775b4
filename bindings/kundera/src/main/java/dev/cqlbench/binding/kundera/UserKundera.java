package dev.cqlbench.binding.kundera;

import dev.cqlbench.binding.User;
import java.util.UUID;
import javax.persistence.Column;
import javax.persistence.Entity;
import javax.persistence.Id;
import javax.persistence.Table;

/**
 * Study 01's row, {@code user (id uuid primary key, first_name, last_name, city)}. No schema in {@link Table}:
 * the keyspace comes from the persistence unit's {@code kundera.keyspace}, set at run time.
 * Kundera reads and writes the fields (JPA field access, from {@link Id} on a field): no accessors.
 */
@Entity
@Table(name = "user")
public class UserKundera {

    @Id
    @Column(name = "id")
    UUID id;

    @Column(name = "first_name")
    String firstName;

    @Column(name = "last_name")
    String lastName;

    @Column(name = "city")
    String city;

    public UserKundera() {}

    /** The entity of one of study 01's users. */
    static UserKundera of(User user) {
        UserKundera e = new UserKundera();
        e.id = user.id();
        e.firstName = user.firstName();
        e.lastName = user.lastName();
        e.city = user.city();
        return e;
    }

    /** An entity that only names its row, for {@code remove}. */
    static UserKundera withId(UUID id) {
        UserKundera e = new UserKundera();
        e.id = id;
        return e;
    }
}
