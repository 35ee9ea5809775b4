package dev.cqlbench.binding.springdata;

import java.time.Instant;
import java.util.Map;
import java.util.UUID;
import org.springframework.data.cassandra.core.mapping.Column;
import org.springframework.data.cassandra.core.mapping.PrimaryKey;
import org.springframework.data.cassandra.core.mapping.Table;

/**
 *Study 02's row, all 12 columns.
 * The library reads and writes the fields (Spring Data's default access): no accessors.
 */
@Table("activities")
public class ActivitySpring {
    @PrimaryKey("activity_id")
    UUID activityId;
    @Column("activity_model_id")
    long activityModelId;
    @Column("activity_state")
    String activityState;
    @Column("asset_id")
    String assetId;
    @Column("attrs")
    Map<String, String> attrs;
    @Column("creation_time")
    Instant creationTime;
    @Column("customer_id")
    String customerId;
    @Column("end_time")
    Instant endTime;
    @Column("last_modified_time")
    Instant lastModifiedTime;
    @Column("person_id")
    String personId;
    @Column("poi_id")
    String poiId;
    @Column("start_time")
    Instant startTime;
}
