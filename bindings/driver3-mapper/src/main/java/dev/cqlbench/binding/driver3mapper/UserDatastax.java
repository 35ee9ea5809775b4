package dev.cqlbench.binding.driver3mapper;

import com.datastax.driver.mapping.annotations.Column;
import com.datastax.driver.mapping.annotations.PartitionKey;
import com.datastax.driver.mapping.annotations.Table;
import java.util.UUID;

/**
 * Study 01's UserDatastax, without its {@code readConsistency/writeConsistency = "QUORUM"}: every variant here
 * uses the run's consistency level (the study's mapper ran at QUORUM while its native code ran at ONE).
 * No keyspace: the mapper uses the session's keyspace, chosen at run time.
 */
@Table(name = "user")
public class UserDatastax {
    @PartitionKey
    @Column(name = "id")
    private UUID id;
    @Column(name = "first_name")
    private String firstName;
    @Column(name = "last_name")
    private String lastName;
    @Column(name = "city")
    private String city;

    public UserDatastax() {}

    public UserDatastax(UUID id, String firstName, String lastName, String city) {
        this.id = id;
        this.firstName = firstName;
        this.lastName = lastName;
        this.city = city;
    }

    public UUID getId() { return id; }
    public void setId(UUID id) { this.id = id; }
    public String getFirstName() { return firstName; }
    public void setFirstName(String firstName) { this.firstName = firstName; }
    public String getLastName() { return lastName; }
    public void setLastName(String lastName) { this.lastName = lastName; }
    public String getCity() { return city; }
    public void setCity(String city) { this.city = city; }
}
