package dev.cqlbench.scenario.crud;

import dev.cqlbench.binding.User;
import java.util.SplittableRandom;
import java.util.UUID;

/**
 * Users of study 01 ("John1", "Smith1", "London1"…), generated before timing. Ids are random version-4
 * UUIDs drawn from a stream keyed by (seed, variant, cycle), so every variant and every cycle uses ids never
 * used before, and the same seed repeats the run exactly.
 */
public final class UserGenerator {

    /** Cycle number used for the warmup users, distinct from every measured cycle. */
    public static final int WARMUP_CYCLE = -1;

    private UserGenerator() {}

    public static User[] users(long seed, String variant, int cycle, int count) {
        SplittableRandom random = new SplittableRandom(mix(seed, variant, cycle));
        User[] users = new User[count];
        for (int i = 0; i < count; i++) {
            users[i] = new User(randomUuid(random), "John" + i, "Smith" + i, "London" + i);
        }
        return users;
    }

    /** The study's update: every text field gets the suffix {@code ___u}. */
    public static User updated(User user) {
        return new User(user.id(), user.firstName() + "___u", user.lastName() + "___u", user.city() + "___u");
    }

    static long mix(long seed, String variant, int cycle) {
        long h = seed * 0x9E3779B97F4A7C15L;
        h ^= variant.hashCode() * 0xC2B2AE3D27D4EB4FL;
        h ^= (cycle + 0x5DEECE66DL) * 0x165667B19E3779F9L;
        return h;
    }

    private static UUID randomUuid(SplittableRandom random) {
        long msb = (random.nextLong() & ~0xF000L) | 0x4000L;
        long lsb = (random.nextLong() & 0x3FFFFFFFFFFFFFFFL) | 0x8000000000000000L;
        return new UUID(msb, lsb);
    }
}
