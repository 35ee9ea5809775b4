package dev.cqlbench.binding.kundera;

import dev.cqlbench.binding.CqlValues;
import dev.cqlbench.profile.CqlLiterals;
import dev.cqlbench.profile.CqlType;
import dev.cqlbench.profile.Features;
import dev.cqlbench.profile.MapperTable;
import dev.cqlbench.profile.Profile;
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
import java.util.function.Function;
import javax.persistence.EntityManager;

/**
 * A user's profile through Kundera's JPA EntityManager, as the built-in scenario uses it: the classes of
 * {@link KunderaProfileSources} (compiled onto the worker's classpath, where Kundera loads entities from), an insert
 * {@code persist}, a read {@code find}, each followed by {@code clear()} so that every read asks Cassandra; a query
 * a native query ({@code createNativeQuery(cql, ProfileRow.class)}): Kundera's native queries take no bind values,
 * so its text carries them as literals, written before the timed call as the application would (in compare mode;
 * load mode times making what is written and bound, for every library). One EntityManager per calling thread.
 */
final class KunderaProfileTable extends MapperTable<Object, String> {

    /** An EntityManager per thread (a JPA EntityManager is not thread-safe; load mode calls from many threads). */
    private final ThreadLocal<EntityManager> em;
    private final String keyspace;
    private final KunderaProfileSources sources;
    private final Class<?> entityClass;
    private final Method of;
    private final Method key;
    private final Function<Object, Object[]> valuesOf;
    private final List<Method[]> udts = new ArrayList<>();

    /** The rows of query {@code q} (in the profile's order). */
    private record Result(int q, List<?> entities) {}

    KunderaProfileTable(java.util.function.Supplier<EntityManager> entityManagers, Profile profile, String keyspace,
                        KunderaProfileSources sources, ClassLoader loader) throws ReflectiveOperationException {
        super(profile);
        this.em = ThreadLocal.withInitial(entityManagers);
        this.keyspace = keyspace;
        this.sources = sources;
        this.entityClass = loader.loadClass(KunderaProfileSources.PACKAGE + ".ProfileRow");
        this.of = entityClass.getMethod("of", Object[].class);
        this.key = entityClass.getMethod("key", Object[].class);
        this.valuesOf = Bean.valuesOf(entityClass);
        for (int u = 0; u < sources.udts.size(); u++) {
            Class<?> udt = loader.loadClass(KunderaProfileSources.PACKAGE + ".Udt" + u);
            udts.add(new Method[] {udt.getMethod("of", Object[].class), udt.getMethod("values")});
        }
    }

    @Override
    public Object toLibrary(int column, Object value) {
        return toKundera(profile.columns().get(column).cqlType(), value);
    }

    @Override
    public Object fromLibrary(int column, Object value) {
        return fromKundera(profile.columns().get(column).cqlType(), value);
    }

    @Override
    protected Object entity(Object[] values) throws ReflectiveOperationException {
        return of.invoke(null, (Object) values);
    }

    @Override
    protected Object[] values(Object entity) {
        return valuesOf.apply(entity);
    }

    /** {@code persist}, then {@code clear()}. */
    @Override
    protected void insert(Object entity) {
        EntityManager em = this.em.get();
        try {
            em.persist(entity);
        } finally {
            em.clear();
        }
    }

    /** JPA's {@code persist} has no condition (the binding's limits keep conditional profiles from it). */
    @Override
    protected boolean insertIf(Object entity) {
        throw new UnsupportedOperationException("Kundera's persist writes no condition ("
                + profile.insert().condition() + ")");
    }

    /** One row at a time (Kundera has no batch: the binding's limits keep batched profiles from it). */
    @Override
    public Object toWrite(List<Object[]> rows) throws Exception {
        if (rows.size() != 1) {
            throw new IllegalStateException("Kundera writes one entity at a time, not a batch of " + rows.size());
        }
        return super.toWrite(rows);
    }

    /** Never asked: {@link #toWrite} refuses several rows. */
    @Override
    protected boolean batch(List<Object> entities) {
        throw new IllegalStateException("Kundera writes one entity at a time, not a batch of " + entities.size());
    }

    /** {@code find} by the entity's key, then {@code clear()}. */
    @Override
    protected Object byKey(Object[] values) throws ReflectiveOperationException {
        Object id = key.invoke(null, (Object) values);
        EntityManager em = this.em.get();
        try {
            return em.find(entityClass, id);
        } finally {
            em.clear();
        }
    }

    /** The query's text with its values as literals. */
    @Override
    protected String bind(int q, Object[] values) {
        Profile.Query query = profileQuery(q);
        List<String> literals = new ArrayList<>();
        for (int i = 0; i < values.length; i++) {
            literals.add(CqlLiterals.format(profile.column(query.binds().get(i)).cqlType(), values[i], profile));
        }
        return Statements.inlined(Statements.query(profile, query.name(), keyspace), literals);
    }

    @Override
    protected Object query(int q, String cql) {
        EntityManager em = this.em.get();
        try {
            if (!profileQuery(q).select()) {
                em.createNativeQuery(cql, entityClass).executeUpdate();
                return new Result(q, List.of());
            }
            return new Result(q, em.createNativeQuery(cql, entityClass).getResultList());
        } finally {
            em.clear();
        }
    }

    /** Each entity's columns; of a query that selects some columns, those (the others are not read). */
    @Override
    public List<Map<String, Object>> rows(Object result) {
        Result rows = (Result) result;
        Profile.Query query = profileQuery(rows.q());
        List<Map<String, Object>> out = new ArrayList<>();
        for (Object entity : rows.entities()) {
            Map<String, Object> named = namedEntity(entity);
            if (!Features.wholeRows(query, profile)) {
                named.keySet().retainAll(query.selected());
            }
            out.add(named);
        }
        return out;
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
