package dev.cqlbench.result;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * The results of the clients that shared a workload, as {@link ClientMerge} takes them: checked, and what is missing.
 */
public final class ClientParts {

    private ClientParts() {}

    /** Why results cannot be merged, in one line. */
    public static final class Refused extends IllegalArgumentException {
        public Refused(String message) {
            super(message);
        }
    }

    /** A client's result and where it came from (its directory, for messages). */
    public record Part(String source, RunResult result) {}

    /**
     * The clients whose part of the work is missing from a merge, each as a line: a variant that failed (with its
     * failure) or that measured no operation. A merge of them is partial: {@code merge} exits with the worker-failed
     * status, naming them.
     */
    public static List<String> failedClients(List<Part> parts) {
        List<String> failed = new ArrayList<>();
        for (Part part : parts) {
            RunResult r = part.result();
            List<ClientRun> clients = r.ranOn().clients();
            String client = clients.isEmpty() ? part.source() : "client " + clients.get(0).index() + "/"
                    + clients.get(0).count() + " (" + part.source() + ")";
            for (VariantResult v : r.variants()) {
                if (v.failure() != null) {
                    failed.add(client + ": " + v.variant() + " failed: " + v.failure());
                } else if (v.operations().stream().mapToLong(OperationResult::count).sum() == 0) {
                    failed.add(client + ": " + v.variant() + " measured no operation");
                }
            }
        }
        return failed;
    }

    /** The parts in client order, once each checked to be one run's N clients; refused in one line otherwise. */
    static List<Part> inClientOrder(List<Part> parts) {
        for (Part p : parts) {
            if (p.result().ranOn().clients().size() != 1) {
                throw new Refused(p.source() + " is not one client's result: " + (p.result().ranOn().clients().isEmpty()
                        ? "it was not run with --client i/N" : "it is merged already"));
            }
        }
        Part first = parts.get(0);
        ClientRun one = first.result().ranOn().clients().get(0);
        Map<Integer, Part> byIndex = new TreeMap<>();
        for (Part p : parts) {
            ClientRun c = p.result().ranOn().clients().get(0);
            RunResult r = p.result();
            if (!Objects.equals(c.runId(), one.runId())) {
                throw new Refused(p.source() + " belongs to another run (started at " + c.runId() + ", not "
                        + one.runId() + ")");
            }
            if (c.count() != one.count()) {
                throw new Refused(p.source() + " is one of " + c.count() + " clients, " + first.source() + " one of "
                        + one.count());
            }
            if (!r.scenario().equals(first.result().scenario())
                    || !r.plan().whole().equals(first.result().plan().whole())
                    || !r.settings().variantNames().equals(first.result().settings().variantNames())) {
                throw new Refused(p.source() + " ran another workload than " + first.source()
                        + " (scenario, plan or variants differ)");
            }
            Part twice = byIndex.put(c.index(), p);
            if (twice != null) {
                throw new Refused("client " + c.index() + "/" + c.count() + " is there twice: " + twice.source()
                        + " and " + p.source() + " (overlapping shards)");
            }
            if (r.variants().size() != first.result().variants().size()) {
                throw new Refused(p.source() + " has " + r.variants().size() + " variants, " + first.source() + " "
                        + first.result().variants().size());
            }
        }
        List<Integer> missing = new ArrayList<>();
        for (int i = 0; i < one.count(); i++) {
            if (!byIndex.containsKey(i)) {
                missing.add(i);
            }
        }
        if (!missing.isEmpty()) {
            throw new Refused("missing client" + (missing.size() > 1 ? "s " : " ") + missing.stream()
                    .map(i -> i + "/" + one.count()).reduce((a, b) -> a + ", " + b).orElse("") + " of run "
                    + one.runId());
        }
        return new ArrayList<>(byIndex.values());
    }
}
