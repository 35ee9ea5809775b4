package dev.cqlbench.binding.achilles;

import info.archinnov.achilles.annotations.Column;
import info.archinnov.achilles.annotations.PartitionKey;
import info.archinnov.achilles.annotations.Table;
import java.util.UUID;

/**
 * Study 01's entity: {@code user (id uuid PRIMARY KEY, first_name, last_name, city)}. No keyspace here: it comes
 * from {@code ManagerFactoryBuilder.withDefaultKeyspaceName} at run time, and Achilles writes it into every
 * statement ({@code keyspace.user}).
 */
@Table(table = "user")
public class UserAchilles {

    @PartitionKey
    @Column("id")
    private UUID id;

    @Column("first_name")
    private String firstName;

    @Column("last_name")
    private String lastName;

    @Column("city")
    private String city;

    public UserAchilles() {}

    public UserAchilles(UUID id, String firstName, String lastName, String city) {
        this.id = id;
        this.firstName = firstName;
        this.lastName = lastName;
        this.city = city;
    }

    public UUID getId() {
        return id;
    }

    public void setId(UUID id) {
        this.id = id;
    }

    public String getFirstName() {
        return firstName;
    }

    public void setFirstName(String firstName) {
        this.firstName = firstName;
    }

    public String getLastName() {
        return lastName;
    }

    public void setLastName(String lastName) {
        this.lastName = lastName;
    }

    public String getCity() {
        return city;
    }

    public void setCity(String city) {
        this.city = city;
    }
}
