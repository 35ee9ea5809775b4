package dev.cqlbench.binding.driver4mapper;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.mapper.annotations.DaoFactory;
import com.datastax.oss.driver.api.mapper.annotations.DaoKeyspace;
import com.datastax.oss.driver.api.mapper.annotations.Mapper;

/** Entry point of the generated mapper; the keyspace is chosen at run time. */
@Mapper
public interface CqlbenchMapper {
    @DaoFactory
    UserDao userDao(@DaoKeyspace CqlIdentifier keyspace);

    @DaoFactory
    ActivityDao activityDao(@DaoKeyspace CqlIdentifier keyspace);
}
