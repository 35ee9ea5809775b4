package dev.cqlbench.scenario.mixes;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Locale;
import java.util.Properties;
import java.util.function.Function;

/**
 * A read/update/insert/scan mix in YCSB's core-workload terms, read from a properties file with YCSB's keys
 * (built in: YCSB A–F and study 05's four mixes; a path to a copy works the same).
 *
 * @param name           the file's name (without .properties), or the built-in's
 * @param records        the table's records and their fields
 * @param proportions    the share of each operation type
 * @param requests       which records operations on existing records pick
 * @param scans          how many records a scan reads
 * @param operationCount operations of a run phase (YCSB's operationcount), unless --duration or --ops says; null:
 *                       none given
 * @param readAllFields  whether a read selects every field or one, picked uniformly (readallfields); null: true
 * @param writeAllFields whether an update sets every field or one (writeallfields); null: false
 */
public record Workload(
        String name,
        @JsonUnwrapped Records records,
        @JsonUnwrapped Proportions proportions,
        @JsonUnwrapped Requests requests,
        @JsonUnwrapped Scans scans,
        @JsonInclude(JsonInclude.Include.NON_NULL) Long operationCount,
        @JsonInclude(JsonInclude.Include.NON_NULL) Boolean readAllFields,
        @JsonInclude(JsonInclude.Include.NON_NULL) Boolean writeAllFields) {

    /**
     * The table's records (YCSB's recordcount, fieldcount, fieldlength).
     *
     * @param fieldLengthDistribution constant (fieldlength characters), uniform or zipfian over 1..fieldlength
     *                                (fieldlengthdistribution); null: constant
     * @param insertOrder     hashed (keys are "user" + the FNV hash of the record number) or ordered (the number
     *                        itself) (insertorder); null: hashed
     * @param zeroPadding     the digits a key's number is zero-padded to (zeropadding); null: 1
     */
    public record Records(int recordCount, int fieldCount, int fieldLength,
                       @JsonInclude(JsonInclude.Include.NON_NULL) String fieldLengthDistribution,
                       @JsonInclude(JsonInclude.Include.NON_NULL) String insertOrder,
                       @JsonInclude(JsonInclude.Include.NON_NULL) Integer zeroPadding) {
        public Records(int recordCount, int fieldCount, int fieldLength) {
            this(recordCount, fieldCount, fieldLength, null, null, null);
        }
    }

    /** YCSB's readproportion, updateproportion, insertproportion, scanproportion and readmodifywriteproportion. */
    public record Proportions(double read, double update, double insert, double scan, double readModifyWrite) {
    }

    /**
     * Which records operations on existing records pick.
     *
     * @param distribution          uniform, zipfian, latest, hotspot, sequential or exponential (YCSB's
     *                              requestdistribution)
     * @param hotspotDataFraction   hotspot: the share of the records that is hot (hotspotdatafraction); null: YCSB's
     *                              0.2
     * @param hotspotOpnFraction    hotspot: the share of the operations on the hot records (hotspotopnfraction);
     *                              null: 0.8
     * @param exponentialPercentile exponential: the percentile of operations on the newest records
     *                              (exponential.percentile); null: 95
     * @param exponentialFrac       exponential: the share of the records those newest are (exponential.frac); null:
     *                              0.8571428571
     */
    public record Requests(String distribution,
                           @JsonInclude(JsonInclude.Include.NON_NULL) Double hotspotDataFraction,
                           @JsonInclude(JsonInclude.Include.NON_NULL) Double hotspotOpnFraction,
                           @JsonInclude(JsonInclude.Include.NON_NULL) Double exponentialPercentile,
                           @JsonInclude(JsonInclude.Include.NON_NULL) Double exponentialFrac) {
        public Requests(String distribution) {
            this(distribution, null, null, null, null);
        }
    }

    /**
     * How many records a scan reads.
     *
     * @param minScanLength          a scan's fewest records (minscanlength); null: 1
     * @param scanLengthDistribution uniform or zipfian over minscanlength..maxscanlength (scanlengthdistribution);
     *                               null: uniform
     */
    public record Scans(int maxScanLength,
                        @JsonInclude(JsonInclude.Include.NON_NULL) Integer minScanLength,
                        @JsonInclude(JsonInclude.Include.NON_NULL) String scanLengthDistribution) {
    }

    public static final List<String> BUILT_IN = List.of("workloada", "workloadb", "workloadc", "workloadd",
            "workloade", "workloadf", "read95_update5", "update50_read50", "read65_update25_insert10",
            "insert90_read10", "insert_only", "read_only");
    public static final List<String> DISTRIBUTIONS = List.of("uniform", "zipfian", "latest", "hotspot", "sequential",
            "exponential");
    /** YCSB's defaults for the keys of its core workload that shape the distributions. */
    static final double HOTSPOT_DATA = 0.2;
    static final double HOTSPOT_OPN = 0.8;
    static final double EXPONENTIAL_PERCENTILE = 95;
    static final double EXPONENTIAL_FRAC = 0.8571428571;
    static final List<String> FIELD_LENGTHS = List.of("constant", "uniform", "zipfian");
    static final List<String> SCAN_LENGTHS = List.of("uniform", "zipfian");
    static final List<String> INSERT_ORDERS = List.of("hashed", "ordered");

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

    /** The same mix as YCSB's core workload reads it, with YCSB's defaults for what the file does not give. */
    public Workload(String name, Records records, Proportions proportions, String distribution, int maxScanLength) {
        this(name, records, proportions, new Requests(distribution), new Scans(maxScanLength, null, null), null, null,
                null);
    }

    public Workload {
        int recordCount = records.recordCount();
        int fieldCount = records.fieldCount();
        int fieldLength = records.fieldLength();
        double read = proportions.read();
        double update = proportions.update();
        double insert = proportions.insert();
        double scan = proportions.scan();
        double readModifyWrite = proportions.readModifyWrite();
        String distribution = requests.distribution();
        Double hotspotDataFraction = requests.hotspotDataFraction();
        Double hotspotOpnFraction = requests.hotspotOpnFraction();
        Double exponentialPercentile = requests.exponentialPercentile();
        Double exponentialFrac = requests.exponentialFrac();
        int maxScanLength = scans.maxScanLength();
        Integer minScanLength = scans.minScanLength();
        String scanLengthDistribution = scans.scanLengthDistribution();
        String fieldLengthDistribution = records.fieldLengthDistribution();
        String insertOrder = records.insertOrder();
        Integer zeroPadding = records.zeroPadding();
        double sum = read + update + insert + scan + readModifyWrite;
        if (read < 0 || update < 0 || insert < 0 || scan < 0 || readModifyWrite < 0 || Math.abs(sum - 1) > 1e-6) {
            throw new IllegalArgumentException(name + ": the proportions must be >= 0 and add up to 1, they add up to "
                    + sum);
        }
        if (recordCount < 1 || fieldCount < 1 || fieldLength < 1 || maxScanLength < 1) {
            throw new IllegalArgumentException(name + ": recordcount, fieldcount, fieldlength and maxscanlength must "
                    + "be >= 1");
        }
        if (!DISTRIBUTIONS.contains(distribution)) {
            throw new IllegalArgumentException(name + ": requestdistribution must be one of " + DISTRIBUTIONS
                    + ", got '" + distribution + "'");
        }
        if (read + update + scan + readModifyWrite > 0 && recordCount < 1) {
            throw new IllegalArgumentException(name + ": reads need records");
        }
        if (operationCount != null && operationCount < 1) {
            throw new IllegalArgumentException(name + ": operationcount must be >= 1");
        }
        double hotData = or(hotspotDataFraction, HOTSPOT_DATA);
        double hotOpn = or(hotspotOpnFraction, HOTSPOT_OPN);
        if (!(hotData > 0 && hotData <= 1) || !(hotOpn >= 0 && hotOpn <= 1)) {
            throw new IllegalArgumentException(name + ": hotspotdatafraction must be in (0, 1] and hotspotopnfraction "
                    + "in [0, 1]");
        }
        double expPercentile = or(exponentialPercentile, EXPONENTIAL_PERCENTILE);
        if (!(expPercentile > 0 && expPercentile < 100) || !(or(exponentialFrac, EXPONENTIAL_FRAC) > 0)) {
            throw new IllegalArgumentException(name + ": exponential.percentile must be in (0, 100) and "
                    + "exponential.frac above 0");
        }
        if (fieldLengthDistribution != null && !FIELD_LENGTHS.contains(fieldLengthDistribution)) {
            throw new IllegalArgumentException(name + ": fieldlengthdistribution must be one of " + FIELD_LENGTHS
                    + ", got '" + fieldLengthDistribution + "'" + (fieldLengthDistribution.equals("histogram")
                    ? " (cqlbench reads no fieldlengthhistogram file)" : ""));
        }
        if (scanLengthDistribution != null && !SCAN_LENGTHS.contains(scanLengthDistribution)) {
            throw new IllegalArgumentException(name + ": scanlengthdistribution must be one of " + SCAN_LENGTHS
                    + ", got '" + scanLengthDistribution + "'");
        }
        if (minScanLength != null && (minScanLength < 1 || minScanLength > maxScanLength)) {
            throw new IllegalArgumentException(name + ": minscanlength must be in 1..maxscanlength (" + maxScanLength
                    + "), got " + minScanLength);
        }
        if (insertOrder != null && !INSERT_ORDERS.contains(insertOrder)) {
            throw new IllegalArgumentException(name + ": insertorder must be one of " + INSERT_ORDERS + ", got '"
                    + insertOrder + "'");
        }
        if (zeroPadding != null && zeroPadding < 1) {
            throw new IllegalArgumentException(name + ": zeropadding must be >= 1, got " + zeroPadding);
        }
    }

    private static double or(Double given, double otherwise) {
        return given == null ? otherwise : given;
    }

    public int recordCount() {
        return records.recordCount();
    }

    public int fieldCount() {
        return records.fieldCount();
    }

    public int fieldLength() {
        return records.fieldLength();
    }

    public double read() {
        return proportions.read();
    }

    public double update() {
        return proportions.update();
    }

    public double insert() {
        return proportions.insert();
    }

    public double scan() {
        return proportions.scan();
    }

    public double readModifyWrite() {
        return proportions.readModifyWrite();
    }

    /** requestdistribution. */
    public String distribution() {
        return requests.distribution();
    }

    public int maxScanLength() {
        return scans.maxScanLength();
    }

    /** readallfields, YCSB's default (true) when not given. */
    public boolean readsAllFields() {
        return readAllFields == null || readAllFields;
    }

    /** writeallfields, YCSB's default (false) when not given. */
    public boolean writesAllFields() {
        return writeAllFields != null && writeAllFields;
    }

    /** fieldlengthdistribution, YCSB's default (constant) when not given. */
    public String fieldLengths() {
        return records.fieldLengthDistribution() == null ? "constant" : records.fieldLengthDistribution();
    }

    /** minscanlength, YCSB's default (1) when not given. */
    public int minScan() {
        return scans.minScanLength() == null ? 1 : scans.minScanLength();
    }

    /** scanlengthdistribution, YCSB's default (uniform) when not given. */
    public String scanLengths() {
        return scans.scanLengthDistribution() == null ? "uniform" : scans.scanLengthDistribution();
    }

    /** Whether keys are the record numbers themselves (insertorder=ordered) rather than their hashes. */
    public boolean orderedKeys() {
        return "ordered".equals(records.insertOrder());
    }

    /** zeropadding, YCSB's default (1) when not given. */
    public int padding() {
        return records.zeroPadding() == null ? 1 : records.zeroPadding();
    }

    /** hotspotdatafraction, YCSB's default when not given. */
    public double hotData() {
        return or(requests.hotspotDataFraction(), HOTSPOT_DATA);
    }

    /** hotspotopnfraction, YCSB's default when not given. */
    public double hotOpn() {
        return or(requests.hotspotOpnFraction(), HOTSPOT_OPN);
    }

    /** exponential.percentile, YCSB's default when not given. */
    public double expPercentile() {
        return or(requests.exponentialPercentile(), EXPONENTIAL_PERCENTILE);
    }

    /** exponential.frac, YCSB's default when not given. */
    public double expFrac() {
        return or(requests.exponentialFrac(), EXPONENTIAL_FRAC);
    }

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

    /** The same mix with other sizes (command-line overrides). */
    public Workload withSizes(Integer count, Integer fields, Integer length) {
        return new Workload(name, new Records(count != null ? count : recordCount(),
                fields != null ? fields : fieldCount(), length != null ? length : fieldLength(),
                records.fieldLengthDistribution(), records.insertOrder(), records.zeroPadding()), proportions, requests,
                scans, operationCount, readAllFields, writeAllFields);
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
