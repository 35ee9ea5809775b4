package dev.cqlbench.binding.driver4mapper;

import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.mapper.annotations.Dao;
import com.datastax.oss.driver.api.mapper.annotations.GetEntity;
import com.datastax.oss.driver.api.mapper.annotations.Select;
import java.util.UUID;

@Dao
public interface ActivityDao {
    @Select
    ActivityEntity findById(UUID activityId);

    @Select
    ActivitySummaryEntity findSummaryById(UUID activityId);

    /** What {@link #findById} does with the row it reads (the same generated helper): the decode-path benchmark. */
    @GetEntity
    ActivityEntity asActivity(Row row);

    /** What {@link #findSummaryById} does with the row it reads. */
    @GetEntity
    ActivitySummaryEntity asSummary(Row row);
}
