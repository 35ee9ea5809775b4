package dev.cqlbench.run;

/**
 * The defaults every scenario shares, in one place (each scenario's own defaults are the initial values of its plan
 * builder). The command line shows them in {@code --help}.
 */
public final class Defaults {

    /** Seed of the generated data and of the variant order. */
    public static final long SEED = 42;
    /** Keyspace of a scenario's tables, unless the scenario names its own. */
    public static final String KEYSPACE = "example";
    /** Confidence level of each figure's own interval ({@code --confidence}). */
    public static final double CONFIDENCE = 0.999;
    /**
     * The level at which every comparison a report marks holds jointly ({@code --family-confidence}): with the 120 or
     * so comparisons of a crud page, 99.9 % each would let one false mark in ten runs through; 99 % for the whole
     * page lets one in a hundred.
     */
    public static final double FAMILY_CONFIDENCE = 0.99;
    /**
     * Fresh JVMs (forks) each variant runs in, every one in every round ({@code --forks}), as JMH forks: what differs
     * between JVMs of one library (JIT outcome, code layout, where its threads ran) is then measured and put in every
     * interval, with what this host's calibration measured of it (more JVMs where that is large,
     * {@link #JVM_SD_PER_FORKS}). Two, as Kalibera and Jones's cost model asks when JVMs sit close
     * (between-JVM sd about 0.5 % against 8–16 % per block): a JVM costs 10–50 s of warm-up, a round a fraction of a
     * second, so rounds buy more than forks; and the simulation suite holds intervals of two JVMs a side to their level
     * at the error they spend (docs/methodology.md).
     */
    public static final int FORKS = 2;
    /**
     * The difference that does not matter ({@code --precision}): two variants whose interval lies within ±5 % of each
     * other are the same, and a run stops once every comparison it asks is either different or the same within it.
     */
    public static final double PRECISION = 0.05;
    /**
     * The level at which "the same within ±P" holds ({@code --same-confidence}): each of its two one-sided tests errs
     * at most 5 % over the run's looks, the convention of bioequivalence, where "different" holds at the family's
     * 99 %. A claim of sameness needs the interval to fit inside ±P, which costs most near P/2; at the family's error
     * a two-library crud run whose delete costs 2–4 % more stayed undecided for its whole time limit in five runs of
     * five (docs/methodology.md).
     */
    public static final double SAME_CONFIDENCE = 0.95;
    /**
     * Seconds of rounds after which no new round starts ({@code --max-time}); set-up and warm-up not counted, the
     * settling rounds counted. Enough for a nine-library crud run's settling to finish: on the 2-core host on
     * 2026-11-27 `run crud --library all` took 8 min 54 s with it, settled 30 rounds until every JVM's JIT compiler
     * was quiet, and decided every study 01 claim (JVMs of one library within 1.1 % in time, comparisons with driver4
     * ±2.5 % median); with 240 s its settling stopped at the quarter's cap of 12 rounds with compilers still busy,
     * three libraries' JVMs sat 3–4 % apart for the rest of the run, and 2 of 5 claims were decided (6 min 19 s).
     * A run stops earlier once its questions are answered, or none can be.
     */
    public static final int MAX_TIME_SECONDS = 480;
    /**
     * Every this many rounds, each variant's blocks are audited on the server: its counters read over JMX before and
     * after each block ({@code ServerAudit}): the first measured round and every this many after it ({@link #audited}).
     */
    public static final int AUDIT_EVERY = 10;
    /**
     * Measured rounds before a run first looks at whether its questions are answered (its looks are placed at
     * quarters of the rounds it plans, {@code analysis.Looks}, none before this): the simulation suite checks every
     * interval from here on. With its JVMs' spread measured by a calibration rather than padded by an assumed 1 %, the
     * AR(1) model (own noise with lag-1 correlation 0.5) missed 3.1 times nominal at 12 rounds and 1.9 times at 20:
     * a dozen rounds cannot hold batches long enough for that correlation.
     */
    public static final int FIRST_LOOK = 20;
    /**
     * The false-discovery rate of the descriptive comparisons' marks (every comparison a page shows beyond the run's
     * primary questions): of the marks, this share at most is wrong on average (Benjamini–Hochberg).
     */
    public static final double FALSE_DISCOVERY_RATE = 0.05;
    /**
     * How close to a study's figure ("+83 %", "+21 to +27 %") an interval must lie to confirm it: within 10 % of it on
     * the ratio, as this project reads the studies' "about equal", "flat" and "slightly" (their figures come from
     * single runs). An interval further off contradicts it; one that only overlaps is consistent, not confirmed.
     */
    public static final double CLAIM_TOLERANCE = 0.10;
    /**
     * The between-JVM sd in time a variant's {@link #FORKS} JVMs are enough for: a library whose calibrated sd is
     * larger runs in more JVMs, in proportion to its variance, at most {@link #MOST_FORKS}. Two JVMs in two JIT
     * outcomes 10 % apart land in the same one half the time, and a run cannot see it; the calibration can, and more
     * JVMs shrink what one JVM's outcome moves a mean by (docs/methodology.md, the simulation suite).
     */
    public static final double JVM_SD_PER_FORKS = 0.01;
    /** The most JVMs a variant is given for its calibrated spread, or added when its JVMs sit apart mid-run. */
    public static final int MOST_FORKS = 8;
    /**
     * Rounds a run of many rounds runs first and leaves out, as JMH leaves out its warm-up iterations: code the
     * measured loop reaches for the first time is still being compiled in them.
     */
    public static final int SETTLING_ROUNDS = 2;
    /**
     * Settling rounds a run adds at most while one of its JVMs still compiles what its blocks run, without a time limit
     * (with one, {@link #SETTLING_SHARE} of it), and in the simulation suite.
     */
    public static final int MAX_SETTLING_ROUNDS = 20;
    /**
     * The share of the time limit a run may spend settling while one of its JVMs still compiles what its blocks run
     * (Settling): a two-library crud run's rounds take about a second, so a quarter of 480 s holds a hundred of them;
     * nine libraries' take four to five, and 24 to 30 fit (30 settled them all on 2026-11-27).
     */
    public static final double SETTLING_SHARE = 0.25;
    /** Runs of at least this many rounds run {@link #SETTLING_ROUNDS} first. */
    public static final int SETTLED_RUN = 10;

    /** The settling rounds of a run of {@code cycles} measured rounds: none for a run too short to spare them. */
    public static int settlingRounds(int cycles) {
        return cycles >= SETTLED_RUN ? SETTLING_ROUNDS : 0;
    }

    /**
     * Whether round {@code round} (counted from 0, settling rounds included) is audited on the server, the run's
     * first measured round being {@code first} (negative while it is still settling: nothing is audited): the first
     * measured round, then every {@link #AUDIT_EVERY}-th. The orchestrator decides it and tells the worker with the
     * round.
     */
    public static boolean audited(int round, int first) {
        return first >= 0 && round >= first && (round - first) % AUDIT_EVERY == 0;
    }

    /**
     * Whether the read-backs of round {@code round} (counted from 0, settling rounds included) check every row written,
     * rather than one in {@code ScenarioRunner.SAMPLE_EVERY} in turn: the run's first round only (a settling round when
     * the run settles, else its first measured one). Every other round samples, settling and audited ones included: a
     * profile run of a time series (a dozen rows an insert) spent 4 s of a 5 s first measured round reading them
     * all back, and about 2 s of each settling and audited round (docs/methodology.md).
     */
    public static boolean readsEveryRow(int round) {
        return round == 0;
    }

    /**
     * How long a worker's warm-up may go on at least, in rounds of its warm-up operations, while its JIT compiler is
     * still busy (a block measured during compilation counts the compiler's CPU and runs slower code): the rest is
     * the settling rounds' ({@link #warmupMillis}).
     */
    public static final long JIT_QUIET_WARMUP_LEAST_MILLIS = 12_000;
    /**
     * Seconds a JVM runs its scenario's code before it is measured, at least, unless its JIT compiler is quiet sooner:
     * its warm-up and its share of the run's settling rounds together ({@link #warmupMillis}). On the 2-core host
     * (2026-11-29) {@code run profile --profile profiles/timeseries.yaml --library all --max-time 120} warmed its 14
     * JVMs 12.6 to 13.2 s each (every one at the 12 s cap, its compiler still busy), settled 2 rounds, and measured 20
     * in which driver3's inserts went from 2.0 ms to 0.55 ms: per-round sd of its ratios 14 to 31 %, lag-1 up to
     * 0.74, 5 to 8 degrees of freedom, 3 intervals wider than ±100 %; with warm-ups of up to 40 s (17 to 40 s) it
     * settled 8 rounds, measured 33 rounds of 2.9 s instead of 5.2, per-round sd 8 to 24 %, 26 degrees of freedom,
     * the widest interval ±31 %; with up to 28 s (this rule at 30 s), 20 rounds of 4.3 s, lag-1 up to 0.69 and
     * one interval wider than ±100 %.
     */
    public static final int WARMING_SECONDS = 40;

    /**
     * How long each worker's warm-up may go on while its JIT compiler is busy, in a run of {@code jvms} JVMs and
     * {@code cycles} rounds that stop after {@code maxSeconds} (0: no limit): {@link #WARMING_SECONDS} less what the
     * settling rounds give each JVM ({@link #SETTLING_SHARE} of the time limit, its blocks one JVM at a time), never
     * below {@link #JIT_QUIET_WARMUP_LEAST_MILLIS}, which a run too short to settle ({@link #settlingRounds}) keeps. A
     * two-library crud run at the default limit settles its four JVMs 30 s each and warms them 12 s; seven libraries'
     * profile in 120 s settles each of its 14 JVMs for 2 s and warms them up to 38 s; nine libraries' crud at the
     * default limit, 18 JVMs, up to 33 s.
     */
    public static long warmupMillis(int jvms, int cycles, int maxSeconds) {
        if (maxSeconds <= 0 || settlingRounds(cycles) == 0) {
            return JIT_QUIET_WARMUP_LEAST_MILLIS;
        }
        double settlingEach = SETTLING_SHARE * maxSeconds / Math.max(1, jvms);
        return Math.max(JIT_QUIET_WARMUP_LEAST_MILLIS, Math.round((WARMING_SECONDS - settlingEach) * 1000));
    }

    /**
     * A driver-4 load's warm-up (mixes, scale-out) through the measured code: operations, then seconds more while the
     * JIT compiler is busy. With 20,000 operations the JIT was still compiling during the measured phase.
     */
    public static final int LOAD_WARMUP_OPS = 200_000;
    public static final int LOAD_WARMUP_MAX_SECONDS = 60;
    /** Consistency level of every statement. */
    public static final String CONSISTENCY = "LOCAL_ONE";
    /**
     * Local datacenter of the cluster: Cassandra's default, which the embedded nodes keep (the server module, which
     * must not see core, states it too; a test holds the two equal).
     */
    public static final String DATACENTER = "datacenter1";
    /** Cassandra's own batch_size_fail_threshold, KiB: nodes cqlbench starts have it unless a scenario needs more. */
    public static final int CASSANDRA_BATCH_SIZE_FAIL_THRESHOLD_KIB = 50;
    /** Driver request timeout. */
    public static final long REQUEST_TIMEOUT_MILLIS = 12_000;
    /** Replication factor of keyspaces cqlbench creates. */
    public static final int REPLICATION_FACTOR = 1;
    /**
     * Where servers on this machine and clients run ({@code --placement}): auto splits the CPUs between them (servers
     * on the first half, cqlbench and its workers on the rest) when cqlbench starts or keeps the servers here, as
     * a client machine apart from a server machine, and shares them otherwise. On the 2-core host a 100-operation
     * block moved 15–17 % from one JVM to the next shared, 8–11 % split (docs/methodology.md).
     */
    public static final String PLACEMENT = "auto";
    /**
     * Whether every worker JVM but the one measuring is stopped while it measures ({@code --pause-idle-workers}), so
     * that idle JVMs' JIT compilers and garbage collectors take none of its CPU. Off: in the A/A of three driver4
     * variants × 3 JVMs (split placement) it made blocks noisier, 10.0–12.7 % against 7.8–9.8 % (each JVM's own
     * compiling, deferred to its turn, then runs beside its blocks; docs/methodology.md).
     */
    public static final boolean PAUSE_IDLE_WORKERS = false;
    /** Seconds to wait for embedded nodes to accept clients. */
    public static final int START_TIMEOUT_SECONDS = 180;
    /** Maximum heap of a worker JVM. */
    public static final int WORKER_HEAP_MB = 1024;
    /**
     * The share of this machine's memory a run's worker heaps may take when a scenario has them touched whole at
     * start ({@code -Xms} the maximum, {@code -XX:+AlwaysPreTouch}; profile, whose operations allocate up to 200 KB
     * each); more JVMs than fit run with growing heaps, and the run says so. The rest is for the nodes, the JVMs'
     * memory outside the heap and the system. Why touch at all: G1 grows its young generation into memory it has
     * never written during the measured rounds, and each first write of a page is a page fault, taken in the block
     * that allocates there. On the 2-core host (a KVM guest, 2026-11-29), `run profile --library all --max-time
     * 120` without it: blocks of the libraries that allocate most (driver3 200 KB an insert, Achilles 190 KB,
     * Spring Data 100 KB) took 3 to 5 times their CPU in episodes of 1 to 7 rounds, with no compilation,
     * deoptimisation or collection inside them (Flight Recorder), and 20 to 24 rounds fitted in the 120 s; with
     * it, no such block in 35 rounds, and no comparison wider than ±100 % (docs/methodology.md).
     */
    public static final double PRE_TOUCH_MEMORY_SHARE = 2.0 / 3;
    /**
     * The most rows a profile's worker draws for one round (its inserts are drawn, and bound, before anything is
     * timed): about 1 KB each with their bound statements and the read-back's index, a fifth of the default heap.
     * cassandra-stress's own example profile writes up to 8,000 rows an insert; its 1,000 warm-up inserts drew 3
     * million rows and ran the worker out of memory.
     */
    public static final int PROFILE_ROWS_PER_ROUND = 200_000;
    /** The heap of workers that keep no data of their own (mixes): G1 then keeps their RSS near 270 MB. */
    public static final int SMALL_WORKER_HEAP_MB = 256;
    /** A worker that completes no operation for this long is hung. */
    public static final int WORKER_TIMEOUT_SECONDS = 300;
    /** Where the live metrics endpoint listens ({@code --metrics-port}): every interface, as exporters do. */
    public static final String METRICS_HOST = "0.0.0.0";
    /** How long a run's metrics endpoint stays, once the run is over, for a last scrape (only if it was scraped). */
    public static final int METRICS_LINGER_SECONDS = 30;
    /** How long to wait for an embedded MariaDB. */
    public static final int SQL_START_TIMEOUT_SECONDS = 180;

    private Defaults() {}

    /** A client whose busiest second used this share of its cores is reported as saturated (merged results). */
    public static final double CLIENT_SATURATED_CPU_SHARE = 0.9;
    /** A client that started an operation this many ms after its schedule is reported as behind (open loop). */
    public static final double CLIENT_LAG_WARNING_MS = 10;
    /** Clients that met at a barrier start together at least this long after the last one arrived. */
    public static final long BARRIER_MARGIN_MILLIS = 500;
    /**
     * How long a client waits at a barrier for the others, or for client 0 to create the schema, before it gives up.
     */
    public static final long BARRIER_TIMEOUT_SECONDS = 600;
}
