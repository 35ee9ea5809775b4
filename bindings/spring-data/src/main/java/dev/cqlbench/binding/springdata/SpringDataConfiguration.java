package dev.cqlbench.binding.springdata;

import com.datastax.oss.driver.api.core.CqlSession;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.cassandra.core.CassandraTemplate;
import org.springframework.data.cassandra.repository.config.EnableCassandraRepositories;

/** Plain Spring, no Boot: the session is registered by the binding, the template and repository built here. */
@Configuration
@EnableCassandraRepositories(basePackageClasses = UserRepository.class)
public class SpringDataConfiguration {

    @Bean
    public CassandraTemplate cassandraTemplate(CqlSession session) {
        return new CassandraTemplate(session);
    }
}
