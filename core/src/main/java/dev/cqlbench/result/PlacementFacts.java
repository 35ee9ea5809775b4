package dev.cqlbench.result;

/**
 * Where a run's processes ran: its servers (the Cassandra nodes and the MariaDB cqlbench started or kept on this
 * machine) and its clients (cqlbench and every worker JVM).
 *
 * @param mode              "split": servers and clients on CPUs of their own; "shared": wherever the OS put them
 * @param serverCpus        the servers' CPUs, as Linux lists them ("0"); null where affinity cannot be set
 * @param clientCpus        the clients' CPUs ("1")
 * @param machineCpus       CPUs the run could use
 * @param idleWorkersPaused whether every worker JVM but the one measuring was stopped (SIGSTOP) meanwhile
 * @param note              why the run shared the CPUs where a split was asked or chosen; null otherwise
 */
public record PlacementFacts(String mode, String serverCpus, String clientCpus, int machineCpus,
                             boolean idleWorkersPaused, String note) {

    /** "nodes on CPU 0, cqlbench and its workers on CPU 1; idle workers paused". */
    public String describe() {
        String where = "split".equals(mode)
                ? "servers on CPU " + serverCpus + ", cqlbench and its workers on CPU " + clientCpus
                : "servers and clients share " + (machineCpus > 0 ? machineCpus + " CPUs" : "the CPUs")
                        + (note == null ? "" : " (" + note + ")");
        return where + (idleWorkersPaused ? "; idle workers paused while another measures" : "");
    }
}
