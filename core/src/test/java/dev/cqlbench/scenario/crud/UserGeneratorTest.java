package dev.cqlbench.scenario.crud;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cqlbench.binding.User;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class UserGeneratorTest {

    @Test
    void sameSeedVariantAndCycleGiveTheSameUsers() {
        assertThat(UserGenerator.users(7, "driver4", 0, 100)).containsExactly(UserGenerator.users(7, "driver4", 0, 100));
    }

    @Test
    void idsAreNeverReusedAcrossCyclesVariantsAndWarmup() {
        Set<UUID> ids = new HashSet<>();
        int generated = 0;
        for (String variant : new String[] {"driver4", "driver3"}) {
            for (int cycle = UserGenerator.WARMUP_CYCLE; cycle < 5; cycle++) {
                for (User user : UserGenerator.users(42, variant, cycle, 2_000)) {
                    ids.add(user.id());
                    generated++;
                }
            }
        }
        assertThat(ids).hasSize(generated);
    }

    @Test
    void idsAreVersion4UuidsAndFieldsFollowTheStudy() {
        User[] users = UserGenerator.users(1, "v", 0, 3);
        assertThat(Arrays.stream(users).map(u -> u.id().version())).containsOnly(4);
        assertThat(users[2]).extracting(User::firstName, User::lastName, User::city)
                .containsExactly("John2", "Smith2", "London2");
        assertThat(UserGenerator.updated(users[2]))
                .isEqualTo(new User(users[2].id(), "John2___u", "Smith2___u", "London2___u"));
    }
}
