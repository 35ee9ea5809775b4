package dev.cqlbench.binding.springdata;

import java.time.Instant;
import java.util.Map;
import org.springframework.data.cassandra.core.mapping.Column;
import org.springframework.data.cassandra.core.mapping.Table;

/**
 * Study 02's row, all 12 columns: the summary's three, inherited (Spring Data maps a superclass's fields too), and the
 * nine others. The library reads and writes the fields (Spring Data's default access): no accessors.
 */
@Table("activities")
public class ActivitySpring extends ActivitySummarySpring {
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
