package dev.cqlbench.binding.kundera;

import dev.cqlbench.binding.CqlValues;
import dev.cqlbench.profile.CqlLiterals;
import dev.cqlbench.profile.CqlType;
import dev.cqlbench.profile.EntityColumns;
import dev.cqlbench.profile.Features;
import dev.cqlbench.profile.Profile;
import dev.cqlbench.profile.ProfileTable;
import dev.cqlbench.profile.Statements;
import dev.cqlbench.profile.sources.Bean;
import java.lang.reflect.Method;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.persistence.EntityManager;

/**
 * A user's profile through Kundera's JPA EntityManager, as the built-in scenario uses it: the classes of
 * {@link KunderaProfileSources} (compiled onto the worker's classpath, where Kundera loads entities from), an insert
 * {@code persist}, a read {@code find}, each followed by {@code clear()} so that every read asks Cassandra; a query
 * a native query ({@code createNativeQuery(cql, ProfileRow.class)}): Kundera's native queries take no bind values,
 * so its text carries them as literals, written before the timed call as the application would (in compare mode;
 * load mode times making what is written and bound, for every library). One EntityManager per calling thread.
 */
final class KunderaProfileTable implements ProfileTable {

    /** An EntityManager per thread (a JPA EntityManager is not thread-safe; load mode calls from many threads). */
    private final ThreadLocal<EntityManager> em;
    private final Profile profile;
    private final String keyspace;
    private final KunderaProfileSources sources;
    private final Class<?> entityClass;
    private final Method of;
    private final Method key;
    private final List<Method[]> udts = new ArrayList<>();
    private final EntityColumns columns;

    /** The rows of query {@code query} (its name). */
    private record Result(String query, List<?> entities) {}

    KunderaProfileTable(java.util.function.Supplier<EntityManager> entityManagers, Profile profile, String keyspace,
                        KunderaProfileSources sources, ClassLoader loader) throws ReflectiveOperationException {
        this.em = ThreadLocal.withInitial(entityManagers);
        this.profile = profile;
        this.keyspace = keyspace;
        this.sources = sources;
        this.entityClass = loader.loadClass(KunderaProfileSources.PACKAGE + ".ProfileRow");
        this.of = entityClass.getMethod("of", Object[].class);
        this.key = entityClass.getMethod("key", Object[].class);
        for (int u = 0; u < sources.udts.size(); u++) {
            Class<?> udt = loader.loadClass(KunderaProfileSources.PACKAGE + ".Udt" + u);
            udts.add(new Method[] {udt.getMethod("of", Object[].class), udt.getMethod("values")});
        }
        this.columns = new EntityColumns(profile, (c, v) -> toKundera(profile.columns().get(c).cqlType(), v),
                (c, v) -> fromKundera(profile.columns().get(c).cqlType(), v), Bean.valuesOf(entityClass));
    }

    /** One row (Kundera has no batch: the binding's limits keep batched profiles from it). */
    @Override
    public Object toWrite(List<Object[]> rows) throws Exception {
        if (rows.size() != 1) {
            throw new IllegalStateException("Kundera writes one entity at a time, not a batch of " + rows.size());
        }
        return of.invoke(null, (Object) columns.toLibrary(rows.get(0)));
    }

    @Override
    public void write(Object entity) {
        EntityManager em = this.em.get();
        try {
            em.persist(entity);
        } finally {
            em.clear();
        }
    }

    /** The query's text with its values as literals. */
    @Override
    public Object toBind(String name, Object[] values) {
        Profile.Query query = profile.queries().get(name);
        List<String> literals = new ArrayList<>();
        for (int i = 0; i < values.length; i++) {
            literals.add(CqlLiterals.format(profile.column(query.binds().get(i)).cqlType(), values[i], profile));
        }
        return Statements.inlined(Statements.query(profile, name, keyspace), literals);
    }

    @Override
    public Object query(String name, Object bound) {
        String cql = (String) bound;
        EntityManager em = this.em.get();
        try {
            if (!profile.queries().get(name).select()) {
                em.createNativeQuery(cql, entityClass).executeUpdate();
                return new Result(name, List.of());
            }
            return new Result(name, em.createNativeQuery(cql, entityClass).getResultList());
        } finally {
            em.clear();
        }
    }

    /** Each entity's columns; of a query that selects some columns, those (the others are not read). */
    @Override
    public List<Map<String, Object>> rows(Object result) {
        Result rows = (Result) result;
        Profile.Query query = profile.queries().get(rows.query());
        List<Map<String, Object>> out = new ArrayList<>();
        for (Object entity : rows.entities()) {
            Map<String, Object> named = columns.named(entity);
            if (!Features.wholeRows(query, profile)) {
                named.keySet().retainAll(query.selected());
            }
            out.add(named);
        }
        return out;
    }

    @Override
    public Map<String, Object> read(Object[] primaryKey) throws Exception {
        Object id = key.invoke(null, (Object) columns.toLibrary(primaryKey));
        Object entity;
        EntityManager em = this.em.get();
        try {
            entity = em.find(entityClass, id);
        } finally {
            em.clear();
        }
        return columns.named(entity);
    }

    private Object toKundera(CqlType type, Object value) {
        if (value == null) {
            return null;
        }
        if (type.isUdt()) {
            Map<String, Object> fields = ((CqlValues.Udt) value).fields();
            List<Object> out = new ArrayList<>();
            for (Profile.Field field : profile.type(type.name()).fields()) {
                out.add(toKundera(CqlType.parse(field.type()), fields.get(field.name())));
            }
            try {
                return udts.get(sources.udts.indexOf(type.name()))[0].invoke(null, (Object) out.toArray());
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException(e);
            }
        }
        List<CqlType> args = type.args();
        switch (type.name()) {
            case "list", "set", "map" -> {
                return CqlValues.collection(type.name(), value, (position, v) -> toKundera(args.get(position), v));
            }
            case "blob" -> {
                ByteBuffer buffer = ((ByteBuffer) value).duplicate();
                byte[] bytes = new byte[buffer.remaining()];
                buffer.get(bytes);
                return bytes;
            }
            case "timestamp" -> {
                return Date.from((Instant) value);
            }
            default -> {
                return value;
            }
        }
    }

    private Object fromKundera(CqlType type, Object value) {
        if (value == null) {
            return null;
        }
        try {
            if (type.isUdt()) {
                Object[] values = (Object[]) udts.get(sources.udts.indexOf(type.name()))[1].invoke(value);
                Map<String, Object> fields = new LinkedHashMap<>();
                int f = 0;
                for (Profile.Field field : profile.type(type.name()).fields()) {
                    fields.put(field.name(), fromKundera(CqlType.parse(field.type()), values[f++]));
                }
                return new CqlValues.Udt(type.name(), fields);
            }
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
        List<CqlType> args = type.args();
        return switch (type.name()) {
            case "list", "set", "map" -> CqlValues.collection(type.name(), value,
                    (position, v) -> fromKundera(args.get(position), v));
            case "blob" -> ByteBuffer.wrap((byte[]) value).asReadOnlyBuffer();
            case "timestamp" -> ((Date) value).toInstant();
            default -> value;
        };
    }
}
