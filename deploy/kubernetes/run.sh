#!/usr/bin/env bash
# Runs the clients (clients-job.yaml) against the cluster of configmap.yaml, starting START_AT_DELAY from now
# (default 3 min: time to pull the image, start and load), then merges their results and copies them here.
# Needs kubectl pointed at the namespace to use, and the image pushed where the cluster pulls it from.
set -euo pipefail
cd "$(dirname "$0")"
delay="${START_AT_DELAY:-3 min}"
start="$(date -u -d "+$delay" +%Y-%m-%dT%H:%M:%SZ)"
kubectl apply -f secret.yaml -f results-pvc.yaml
# the ConfigMap with this run's start instant
sed "s/^  START_AT: .*/  START_AT: \"$start\"/" configmap.yaml | kubectl apply -f -
kubectl delete job cqlbench-clients cqlbench-merge --ignore-not-found
kubectl apply -f clients-job.yaml
echo "clients start measuring at $start"
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
