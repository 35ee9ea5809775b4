#!/usr/bin/env bash
# Runs the clients (clients-job.yaml) against the cluster of configmap.yaml (they start measuring together once all
# are ready), then merges their results, whether every client completed or one failed (the merge names it and
# fails), copies them here and exits with the merge's outcome.
# Needs kubectl pointed at the namespace to use, and the image pushed where the cluster pulls it from (named once, in
# kustomization.yaml's images entry: every manifest applied here gets it).
set -euo pipefail
cd "$(dirname "$0")"

image="$(sed -n 's/^ *newName: *//p' kustomization.yaml):$(sed -n 's/^ *newTag: *//p' kustomization.yaml)"
# a manifest with the image of kustomization.yaml
apply() {
  sed "s|image: cqlbench:0.1.0-SNAPSHOT|image: $image|" "$1" | kubectl apply -f -
}

# Waits for a Job to complete (returns 0) or fail (returns 1): `kubectl wait --for=condition=complete` alone waits
# out its whole timeout for a Job that failed.
wait_job() {
  local job=$1 deadline=$((SECONDS + $2)) state
  while ((SECONDS < deadline)); do
    state="$(kubectl get job "$job" -o jsonpath='{.status.conditions[?(@.status=="True")].type}')"
    case "$state" in
      *Complete*) return 0 ;;
      *Failed*) echo "job $job failed" >&2; return 1 ;;
    esac
    sleep 10
  done
  echo "job $job neither completed nor failed within $2 s" >&2
  return 1
}

kubectl apply -f secret.yaml -f results-pvc.yaml
kubectl delete job cqlbench-clients cqlbench-merge --ignore-not-found
# the last run's client directories would join this run's merge (and a client count that shrank fails it): gone
kubectl delete pod cqlbench-results-reader --ignore-not-found
apply reader-pod.yaml
kubectl wait --for=condition=ready pod/cqlbench-results-reader --timeout=5m
kubectl exec cqlbench-results-reader -- sh -c 'rm -rf /results/client-* /results/merged'
# a keyspace of the run's own: the clients never empty the table, and a rerun must not load into the last one's
kubectl apply -f configmap.yaml
keyspace="$(kubectl get configmap cqlbench-run -o jsonpath='{.data.KEYSPACE}')_$(date -u +%Y%m%d%H%M%S)"
kubectl patch configmap cqlbench-run --type merge -p "{\"data\":{\"KEYSPACE\":\"$keyspace\"}}"
echo "keyspace $keyspace"
apply clients-job.yaml
echo "clients started; they measure once all are ready"
wait_job cqlbench-clients 7200 || echo "a client failed: the merge names it" >&2
apply merge-job.yaml
merged=0
wait_job cqlbench-merge 1800 || merged=$?
kubectl logs job/cqlbench-merge
kubectl cp cqlbench-results-reader:/results ./results
kubectl delete pod cqlbench-results-reader
echo "results in $(pwd)/results: merged/report.html, and each client's own directory"
exit "$merged"
