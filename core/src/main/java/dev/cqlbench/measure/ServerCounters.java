package dev.cqlbench.measure;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import javax.management.InstanceNotFoundException;
import javax.management.JMException;
import javax.management.MBeanServerConnection;
import javax.management.ObjectName;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;
import javax.management.remote.JMXServiceURL;

/**
 * What a Cassandra node counted, read over its JMX port: the server's own record of what clients sent it. Every
 * figure is a monotonic count (a Dropwizard counter, meter, timer or histogram's {@code Count}), so the difference
 * of two readings is exactly what happened between them, on that node. The names are Cassandra 5.0's:
 * <ul>
 *   <li>{@code cql.prepared}, {@code cql.regular}: EXECUTE and QUERY messages ({@code type=CQL}); a BATCH message
 *       counts in neither, PREPARE has no counter;</li>
 *   <li>{@code batch.logged}, {@code batch.unlogged}, {@code batch.counter}: batches executed ({@code type=Batch},
 *       the count of its partitions-per-batch histograms), and {@code batch.*.partitions}: the partitions they
 *       touched, from the histograms' bucket counts (exact up to 8 partitions a batch, within a tenth beyond);</li>
 *   <li>{@code request.read}, {@code request.write}, {@code request.range}, {@code request.cas_read},
 *       {@code request.cas_write}: requests this node coordinated ({@code type=ClientRequest}); a write is one
 *       statement or one batch, a read one page of a SELECT;</li>
 *   <li>{@code request.read.QUORUM}, {@code request.write.ONE}, …: the same by consistency level, levels never
 *       used left out;</li>
 *   <li>{@code request.read.local}, {@code request.read.remote}, {@code request.write.local},
 *       {@code request.write.remote}: whether the coordinator was itself a replica of what it read or wrote, or
 *       had to forward;</li>
 *   <li>{@code request.read.micros}, {@code request.write.micros}, {@code request.range.micros}: the time those
 *       requests took this node as coordinator, from receiving to answering, in microseconds (each scope's
 *       {@code TotalLatency} counter);</li>
 *   <li>{@code storage.read}, {@code storage.write}, {@code storage.range}: reads and writes this node did as a
 *       replica, in the keyspace asked for ({@code type=Keyspace}), or in all ({@code type=Table}); and
 *       {@code storage.read.micros}, …: the time they took it ({@code ReadTotalLatency}, …: the local read or write
 *       alone, without the network or the coordinator's wait);</li>
 *   <li>{@code bytes.received}, {@code bytes.sent}: native-protocol message bytes, header included
 *       ({@code type=ClientMessageSize});</li>
 *   <li>{@code rows.read}, {@code rows.written}: rows read and written for clients ({@code type=ClientRequestSize}).</li>
 * </ul>
 * A reading costs some tens of JMX calls: take it around a block, not inside one.
 */
public final class ServerCounters implements AutoCloseable {

    private static final String METRICS = "org.apache.cassandra.metrics:";

    /** Consistency levels, each with its own read and write request counts. */
    private static final List<String> LEVELS = List.of("ANY", "ONE", "TWO", "THREE", "QUORUM", "ALL",
            "LOCAL_QUORUM", "EACH_QUORUM", "SERIAL", "LOCAL_SERIAL", "LOCAL_ONE", "NODE_LOCAL");

    /** Fixed counters: name in results → ObjectName. */
    private static final Map<String, String> FIXED = fixed();

    /** Batch kinds: name in results → histogram. */
    private static final Map<String, String> BATCHES = Map.of(
            "batch.logged", METRICS + "type=Batch,name=PartitionsPerLoggedBatch",
            "batch.unlogged", METRICS + "type=Batch,name=PartitionsPerUnloggedBatch",
            "batch.counter", METRICS + "type=Batch,name=PartitionsPerCounterBatch");

    private final JMXConnector connector;
    private final MBeanServerConnection server;
    private final String keyspace;

    private ServerCounters(JMXConnector connector, String keyspace) throws IOException {
        this.connector = connector;
        this.server = connector.getMBeanServerConnection();
        this.keyspace = keyspace;
    }

    /**
     * Connects to a node's JMX port (no authentication: the local JMX of an embedded or kept node).
     *
     * @param keyspace whose replica reads and writes {@code storage.*} counts; null: every keyspace
     */
    public static ServerCounters connect(String host, int jmxPort, String keyspace) throws IOException {
        JMXServiceURL url = new JMXServiceURL("service:jmx:rmi:///jndi/rmi://" + host + ":" + jmxPort + "/jmxrmi");
        return new ServerCounters(JMXConnectorFactory.connect(url), keyspace);
    }

    private static Map<String, String> fixed() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("cql.prepared", METRICS + "type=CQL,name=PreparedStatementsExecuted");
        m.put("cql.regular", METRICS + "type=CQL,name=RegularStatementsExecuted");
        m.put("request.read", METRICS + "type=ClientRequest,scope=Read,name=Latency");
        m.put("request.write", METRICS + "type=ClientRequest,scope=Write,name=Latency");
        m.put("request.range", METRICS + "type=ClientRequest,scope=RangeSlice,name=Latency");
        m.put("request.cas_read", METRICS + "type=ClientRequest,scope=CASRead,name=Latency");
        m.put("request.cas_write", METRICS + "type=ClientRequest,scope=CASWrite,name=Latency");
        m.put("request.read.micros", METRICS + "type=ClientRequest,scope=Read,name=TotalLatency");
        m.put("request.write.micros", METRICS + "type=ClientRequest,scope=Write,name=TotalLatency");
        m.put("request.range.micros", METRICS + "type=ClientRequest,scope=RangeSlice,name=TotalLatency");
        m.put("request.read.local", METRICS + "type=ClientRequest,scope=Read,name=LocalRequests");
        m.put("request.read.remote", METRICS + "type=ClientRequest,scope=Read,name=RemoteRequests");
        m.put("request.write.local", METRICS + "type=ClientRequest,scope=Write,name=LocalRequests");
        m.put("request.write.remote", METRICS + "type=ClientRequest,scope=Write,name=RemoteRequests");
        m.put("bytes.received", METRICS + "type=ClientMessageSize,name=BytesReceived");
        m.put("bytes.sent", METRICS + "type=ClientMessageSize,name=BytesSent");
        m.put("rows.read", METRICS + "type=ClientRequestSize,name=RowsRead");
        m.put("rows.written", METRICS + "type=ClientRequestSize,name=RowsWritten");
        for (String level : LEVELS) {
            m.put("request.read." + level, METRICS + "type=ClientRequest,scope=Read-" + level + ",name=Latency");
            m.put("request.write." + level, METRICS + "type=ClientRequest,scope=Write-" + level + ",name=Latency");
        }
        return m;
    }

    /** Everything this node has counted so far; a counter the node does not have is left out. */
    public Counted read() throws IOException {
        Map<String, Long> out = new TreeMap<>();
        try {
            for (Map.Entry<String, String> e : FIXED.entrySet()) {
                Long count = count(e.getValue());
                if (count != null) {
                    out.put(e.getKey(), count);
                }
            }
            String scope = METRICS + (keyspace == null ? "type=Table" : "type=Keyspace,keyspace=" + keyspace);
            for (String kind : List.of("Read", "Write", "Range")) {
                String name = "storage." + kind.toLowerCase(java.util.Locale.ROOT);
                Long count = count(scope + ",name=" + kind + "Latency");
                if (count != null) {
                    out.put(name, count);
                }
                Long micros = count(scope + ",name=" + kind + "TotalLatency");
                if (micros != null) {
                    out.put(name + ".micros", micros);
                }
            }
            for (Map.Entry<String, String> e : BATCHES.entrySet()) {
                ObjectName name = new ObjectName(e.getValue());
                Long count = count(e.getValue());
                if (count == null) {
                    continue;
                }
                out.put(e.getKey(), count);
                long[] buckets = (long[]) server.invoke(name, "values", new Object[0], new String[0]);
                out.put(e.getKey() + ".partitions", partitions(buckets));
            }
        } catch (JMException e) {
            throw new IOException("reading the node's metrics: " + e.getMessage(), e);
        }
        return new Counted(out);
    }

    /**
     * A counter's count, or null when the node has no such counter: one remote call, not two (asking first whether it
     * is registered doubled the calls of a reading; an audited block's two readings took about 100 ms on the 2-core
     * host after, 110–125 ms before).
     */
    private Long count(String objectName) throws JMException, IOException {
        try {
            return ((Number) server.getAttribute(new ObjectName(objectName), "Count")).longValue();
        } catch (InstanceNotFoundException e) {
            return null;
        }
    }

    /**
     * The partitions a histogram's buckets add up to, each bucket counted at the middle of its range: Cassandra's
     * estimated-histogram offsets are 1, 2, … 8, then grow by a fifth (10, 12, 14, 17, …), so batches of up to 8
     * partitions are counted exactly and larger ones to within a tenth.
     */
    static long partitions(long[] buckets) {
        double sum = 0;
        long[] offsets = offsets(buckets.length);
        for (int i = 0; i < buckets.length; i++) {
            long low = i == 0 ? offsets[0] : offsets[i - 1] + 1;
            sum += buckets[i] * (low + offsets[i]) / 2.0;
        }
        return Math.round(sum);
    }

    /** Cassandra's EstimatedHistogram offsets without a zero bucket: 1, 2, 3, …, each the last × 1.2 at least + 1. */
    static long[] offsets(int size) {
        long[] out = new long[size];
        long last = 1;
        for (int i = 0; i < size; i++) {
            out[i] = last;
            long next = Math.round(last * 1.2);
            last = next == last ? last + 1 : next;
        }
        return out;
    }

    @Override
    public void close() {
        try {
            connector.close();
        } catch (IOException e) {
            // the node is gone: nothing to close
        }
    }

    /** One reading: counter name → count. */
    public record Counted(Map<String, Long> counts) {

        /** What happened between {@code before} and this reading; counters that did not move are left out. */
        public Map<String, Long> since(Counted before) {
            Map<String, Long> out = new TreeMap<>();
            counts.forEach((k, v) -> {
                long d = v - before.counts.getOrDefault(k, 0L);
                if (d != 0) {
                    out.put(k, d);
                }
            });
            return out;
        }
    }

    /** Several nodes' differences added up. */
    public static Map<String, Long> sum(List<Map<String, Long>> perNode) {
        Map<String, Long> out = new TreeMap<>();
        perNode.forEach(m -> m.forEach((k, v) -> out.merge(k, v, Long::sum)));
        return out;
    }

    /** Names, in a fixed order, of every counter a reading may hold. */
    public static List<String> names() {
        List<String> out = new ArrayList<>(FIXED.keySet());
        out.addAll(List.of("storage.read", "storage.read.micros", "storage.write", "storage.write.micros",
                "storage.range", "storage.range.micros"));
        BATCHES.keySet().stream().sorted().forEach(b -> {
            out.add(b);
            out.add(b + ".partitions");
        });
        return out;
    }
}
