package dev.cqlbench.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.cqlbench.app.cli.CommandContext;
import dev.cqlbench.app.cli.Main;
import dev.cqlbench.app.cluster.TargetFile;
import dev.cqlbench.scenario.mixes.MixesOptions;
import dev.cqlbench.scenario.mixes.MixesPlan;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * deploy/kubernetes: the manifests parse, and wire what README says: the pod index is the client index, the
 * ConfigMap holds the target file and the workload, the Secret the password, the results volume is where the clients
 * write and the merge reads; and the clients' command line is one cqlbench accepts.
 */
class KubernetesManifestsTest {

    private static final Path DIR = Path.of(System.getProperty("user.dir")).getParent().resolve("deploy/kubernetes");
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
    private static final Pattern VAR = Pattern.compile("\\$\\(([A-Z_]+)\\)");

    private static JsonNode read(String file) throws IOException {
        return YAML.readTree(DIR.resolve(file).toFile());
    }

    private static JsonNode container(JsonNode job) {
        return job.path("spec").path("template").path("spec").path("containers").get(0);
    }

    private static List<String> args(JsonNode container) {
        List<String> out = new ArrayList<>();
        container.path("args").forEach(a -> out.add(a.asText()));
        return out;
    }

    /** {@code $(VAR)} replaced as Kubernetes does, from these values. */
    private static List<String> expand(List<String> args, Map<String, String> values) {
        List<String> out = new ArrayList<>();
        for (String a : args) {
            Matcher m = VAR.matcher(a);
            StringBuilder sb = new StringBuilder();
            while (m.find()) {
                assertThat(values).as("$(%s) is defined for the container", m.group(1)).containsKey(m.group(1));
                m.appendReplacement(sb, Matcher.quoteReplacement(values.get(m.group(1))));
            }
            m.appendTail(sb);
            out.add(sb.toString());
        }
        return out;
    }

    private static Map<String, String> data(JsonNode configMap) {
        Map<String, String> out = new HashMap<>();
        configMap.path("data").fields().forEachRemaining(e -> out.put(e.getKey(), e.getValue().asText()));
        return out;
    }

    /** cqlbench's own command line accepts these arguments (options known, values of their types). */
    private static void parses(List<String> args) {
        PrintStream quiet = new PrintStream(new ByteArrayOutputStream());
        CommandLine line = Main.commandLine(new CommandContext(quiet, quiet, () -> null, new Lifecycle()));
        line.parseArgs(args.toArray(String[]::new));
    }

    @Test
    void theClientsJobIsIndexedAndWiredToTheConfigMapSecretAndVolume(@TempDir Path tmp) throws Exception {
        JsonNode configMap = read("configmap.yaml");
        JsonNode secret = read("secret.yaml");
        JsonNode pvc = read("results-pvc.yaml");
        JsonNode job = read("clients-job.yaml");
        Map<String, String> run = data(configMap);
        int clients = Integer.parseInt(run.get("CLIENTS"));

        assertThat(job.path("kind").asText()).isEqualTo("Job");
        assertThat(job.path("spec").path("completionMode").asText()).isEqualTo("Indexed");
        assertThat(job.path("spec").path("completions").asInt()).isEqualTo(clients);
        assertThat(job.path("spec").path("parallelism").asInt()).isEqualTo(clients);
        JsonNode c = container(job);
        Map<String, JsonNode> env = new HashMap<>();
        c.path("env").forEach(e -> env.put(e.path("name").asText(), e));
        // the pod's completion index is the client index
        assertThat(env.get("CLIENT_INDEX").path("valueFrom").path("fieldRef").path("fieldPath").asText())
                .isEqualTo("metadata.annotations['batch.kubernetes.io/job-completion-index']");
        // the run's name, under which the clients meet: the Job's uid, the same for its pods, new for each Job
        assertThat(env.get("RUN_ID").path("valueFrom").path("fieldRef").path("fieldPath").asText())
                .isEqualTo("metadata.labels['controller-uid']");
        // the password comes from the Secret, under the name the target file reads it from
        JsonNode password = env.get("CQL_PASSWORD").path("valueFrom").path("secretKeyRef");
        assertThat(password.path("name").asText()).isEqualTo(secret.path("metadata").path("name").asText());
        assertThat(secret.path("stringData").has(password.path("key").asText())).isTrue();
        // the rest of the run from the ConfigMap
        assertThat(c.path("envFrom").get(0).path("configMapRef").path("name").asText())
                .isEqualTo(configMap.path("metadata").path("name").asText());
        Map<String, String> values = new HashMap<>(run);
        values.put("CLIENT_INDEX", "2");
        values.put("RUN_ID", "0b5c4a3e-9f1d-4c2a-8e7b-1d2c3b4a5f60");
        values.put("CQL_PASSWORD", "x");
        List<String> args = expand(args(c), values);
        assertThat(String.join(" ", args)).contains("--client 2/" + clients)
                .contains("--run-id 0b5c4a3e-9f1d-4c2a-8e7b-1d2c3b4a5f60").doesNotContain("--start-at")
                .contains("--out /results/client-2");

        // every client serves its metrics where the pod annotations and the PodMonitor say it does
        String port = args.get(args.indexOf("--metrics-port") + 1);
        JsonNode annotations = job.path("spec").path("template").path("metadata").path("annotations");
        assertThat(annotations.path("prometheus.io/scrape").asText()).isEqualTo("true");
        assertThat(annotations.path("prometheus.io/port").asText()).isEqualTo(port);
        assertThat(annotations.path("prometheus.io/path").asText()).isEqualTo("/metrics");
        JsonNode containerPort = c.path("ports").get(0);
        assertThat(containerPort.path("containerPort").asText()).isEqualTo(port);
        JsonNode monitor = read("podmonitor.yaml");
        assertThat(monitor.path("kind").asText()).isEqualTo("PodMonitor");
        monitor.path("spec").path("selector").path("matchLabels").fields().forEachRemaining(l -> assertThat(
                job.path("spec").path("template").path("metadata").path("labels").path(l.getKey()).asText())
                .isEqualTo(l.getValue().asText()));
        assertThat(monitor.path("spec").path("podMetricsEndpoints").get(0).path("port").asText())
                .isEqualTo(containerPort.path("name").asText());

        // the target file: the ConfigMap's, mounted where --target says, reading the Secret's variable
        Map<String, String> mounts = new HashMap<>();
        c.path("volumeMounts").forEach(m -> mounts.put(m.path("name").asText(), m.path("mountPath").asText()));
        Map<String, JsonNode> volumes = new HashMap<>();
        job.path("spec").path("template").path("spec").path("volumes")
                .forEach(v -> volumes.put(v.path("name").asText(), v));
        String target = args.get(args.indexOf("--target") + 1);
        JsonNode config = volumes.get("config").path("configMap");
        assertThat(config.path("name").asText()).isEqualTo(configMap.path("metadata").path("name").asText());
        assertThat(target).isEqualTo(mounts.get("config") + "/" + config.path("items").get(0).path("path").asText());
        assertThat(config.path("items").get(0).path("key").asText()).isEqualTo("target.yaml");
        Path targetFile = tmp.resolve("target.yaml");
        Files.writeString(targetFile, run.get("target.yaml"));
        TargetFile parsed = TargetFile.read(targetFile);
        assertThat(parsed.passwordEnv()).isEqualTo("CQL_PASSWORD");
        // the results volume is the claim
        assertThat(volumes.get("results").path("persistentVolumeClaim").path("claimName").asText())
                .isEqualTo(pvc.path("metadata").path("name").asText());
        assertThat(mounts.get("results")).isEqualTo("/results");

        // cqlbench accepts the command line, and its plan is client 2 of CLIENTS in the Job's run, meeting to start
        parses(args);
        List<String> mixes = new ArrayList<>(args.subList(args.indexOf("mixes") + 1, args.size()));
        for (String option : List.of("--target", "--out", "--metrics-port", "--metrics-linger-s")) {
            int at = mixes.indexOf(option);
            mixes.remove(at + 1);
            mixes.remove(at);
        }
        MixesPlan plan = new MixesOptions().with(mixes.toArray(String[]::new)).plan();
        assertThat(plan.client().index()).isEqualTo(2);
        assertThat(plan.client().count()).isEqualTo(clients);
        assertThat(plan.client().runId()).isEqualTo("0b5c4a3e-9f1d-4c2a-8e7b-1d2c3b4a5f60");
        assertThat(plan.client().meets()).isTrue();
        assertThat(plan.threads()).isEqualTo(Integer.parseInt(run.get("THREADS")));
    }

    @Test
    void theMergeJobReadsWhereTheClientsWrite() throws Exception {
        JsonNode merge = read("merge-job.yaml");
        JsonNode clients = read("clients-job.yaml");
        JsonNode c = container(merge);
        List<String> args = args(c);
        parses(args);
        assertThat(args.get(0)).isEqualTo("merge");
        assertThat(args).contains("/results");
        assertThat(merge.path("spec").path("template").path("spec").path("volumes").get(0)
                .path("persistentVolumeClaim").path("claimName").asText())
                .isEqualTo(clients.path("spec").path("template").path("spec").path("volumes").get(1)
                        .path("persistentVolumeClaim").path("claimName").asText());
        assertThat(container(clients).path("image").asText()).isEqualTo(c.path("image").asText());
    }

    @Test
    void kustomizationNamesFilesThatExist() throws Exception {
        Set<String> resources = new HashSet<>();
        read("kustomization.yaml").path("resources").forEach(r -> resources.add(r.asText()));
        assertThat(resources).contains("configmap.yaml", "secret.yaml", "results-pvc.yaml", "clients-job.yaml");
        resources.forEach(r -> assertThat(DIR.resolve(r)).exists());
        assertThat(Files.readString(DIR.resolve("run.sh"))).contains("apply clients-job.yaml")
                .contains("apply merge-job.yaml").doesNotContain("START_AT");
    }

    /**
     * The image is named once (kustomization.yaml's images entry): every manifest that runs it names the one image
     * that entry replaces, which run.sh replaces too.
     */
    @Test
    void theImageIsNamedOnce() throws Exception {
        JsonNode image = read("kustomization.yaml").path("images").get(0);
        assertThat(image.path("name").asText()).isEqualTo("cqlbench");
        String run = Files.readString(DIR.resolve("run.sh"));
        for (String file : List.of("clients-job.yaml", "merge-job.yaml", "reader-pod.yaml")) {
            String text = Files.readString(DIR.resolve(file));
            assertThat(text).as(file).contains("image: cqlbench:0.1.0-SNAPSHOT");
            assertThat(run).as("run.sh applies " + file + " with the image").contains("apply " + file);
            assertThat(text).as(file + " runs unprivileged").contains("runAsNonRoot: true")
                    .contains("automountServiceAccountToken: false");
        }
        assertThat(run).contains("s|image: cqlbench:0.1.0-SNAPSHOT|image: $image|");
    }
}
