package dev.cqlbench.binding.springdata;

import dev.cqlbench.binding.User;
import java.util.UUID;
import org.springframework.data.cassandra.core.mapping.Column;
import org.springframework.data.cassandra.core.mapping.PrimaryKey;
import org.springframework.data.cassandra.core.mapping.Table;

/** The library reads and writes the fields (Spring Data's default access): no accessors. */
@Table("user")
public class UserSpring {
    @PrimaryKey
    UUID id;
    @Column("first_name")
    String firstName;
    @Column("last_name")
    String lastName;
    @Column("city")
    String city;

    public UserSpring() {}

    /** The entity of one of study 01's users. */
    static UserSpring of(User user) {
        UserSpring e = new UserSpring();
        e.id = user.id();
        e.firstName = user.firstName();
        e.lastName = user.lastName();
        e.city = user.city();
        return e;
    }
}
