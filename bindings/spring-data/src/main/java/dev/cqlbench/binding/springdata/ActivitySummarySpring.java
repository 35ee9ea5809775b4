package dev.cqlbench.binding.springdata;

import java.util.UUID;
import org.springframework.data.cassandra.core.mapping.Column;
import org.springframework.data.cassandra.core.mapping.PrimaryKey;
import org.springframework.data.cassandra.core.mapping.Table;

/**
 * The 3-column projection: the template selects only the mapped columns; {@link ActivitySpring} adds the nine others.
 * The library reads and writes the fields (Spring Data's default access): no accessors.
 */
@Table("activities")
public class ActivitySummarySpring {
    @PrimaryKey("activity_id")
    UUID activityId;
    @Column("activity_model_id")
    long activityModelId;
    @Column("activity_state")
    String activityState;
}
