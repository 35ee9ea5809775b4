package dev.cqlbench.scenario.mixes;

import dev.cqlbench.scenario.mixes.Workload.Proportions;
import dev.cqlbench.scenario.mixes.Workload.Records;
import dev.cqlbench.scenario.mixes.Workload.Requests;
import dev.cqlbench.scenario.mixes.Workload.Scans;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.function.Function;

/**
 * A {@link Workload} as YCSB's core workload writes it: a properties file with YCSB's keys, built in (YCSB A–F and
 * study 05's four mixes) or given by path. A key cqlbench does not run, or runs one way only and is given another
 * way, is refused with a line that names it.
 */
public final class WorkloadFile {

    public static final List<String> BUILT_IN = List.of("workloada", "workloadb", "workloadc", "workloadd",
            "workloade", "workloadf", "read95_update5", "update50_read50", "read65_update25_insert10",
            "insert90_read10", "insert_only", "read_only");
    /**
     * Keys of YCSB's core workload that cqlbench runs one way only: the value it runs (YCSB's default), and what it
     * does. A file that gives another value is refused with that line, never run differently from what it says.
     */
    static final Map<String, String[]> FIXED = fixed();

    private static Map<String, String[]> fixed() {
        Map<String, String[]> fixed = new LinkedHashMap<>();
        fixed.put("insertstart", new String[] {"0", "each run loads its records from the first; several clients "
                + "share the load with --client i/N"});
        fixed.put("fieldnameprefix", new String[] {"field", "the fields are field0, field1, …"});
        fixed.put("table", new String[] {"usertable", "the table is usertable"});
        return fixed;
    }

    /** Every key a workload file may give. */
    static final List<String> KEYS = keys();

    private static List<String> keys() {
        List<String> keys = new java.util.ArrayList<>(List.of("recordcount", "operationcount", "fieldcount",
                "fieldlength", "readproportion", "updateproportion", "insertproportion", "scanproportion",
                "readmodifywriteproportion", "requestdistribution", "maxscanlength", "hotspotdatafraction",
                "hotspotopnfraction", "exponential.percentile", "exponential.frac", "insertcount", "workload",
                "dataintegrity", "readallfields", "writeallfields", "fieldlengthdistribution", "minscanlength",
                "scanlengthdistribution", "insertorder", "zeropadding"));
        keys.addAll(FIXED.keySet());
        return List.copyOf(keys);
    }

    private WorkloadFile() {}

    /** A built-in workload by name, or a properties file by path. */
    public static Workload load(String nameOrPath) throws IOException {
        if (BUILT_IN.contains(nameOrPath)) {
            try (InputStream in = Workload.class.getResourceAsStream("/dev/cqlbench/workloads/" + nameOrPath
                    + ".properties")) {
                if (in == null) {
                    throw new IOException("built-in workload " + nameOrPath + " missing from the jar");
                }
                Properties p = new Properties();
                p.load(new java.io.InputStreamReader(in, StandardCharsets.UTF_8));
                return of(nameOrPath, p);
            }
        }
        Path file = Path.of(nameOrPath);
        if (!Files.isRegularFile(file)) {
            throw new IOException("'" + nameOrPath + "' is neither a built-in workload (" + String.join(", ", BUILT_IN)
                    + ") nor a readable file");
        }
        Properties p = new Properties();
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            p.load(in);
        }
        String base = file.getFileName().toString();
        return of(base.endsWith(".properties") ? base.substring(0, base.length() - ".properties".length()) : base, p);
    }

    /**
     * YCSB's core-workload keys and defaults; a file naming any proportion gets 0 for those it leaves out. A key
     * YCSB's core workload does not have, or one cqlbench runs one way only given another value, is refused with a
     * message that names it.
     */
    public static Workload of(String name, Properties p) {
        for (String key : new java.util.TreeSet<>(p.stringPropertyNames())) {
            String value = p.getProperty(key).strip();
            if (!KEYS.contains(key)) {
                throw new IllegalArgumentException("key '" + key + "' is not one of YCSB's core workload that cqlbench "
                        + "runs (" + String.join(", ", KEYS) + ")" + hint(key));
            }
            String[] fixed = FIXED.get(key);
            if (fixed != null && !value.equalsIgnoreCase(fixed[0])) {
                throw new IllegalArgumentException(key + "=" + value + " is not run by cqlbench: " + fixed[1] + " ("
                        + key + "=" + fixed[0] + ")");
            }
        }
        String workload = p.getProperty("workload");
        if (workload != null && !workload.strip().endsWith(".workloads.CoreWorkload")) {
            throw new IllegalArgumentException("workload=" + workload.strip() + ": cqlbench runs YCSB's core workload "
                    + "(site.ycsb.workloads.CoreWorkload)");
        }
        boolean anyProportion = p.stringPropertyNames().stream().anyMatch(k -> k.endsWith("proportion"));
        int records = integer(p, "recordcount", 1000);
        String insertCount = p.getProperty("insertcount");
        if (insertCount != null && !insertCount.strip().equals(String.valueOf(records))) {
            throw new IllegalArgumentException("insertcount=" + insertCount.strip() + " is not run by cqlbench: each "
                    + "client loads its share of all recordcount records (several clients: --client i/N)");
        }
        Records table = new Records(records, integer(p, "fieldcount", 10), integer(p, "fieldlength", 100),
                unlessDefault(word(p, "fieldlengthdistribution"), "constant"),
                unlessDefault(word(p, "insertorder"), "hashed"),
                unlessDefault(p.getProperty("zeropadding") == null ? null : integer(p, "zeropadding", 1), 1));
        Proportions proportions = new Proportions(number(p, "readproportion", anyProportion ? 0 : 0.95),
                number(p, "updateproportion", anyProportion ? 0 : 0.05), number(p, "insertproportion", 0),
                number(p, "scanproportion", 0), number(p, "readmodifywriteproportion", 0));
        Requests requests = new Requests(p.getProperty("requestdistribution", "uniform").strip()
                .toLowerCase(Locale.ROOT), optional(p, "hotspotdatafraction"), optional(p, "hotspotopnfraction"),
                optional(p, "exponential.percentile"), optional(p, "exponential.frac"));
        Scans scans = new Scans(integer(p, "maxscanlength", 1000),
                unlessDefault(p.getProperty("minscanlength") == null ? null : integer(p, "minscanlength", 1), 1),
                unlessDefault(word(p, "scanlengthdistribution"), "uniform"));
        return new Workload(name, table, proportions, requests, scans, optional(p, "operationcount") == null ? null
                : (long) integer(p, "operationcount", 0), unlessDefault(bool(p, "readallfields"), true),
                unlessDefault(bool(p, "writeallfields"), false));
    }

    /**
     * Null for a key given at YCSB's default (as YCSB's own files spell them out): a workload is the same whether its
     * file writes a default or leaves it out, in results and in comparisons with results written before the key ran.
     */
    private static <T> T unlessDefault(T value, T defaultValue) {
        return defaultValue.equals(value) ? null : value;
    }

    private static Boolean bool(Properties p, String key) {
        String v = p.getProperty(key);
        if (v == null) {
            return null;
        }
        if (!v.strip().equalsIgnoreCase("true") && !v.strip().equalsIgnoreCase("false")) {
            throw new IllegalArgumentException(key + " must be true or false, got '" + v.strip() + "'");
        }
        return Boolean.parseBoolean(v.strip());
    }

    private static String word(Properties p, String key) {
        String v = p.getProperty(key);
        return v == null ? null : v.strip().toLowerCase(Locale.ROOT);
    }

    /** What cqlbench has instead of a client-side key of YCSB's. */
    private static String hint(String key) {
        return switch (key) {
            case "threadcount" -> ": the run's --concurrency";
            case "target" -> ": the run's --rate";
            case "maxexecutiontime" -> ": the run's --duration";
            default -> key.startsWith("measurement") || key.startsWith("hdrhistogram") || key.startsWith("histogram")
                    ? ": cqlbench measures every operation with HdrHistogram" : "";
        };
    }

    private static int integer(Properties p, String key, int otherwise) {
        return parsed(p, key, otherwise, Integer::parseInt, "an integer");
    }

    private static Double optional(Properties p, String key) {
        return p.getProperty(key) == null ? null : number(p, key, 0);
    }

    private static double number(Properties p, String key, double otherwise) {
        return parsed(p, key, otherwise, Double::parseDouble, "a number");
    }

    /** The key's value as {@code parse} reads it, {@code otherwise} when missing; refused when not {@code what}. */
    private static <T> T parsed(Properties p, String key, T otherwise, Function<String, T> parse, String what) {
        String v = p.getProperty(key);
        try {
            return v == null ? otherwise : parse.apply(v.strip());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(key + " must be " + what + ", got '" + v + "'");
        }
    }
}
