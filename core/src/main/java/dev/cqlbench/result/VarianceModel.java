package dev.cqlbench.result;

import dev.cqlbench.run.Defaults;
import dev.cqlbench.run.Maps;
import dev.cqlbench.stats.Component;
import dev.cqlbench.stats.RunNoise;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * What a run's intervals take from outside the run, fixed before its first measured round and stored with its
 * result: for each measure, how far fresh JVMs of each variant's library sit apart (τ², between JVMs) and how far
 * whole runs move a comparison of two variants (ω², between runs), each with the degrees of freedom it was measured
 * with ({@link Component}). A run's own forks add what they show of τ² (pooled with the calibration's, each by its
 * degrees of freedom); ω² no run can see of itself.
 *
 * @param source    where the components were measured, in a line ("this host's calibration, 2026-11-29: …")
 * @param assumed   why the run takes components measured elsewhere, or none; null when they are this host's own
 * @param libraries each variant's library as the calibration knows it ("driver4 4.19.3")
 * @param measures  the components by measure
 */
public record VarianceModel(String source, String assumed, Map<String, String> libraries,
                            Map<Measure, Components> measures) {

    /**
     * One measure's components.
     *
     * @param jvm     τ² of each variant's JVMs, by variant ({@link Component#NONE} where nothing was measured)
     * @param run     ω² of a comparison of two libraries: what whole runs move it by, pooled over the pairs measured
     *                (weighted by how precisely each shows it)
     * @param runSame ω² of a comparison of two variants of one library (an A/A)
     * @param speeds  the comparisons of two of the run's variants whose libraries the calibration fitted against the
     *                host's speed, by {@link #pair} (each way round): stated at the calibration's mean speed
     * @param runOverall     ω² of a comparison of two libraries over several operations together, fitted on the
     *                       mean of their log ratios (results and calibrations before it: {@code run})
     * @param runSameOverall the same for two variants of one library (before it: {@code runSame})
     */
    public record Components(Map<String, Component> jvm, Component run, Component runSame,
                             Map<String, Speed> speeds, Component runOverall, Component runSameOverall) {
        public Components {
            jvm = Maps.sorted(jvm);
            run = Objects.requireNonNullElse(run, Component.NONE);
            runSame = Objects.requireNonNullElse(runSame, Component.NONE);
            speeds = Maps.sorted(speeds);
            runOverall = Objects.requireNonNullElse(runOverall, run);
            runSameOverall = Objects.requireNonNullElse(runSameOverall, runSame);
        }

        public Components(Map<String, Component> jvm, Component run, Component runSame) {
            this(jvm, run, runSame, Map.of(), null, null);
        }
    }

    /**
     * How a comparison A over B moves with the host's speed, as the calibration fitted it: its log ratio moves by
     * {@code sign}·{@code slope} per unit of the speed index (ln client CPU ns per operation of the variant
     * {@code index}, B or A), and is stated at {@code reference}, the calibration's mean speed.
     *
     * @param index         the variant whose client CPU per operation is the speed index
     * @param sign          +1 where the calibration fitted A over B, −1 where B over A
     * @param slope         the fitted slope
     * @param slopeVariance its variance
     * @param slopeDf       its degrees of freedom
     * @param reference     the calibration's mean speed index
     * @param rest          ω² left once the speed is taken out
     */
    public record Speed(String index, double sign, double slope, double slopeVariance, double slopeDf,
                        double reference, Component rest) {}

    /** The key of a comparison of two variants, A over B. */
    public static String pair(String a, String b) {
        return a + "|" + b;
    }

    /** How the comparison A over B moves with the host's speed, where the calibration fitted its libraries. */
    public java.util.Optional<Speed> speed(Measure measure, String a, String b) {
        Components c = measures.get(measure);
        return c == null ? java.util.Optional.empty() : java.util.Optional.ofNullable(c.speeds().get(pair(a, b)));
    }

    public VarianceModel {
        libraries = Maps.sorted(libraries);
        measures = Maps.sorted(measures);
    }

    /**
     * How results of format 4 and earlier were read: a between-JVM sd of 1 % in time and allocation, 3 % in CPU,
     * worth 20 degrees of freedom, for every variant; nothing between runs.
     */
    public static final VarianceModel BEFORE_CALIBRATION = assumedForAll(
            "a result of format 4 or earlier", "as runs of that format were read: between JVMs 1 % in time and "
                    + "allocation, 3 % in CPU (20 df), taken as given; nothing between runs",
            Map.of(Measure.TIME, 0.01, Measure.ALLOCATION, 0.01, Measure.CLIENT_CPU, 0.03, Measure.SERVER_CPU, 0.03),
            20);

    /**
     * No calibration ({@code --calibration none}): every variant's JVMs from the run's own forks alone, nothing
     * between runs in any interval.
     */
    public static VarianceModel none(Map<String, String> libraries) {
        return new VarianceModel("none (--calibration none)", "each variant's JVMs from this run's own forks alone; "
                + "how far whole runs sit apart is in no interval", libraries, Map.of());
    }

    /** Every variant of every measure the same τ (a relative sd) with {@code df}; nothing between runs. */
    static VarianceModel assumedForAll(String source, String assumed, Map<Measure, Double> sd, double df) {
        Map<Measure, Components> out = new EnumMap<>(Measure.class);
        sd.forEach((m, s) -> out.put(m, new AllVariants(Component.of(Math.pow(Math.log1p(s), 2), df, source))
                .components()));
        return new VarianceModel(source, assumed, Map.of(), out);
    }

    /** The priors of one measure, as the run's statistics ask for them. */
    public RunNoise.Priors priors(Measure measure) {
        Components c = measures.get(measure);
        if (c == null) {
            return RunNoise.Priors.NONE;
        }
        Component all = c.jvm().get(AllVariants.ANY);
        return new RunNoise.Priors() {
            @Override
            public Component jvm(String variant) {
                return c.jvm().getOrDefault(variant, all != null ? all : Component.NONE);
            }

            @Override
            public Component run(String a, String b, boolean overall) {
                String la = libraries.get(a);
                if (la != null && la.equals(libraries.get(b))) {
                    return overall ? c.runSameOverall() : c.runSame();
                }
                Speed speed = c.speeds().get(pair(a, b));
                return speed != null ? speed.rest() : overall ? c.runOverall() : c.run();
            }
        };
    }

    /** How far whole runs move the answer to {@code q}: ω² with its degrees of freedom. */
    public Component run(Question q) {
        return priors(q.measure()).run(q.a().variant(), q.b().variant(), q.a().operations().size() > 1);
    }

    /**
     * The JVMs a variant runs in, of {@code given} asked: more where its library's calibrated between-JVM variance in
     * time is larger than {@link Defaults#JVM_SD_PER_FORKS}², in proportion, at most {@link Defaults#MOST_FORKS}
     * (never fewer than asked, never more for a run of one JVM a variant).
     */
    public int forks(String variant, int given) {
        Components time = measures.get(Measure.TIME);
        if (given < 2 || time == null) {
            return given;
        }
        Component c = time.jvm().getOrDefault(variant, time.jvm().get(AllVariants.ANY));
        if (c == null || !c.known()) {
            return given;
        }
        double threshold = Math.pow(Math.log1p(Defaults.JVM_SD_PER_FORKS), 2);
        int wanted = (int) Math.ceil(given * c.variance() / threshold);
        return Math.max(given, Math.min(Defaults.MOST_FORKS, wanted));
    }

    /** The measure's components; null where none were taken. */
    public Components of(Measure measure) {
        return measures.get(measure);
    }

    /** The key of a between-JVM component that holds for every variant (results of earlier formats). */
    public static final String EVERY_VARIANT = "*";

    /** τ² for any variant: a model that names no variant (results of earlier formats). */
    private record AllVariants(Component jvm) {
        static final String ANY = EVERY_VARIANT;

        Components components() {
            Map<String, Component> m = new LinkedHashMap<>();
            m.put(ANY, jvm);
            return new Components(m, Component.NONE, Component.NONE);
        }
    }
}
