package dev.cqlbench.binding.achilles;

import com.datastax.driver.core.PreparedStatement;
import com.datastax.driver.core.Session;
import info.archinnov.achilles.internals.cache.CacheKey;
import info.archinnov.achilles.internals.cache.StatementsCache;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Achilles' own statement cache, counting what goes through it: the static statements Achilles prepares at
 * bootstrap ({@code session.prepare} inside {@link #putStaticCache}) and the dynamic ones it prepares on first use
 * (UPDATE, whose SET list depends on which fields are non-null). Handed to Achilles with
 * {@code ManagerFactoryBuilder.withStatementsCache}, so the audit counts what Achilles really prepared.
 */
final class CountingStatementsCache extends StatementsCache {

    /** Achilles' default LRU size for dynamic statements ({@code ArgumentExtractor.DEFAULT_LRU_CACHE_SIZE}). */
    static final int DEFAULT_LRU_SIZE = 10_000;

    private final List<String> staticQueries = new CopyOnWriteArrayList<>();
    private final Set<String> dynamicQueries = ConcurrentHashMap.newKeySet();

    CountingStatementsCache(int maxLRUCacheSize) {
        super(maxLRUCacheSize);
    }

    @Override
    public void putStaticCache(CacheKey cacheKey, Callable<PreparedStatement> psSupplier) {
        super.putStaticCache(cacheKey, () -> {
            PreparedStatement ps = psSupplier.call();
            staticQueries.add(ps.getQueryString());
            return ps;
        });
    }

    @Override
    public PreparedStatement getDynamicCache(String queryString, Session session) {
        PreparedStatement ps = super.getDynamicCache(queryString, session);
        dynamicQueries.add(queryString);
        return ps;
    }

    /** Query strings prepared at bootstrap, in order. */
    List<String> staticQueries() {
        return new ArrayList<>(staticQueries);
    }

    /** Query strings prepared on demand (and cached by query string). */
    List<String> dynamicQueries() {
        return new ArrayList<>(dynamicQueries);
    }

    int preparedCount() {
        return staticQueries.size() + dynamicQueries.size();
    }
}
