package dev.cqlbench.binding.driver4mapper;

import com.datastax.oss.driver.api.mapper.annotations.Dao;
import com.datastax.oss.driver.api.mapper.annotations.Delete;
import com.datastax.oss.driver.api.mapper.annotations.Insert;
import com.datastax.oss.driver.api.mapper.annotations.Select;
import com.datastax.oss.driver.api.mapper.annotations.Update;
import java.util.UUID;
import java.util.concurrent.CompletionStage;

@Dao
public interface UserDao {
    @Insert
    void insert(UserEntity user);

    @Select
    UserEntity findById(UUID id);

    @Update
    void update(UserEntity user);

    @Delete(entityClass = UserEntity.class)
    void deleteById(UUID id);

    @Insert
    CompletionStage<Void> insertAsync(UserEntity user);

    @Select
    CompletionStage<UserEntity> findByIdAsync(UUID id);

    @Update
    CompletionStage<Void> updateAsync(UserEntity user);

    @Delete(entityClass = UserEntity.class)
    CompletionStage<Void> deleteByIdAsync(UUID id);
}
