package dev.cqlbench.result;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import dev.cqlbench.run.Maps;
import dev.cqlbench.run.RunSettings;
import dev.cqlbench.run.ScenarioPlan;
import dev.cqlbench.run.Variant;
import java.util.List;
import java.util.Map;

/**
 * The self-describing result of one run: what it was asked to do (typed settings, the plan among them), what its
 * clusters were, the environment, and every variant's measurements with full histograms. Reports only ever read
 * this.
 *
 * @param course   when it ran, how it ended, what happened to the cluster meanwhile
 * @param settings what it was asked to do
 * @param ranOn    the clusters, host and clients it ran on
 * @param variants every variant's operations, with full histograms, and what its processes used
 * @param rounds   how many rounds ran and why no more; null in results of earlier versions
 * @param blocks   every timed block of the measured rounds, of every variant and fork: what every per-block figure,
 *                 estimate and comparison is derived from
 * @param frame    what reads its data, fixed before it: the questions, the variance model, the charts
 * @param parts    the whole runs this result pools ({@code --runs}, {@code pool}), each a result of its own, whose
 *                 questions it answers over them; empty for a result of one run
 */
@JsonPropertyOrder({"format", "formatVersion", "scenario"})
public record RunResult(
        @JsonUnwrapped Course course,
        RunSettings settings,
        @JsonUnwrapped RanOn ranOn,
        List<VariantResult> variants,
        Rounds rounds,
        List<Block> blocks,
        @JsonUnwrapped Frame frame,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<RunResult> parts) {

    /**
     * The run's course.
     *
     * @param partial    true when the run stopped before finishing; what is here was measured
     * @param stopReason why it stopped before finishing; null when it finished
     * @param events     what happened to the cluster during the run (a node joining or leaving), in order
     */
    public record Course(String startedAt, String finishedAt, boolean partial, String stopReason,
                         List<RunEvent> events) {
        public Course {
            events = events == null ? List.of() : List.copyOf(events);
        }
    }

    /**
     * What the run ran on.
     *
     * @param cluster  the run's Cassandra cluster as opened; null when none was
     * @param clusters each compared target's cluster, by target name; empty unless targets were compared
     * @param clients  the clients that shared the workload ({@code --client}): this one in a client's result, every
     *                 one in a merged result; empty for a run of one client alone
     */
    public record RanOn(ClusterFacts cluster, Map<String, ClusterFacts> clusters, Environment environment,
                        List<ClientRun> clients) {
        public RanOn {
            clusters = Maps.sorted(clusters);
            clients = clients == null ? List.of() : List.copyOf(clients);
        }
    }

    /**
     * What reads the run's data, fixed before it.
     *
     * @param family   what the run asked: its primary and descriptive questions (a result of a format that stored
     *                 none is given its scenario's questions when read)
     * @param variance what its intervals took from outside the run (a calibration's between-JVM and between-run
     *                 components), fixed before its first measured round; null in results of earlier versions (read
     *                 as they were made: an assumed between-JVM sd)
     * @param charts   the charts the scenario declared for its report
     */
    public record Frame(Family family, VarianceModel variance, List<ChartSpec> charts) {
        public Frame {
            charts = charts == null ? List.of() : List.copyOf(charts);
        }
    }

    public static final String FORMAT = "cqlbench-result";
    /**
     * 8: a plan's warmup is {@code warmup} in every scenario ({@link dev.cqlbench.run.Repeats}), and a mixes plan no
     * longer stores the field count and length its first workload gives (the records group their fields in Java and
     * still write them flat). 7 (read as it is): the warmup under each scenario's own name ({@code warmupOps},
     * {@code warmupWrites}, …); the run's settings grouped (6 and before: flat, regrouped when read). 6: a result
     * stores no figure its blocks determine: an operation's CPU per operation and its JIT time are its blocks'
     * ({@link #total}). 5 (read as it is: the stored figures are left unread): a result records what its intervals
     * took from a calibration ({@link VarianceModel}), the rounds it planned and its frozen batch ({@link Rounds}),
     * the level of "the same" ({@code Stopping}), and the runs it pools. 4 (read as it was made: an assumed
     * between-JVM sd, a union over looks): what an operation counted besides its timings is typed
     * ({@link OperationCounts}); a block has its heap allocated. 3 (read, converted): the same counts as free-form
     * notes; 2 (read, converted): blocks under each operation, one JVM per variant; 1 (read, converted): a flat
     * configuration map.
     */
    public static final int FORMAT_VERSION = 8;

    public RunResult {
        variants = variants == null ? List.of() : List.copyOf(variants);
        blocks = blocks == null ? List.of() : List.copyOf(blocks);
        parts = parts == null ? List.of() : List.copyOf(parts);
    }

    /** The result of a finished (or stopped) run, of one run. */
    public static RunResult of(Course course, RunSettings settings, RanOn ranOn, List<VariantResult> variants,
                               Rounds rounds, List<Block> blocks, Frame frame) {
        return new RunResult(course, settings, ranOn, variants, rounds, blocks, frame, List.of());
    }

    /** What kind of file this is: {@link #FORMAT}. */
    @JsonProperty(value = "format", access = JsonProperty.Access.READ_ONLY)
    public String format() {
        return FORMAT;
    }

    /**
     * Its format's version: always {@link #FORMAT_VERSION}, as a result of an earlier format is converted when read.
     */
    @JsonProperty(value = "formatVersion", access = JsonProperty.Access.READ_ONLY)
    public int formatVersion() {
        return FORMAT_VERSION;
    }

    /** Its scenario's name (its settings'). */
    @JsonProperty(value = "scenario", access = JsonProperty.Access.READ_ONLY)
    public String scenario() {
        return settings.scenario();
    }

    /** The same result with other variants' results. */
    public RunResult withVariants(List<VariantResult> others) {
        return new RunResult(course, settings, ranOn, others, rounds, blocks, frame, parts);
    }

    /** The same result with its questions as given (a result of an earlier format, read: its scenario's now). */
    public RunResult withFamily(Family asked, List<RunResult> partsAsked) {
        return new RunResult(course, settings, ranOn, variants, rounds, blocks,
                new Frame(asked, frame.variance(), frame.charts()), partsAsked);
    }

    /** The same result with other charts declared. */
    public RunResult withCharts(List<ChartSpec> others) {
        return new RunResult(course, settings, ranOn, variants, rounds, blocks,
                new Frame(frame.family(), frame.variance(), others), parts);
    }

    /** Whether this result pools several whole runs ({@link #parts}). */
    @JsonIgnore
    public boolean pooled() {
        return !parts.isEmpty();
    }

    /** {@code variant}'s blocks of {@code operation} as one ({@link Block#inTurn}); null when it has none. */
    public Block total(String variant, String operation) {
        return Block.inTurn(blocks(variant, operation));
    }

    /** The blocks of a variant's operation, in the order they ran (cut-short ones included). */
    public List<Block> blocks(String variant, String operation) {
        return blocks.stream().filter(b -> b.of(variant, operation)).sorted(Block.IN_ORDER).toList();
    }

    /** The blocks of a variant's operation that did all O operations, in the order they ran. */
    public List<Block> fullBlocks(String variant, String operation) {
        int o = plan().operationsPerRepetition(operation);
        return blocks(variant, operation).stream().filter(b -> b.full(o)).toList();
    }

    @JsonIgnore
    public ScenarioPlan plan() {
        return settings.plan();
    }

    @JsonIgnore
    public double confidenceLevel() {
        return settings.asked().confidenceLevel();
    }

    /** The cluster {@code variant} ran on, as opened (its own target's, when targets were compared). */
    public ClusterFacts clusterOf(String variant) {
        Variant v = settings.variants().stream().filter(x -> x.name().equals(variant)).findFirst().orElse(null);
        return v == null || v.target() == null ? ranOn.cluster() : ranOn.clusters().get(v.target());
    }

    /**
     * Seconds of the run spent measuring: its rounds, settling included, or where it measures in phases rather than
     * rounds (mixes, scale-out), the seconds its phases' timelines cover. The rest of a run's time is starting and
     * warming nodes and JVMs, and reporting.
     */
    @JsonIgnore
    public double measuringSeconds() {
        if (rounds != null) {
            return rounds.seconds();
        }
        return variants.stream().flatMap(v -> v.operations().stream())
                .mapToLong(o -> o.timeline() == null ? 0 : o.timeline().size()).sum();
    }
}
