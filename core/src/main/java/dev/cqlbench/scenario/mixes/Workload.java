package dev.cqlbench.scenario.mixes;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import java.util.List;

/**
 * A read/update/insert/scan mix in YCSB's core-workload terms, checked, with YCSB's defaults for what it leaves out
 * (read from YCSB's properties files by {@link WorkloadFile}).
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

    /** The same mix with other sizes (command-line overrides). */
    public Workload withSizes(Integer count, Integer fields, Integer length) {
        return new Workload(name, new Records(count != null ? count : recordCount(),
                fields != null ? fields : fieldCount(), length != null ? length : fieldLength(),
                records.fieldLengthDistribution(), records.insertOrder(), records.zeroPadding()), proportions, requests,
                scans, operationCount, readAllFields, writeAllFields);
    }
}
