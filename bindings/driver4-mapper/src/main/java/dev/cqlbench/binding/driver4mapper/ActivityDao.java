package dev.cqlbench.binding.driver4mapper;

import com.datastax.oss.driver.api.mapper.annotations.Dao;
import com.datastax.oss.driver.api.mapper.annotations.Select;
import java.util.UUID;

@Dao
public interface ActivityDao {
    @Select
    ActivityEntity findById(UUID activityId);

    @Select
    ActivitySummaryEntity findSummaryById(UUID activityId);
}
