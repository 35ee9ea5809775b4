package dev.cqlbench.binding.springdata;

import java.util.UUID;
import org.springframework.data.repository.CrudRepository;

public interface UserRepository extends CrudRepository<UserSpring, UUID> {}
