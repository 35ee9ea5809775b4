#!/usr/bin/env bash
# Runs the clients (clients-job.yaml) against the cluster of configmap.yaml (they start measuring together once all
# are ready), then merges their results and copies them here; a client that failed fails the merge Job.
# Needs kubectl pointed at the namespace to use, and the image pushed where the cluster pulls it from.
set -euo pipefail
cd "$(dirname "$0")"
kubectl apply -f secret.yaml -f results-pvc.yaml
kubectl apply -f configmap.yaml
kubectl delete job cqlbench-clients cqlbench-merge --ignore-not-found
kubectl apply -f clients-job.yaml
echo "clients started; they measure once all are ready"
kubectl wait --for=condition=complete job/cqlbench-clients --timeout=2h
kubectl apply -f merge-job.yaml
kubectl wait --for=condition=complete job/cqlbench-merge --timeout=30m
kubectl logs job/cqlbench-merge
kubectl delete pod cqlbench-results-reader --ignore-not-found
kubectl apply -f reader-pod.yaml
kubectl wait --for=condition=ready pod/cqlbench-results-reader --timeout=5m
kubectl cp cqlbench-results-reader:/results ./results
kubectl delete pod cqlbench-results-reader
echo "results in $(pwd)/results: merged/report.html, and each client's own directory"
