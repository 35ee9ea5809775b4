package dev.cqlbench.scenario.mixes;

import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Properties;

/**
 * A read/update/insert/scan mix in YCSB's core-workload terms, read from a properties file with YCSB's keys
 * (built in: YCSB A–F and study 05's four mixes; a path to a copy works the same).
 *
 * @param distribution uniform, zipfian or latest: which records operations on existing records pick
 */
public record Workload(
        String name,
        int recordCount,
        int fieldCount,
        int fieldLength,
        double read,
        double update,
        double insert,
        double scan,
        double readModifyWrite,
        String distribution,
        int maxScanLength) {

    public static final List<String> BUILT_IN = List.of("workloada", "workloadb", "workloadc", "workloadd",
            "workloade", "workloadf", "read95_update5", "update50_read50", "read65_update25_insert10",
            "insert90_read10", "insert_only", "read_only");
    public static final List<String> DISTRIBUTIONS = List.of("uniform", "zipfian", "latest");

    public Workload {
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

    /** YCSB's keys and defaults; a file naming any proportion gets 0 for those it leaves out. */
    public static Workload of(String name, Properties p) {
        boolean anyProportion = p.stringPropertyNames().stream().anyMatch(k -> k.endsWith("proportion"));
        return new Workload(name, integer(p, "recordcount", 1000), integer(p, "fieldcount", 10),
                integer(p, "fieldlength", 100), number(p, "readproportion", anyProportion ? 0 : 0.95),
                number(p, "updateproportion", anyProportion ? 0 : 0.05),
                number(p, "insertproportion", 0), number(p, "scanproportion", 0),
                number(p, "readmodifywriteproportion", 0),
                p.getProperty("requestdistribution", "uniform").strip().toLowerCase(Locale.ROOT),
                integer(p, "maxscanlength", 1000));
    }

    /** The same mix with other sizes (command-line overrides). */
    public Workload withSizes(Integer records, Integer fields, Integer length) {
        return new Workload(name, records != null ? records : recordCount, fields != null ? fields : fieldCount,
                length != null ? length : fieldLength, read, update, insert, scan, readModifyWrite, distribution,
                maxScanLength);
    }

    private static int integer(Properties p, String key, int otherwise) {
        String v = p.getProperty(key);
        try {
            return v == null ? otherwise : Integer.parseInt(v.strip());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(key + " must be an integer, got '" + v + "'");
        }
    }

    private static double number(Properties p, String key, double otherwise) {
        String v = p.getProperty(key);
        try {
            return v == null ? otherwise : Double.parseDouble(v.strip());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(key + " must be a number, got '" + v + "'");
        }
    }
}
