package dev.cqlbench.profile;

import dev.cqlbench.binding.CqlValues;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.UUID;

/**
 * A value of any Cassandra 5 type, drawn from a seed: the same seed and type, the same value ({@link CqlValues}'s
 * Java types). Lengths of texts and blobs and element counts of collections come from the column's size
 * distribution; every value round-trips through Cassandra unchanged (timestamps in whole milliseconds, timeuuids of
 * version 1, durations of one sign, no empty collection, which Cassandra would read back as none).
 */
public final class Values {

    private static final char[] ALPHABET = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789".toCharArray();
    /** 100-ns intervals from 1582-10-15 (the UUID epoch) to 1970-01-01. */
    private static final long UUID_EPOCH_OFFSET = 0x01B21DD213814000L;
    /** Elements of a collection at most, whatever the size distribution says (a cell stays small). */
    static final int MAX_ELEMENTS = 64;

    private final Profile profile;

    public Values(Profile profile) {
        this.profile = profile;
    }

    /** The value of {@code type} drawn with {@code seed}; {@code size} gives lengths and element counts. */
    public Object value(CqlType type, long seed, Distribution size, boolean nonEmpty) {
        SplittableRandom r = new SplittableRandom(seed);
        return switch (type.name()) {
            case "text", "ascii" -> text(r, length(size, r, nonEmpty));
            case "blob" -> {
                byte[] bytes = new byte[length(size, r, nonEmpty)];
                for (int i = 0; i < bytes.length; i++) {
                    bytes[i] = (byte) r.nextInt(256);
                }
                yield ByteBuffer.wrap(bytes).asReadOnlyBuffer();
            }
            case "boolean" -> r.nextBoolean();
            case "tinyint" -> (byte) r.nextInt(256);
            case "smallint" -> (short) r.nextInt(65536);
            case "int" -> r.nextInt();
            case "bigint" -> r.nextLong();
            case "counter" -> (long) r.nextInt(1, 1000);
            case "varint" -> {
                BigInteger v = new BigInteger(8 * Math.max(1, length(size, r, true)), new java.util.Random(r.nextLong()));
                yield r.nextBoolean() ? v.negate() : v;
            }
            case "decimal" -> BigDecimal.valueOf(r.nextLong(-1_000_000_000_000L, 1_000_000_000_000L), r.nextInt(0, 7));
            case "float" -> r.nextInt(-100_000_000, 100_000_000) / 128f;
            case "double" -> r.nextLong(-1L << 50, 1L << 50) / 1024.0;
            case "date" -> LocalDate.ofEpochDay(r.nextLong(-200_000, 200_000));
            case "time" -> LocalTime.ofNanoOfDay(r.nextLong(86_400_000_000_000L));
            case "timestamp" -> Instant.ofEpochMilli(r.nextLong(0, 4_102_444_800_000L));
            case "uuid" -> new UUID(r.nextLong() & ~0xF000L | 0x4000L, r.nextLong() & ~(3L << 62) | (2L << 62));
            case "timeuuid" -> timeUuid(r);
            case "inet" -> inet(r);
            case "duration" -> new CqlValues.Duration(r.nextInt(0, 48), r.nextInt(0, 60),
                    r.nextLong(0, 86_400_000_000_000L));
            case "list" -> collection(new ArrayList<>(), type, size, r);
            case "set" -> collection(new LinkedHashSet<>(), type, size, r);
            case "map" -> {
                Map<Object, Object> map = new LinkedHashMap<>();
                int n = elements(size, r);
                for (int i = 0; i < n; i++) {
                    map.put(value(type.args().get(0), r.nextLong(), size, true),
                            value(type.args().get(1), r.nextLong(), size, true));
                }
                yield map;
            }
            case "tuple" -> {
                List<Object> values = new ArrayList<>();
                for (CqlType component : type.args()) {
                    values.add(value(component, r.nextLong(), size, true));
                }
                yield new CqlValues.Tuple(values);
            }
            case "vector" -> {
                List<Float> values = new ArrayList<>();
                for (int i = 0; i < type.dimension(); i++) {
                    values.add(r.nextInt(-1_000_000, 1_000_000) / 1024f);
                }
                yield values;
            }
            default -> udt(type, r, size);
        };
    }

    /** {@code into} (a list or a set), given as many elements of the type's element type as {@code size} draws. */
    private Collection<Object> collection(Collection<Object> into, CqlType type, Distribution size,
                                          SplittableRandom r) {
        int n = elements(size, r);
        for (int i = 0; i < n; i++) {
            into.add(value(type.args().get(0), r.nextLong(), size, true));
        }
        return into;
    }

    private Object udt(CqlType type, SplittableRandom r, Distribution size) {
        Profile.UserType udt = profile.type(type.name());
        if (udt == null) {
            throw new IllegalStateException("no user-defined type " + type.name() + " in the profile");
        }
        Map<String, Object> fields = new LinkedHashMap<>();
        for (Profile.Field field : udt.fields()) {
            fields.put(field.name(), value(CqlType.parse(field.type()), r.nextLong(), size, true));
        }
        return new CqlValues.Udt(udt.name(), fields);
    }

    private static int length(Distribution size, SplittableRandom r, boolean nonEmpty) {
        long n = size.sample(r.nextLong());
        return (int) Math.max(nonEmpty ? 1 : 0, Math.min(n, 1 << 20));
    }

    private static int elements(Distribution size, SplittableRandom r) {
        return (int) Math.max(1, Math.min(size.sample(r.nextLong()), MAX_ELEMENTS));
    }

    private static String text(SplittableRandom r, int length) {
        char[] chars = new char[length];
        for (int i = 0; i < length; i++) {
            chars[i] = ALPHABET[r.nextInt(ALPHABET.length)];
        }
        return new String(chars);
    }

    /** A version-1 UUID whose time lies between 1970 and 2100. */
    private static UUID timeUuid(SplittableRandom r) {
        long time = UUID_EPOCH_OFFSET + r.nextLong(0, 41_024_448_000_000_000L);
        long msb = (time & 0xFFFFFFFFL) << 32 | ((time >>> 32) & 0xFFFFL) << 16 | 0x1000L | ((time >>> 48) & 0x0FFFL);
        long lsb = r.nextLong() & ~(3L << 62) | (2L << 62);
        return new UUID(msb, lsb);
    }

    private static InetAddress inet(SplittableRandom r) {
        byte[] bytes = new byte[r.nextInt(4) == 0 ? 16 : 4];
        for (int i = 0; i < bytes.length; i++) {
            bytes[i] = (byte) r.nextInt(256);
        }
        try {
            return InetAddress.getByAddress(bytes);
        } catch (UnknownHostException e) {
            throw new IllegalStateException(e);
        }
    }
}
