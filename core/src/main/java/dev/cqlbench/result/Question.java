package dev.cqlbench.result;

import java.util.List;

/**
 * One comparison a scenario asks of its run, declared from the run's settings before any data: side A against side
 * B on one measure, paired round by round. A side is a variant over one operation, or over several whose per-round
 * figures are combined (their geometric mean: "over all four operations"). The scenario's questions are a family:
 * their intervals hold jointly at the family level, and the run stops once all are answered.
 *
 * @param a       side A: its ratio's numerator
 * @param b       side B
 * @param measure what is compared
 */
public record Question(Side a, Side b, Measure measure) {

    /** A variant over some operations (their figures combined per round). */
    public record Side(String variant, List<String> operations) {

        public Side {
            operations = List.copyOf(operations);
        }

        /** "driver4", or "driver4 write" when the operation is named, "driver4 (write, read)" for several. */
        String label(boolean withOperation) {
            if (!withOperation) {
                return variant;
            }
            return operations.size() == 1 ? variant + " " + operations.get(0)
                    : variant + " (" + String.join(", ", operations) + ")";
        }
    }

    /** A against B in one operation. */
    public static Question of(String a, String b, String operation, Measure measure) {
        return new Question(new Side(a, List.of(operation)), new Side(b, List.of(operation)), measure);
    }

    /** A against B over several operations at once. */
    public static Question combined(String a, String b, List<String> operations, Measure measure) {
        return new Question(new Side(a, operations), new Side(b, operations), measure);
    }

    /** One variant's operation A against its operation B (12 fields against 3, one locality against another). */
    public static Question within(String variant, String operationA, String operationB, Measure measure) {
        return new Question(new Side(variant, List.of(operationA)), new Side(variant, List.of(operationB)), measure);
    }

    /** The same comparison the other way round. */
    public Question reversed() {
        return new Question(b, a, measure);
    }

    /** Whether both sides run the same operations (the usual case: A against B "in write"). */
    public boolean sameOperations() {
        return a.operations().equals(b.operations());
    }

    /** The names its ratio goes by: variants when the operations match, else variant and operation. */
    public String nameA() {
        return a.label(!sameOperations() || a.variant().equals(b.variant()));
    }

    public String nameB() {
        return b.label(!sameOperations() || a.variant().equals(b.variant()));
    }
}
