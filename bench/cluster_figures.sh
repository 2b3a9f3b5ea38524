#!/usr/bin/env bash
# The figures of issue 12 (the cluster), each with the echo ceiling measured the same way in
# the same run: `arbiter loadtest` (random chess games over WebSockets, then a raw WebSocket
# echo) against
#   (a) one node on SQLite, (b) one node on PostgreSQL,
#   (c) HAProxy in front of 1, 2 and 3 nodes on PostgreSQL (deploy/cluster).
# The failover time (kill -9 to the first accepted move of a game the node owned, over 10
# kills) comes from `make test-cluster`'s ClusterFaults.KillNine… line.
#
# Usage: bench/cluster_figures.sh [games] [seconds]      (default 500 games, 10 s a phase)
# Everything runs on 127.0.0.1 and is stopped on exit. The machine has 2 cores: the load
# generator, the nodes, PostgreSQL and HAProxy share them (the figures say so).
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
BIN=$ROOT/build/arbiter
GAMES=${1:-500}
SECONDS_PER_PHASE=${2:-10}
[ -x "$BIN" ] || { echo "no $BIN: run make build first" >&2; exit 2; }
TMP=$(mktemp -d /tmp/arbiter-cluster-figures.XXXXXX)
PIDS=()
cleanup() {
    for pid in "${PIDS[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
    CLUSTER_DIR=$TMP/cluster "$ROOT/deploy/cluster" stop >/dev/null 2>&1 || true
    "$ROOT/deploy/pg-throwaway" stop "$TMP/pg" >/dev/null 2>&1 || true
    rm -rf "$TMP"
}
trap cleanup EXIT

wait_port() {
    for _ in $(seq 1 100); do curl -fsS -o /dev/null "http://127.0.0.1:$1/api/health" 2>/dev/null && return 0; sleep 0.1; done
    echo "nothing answers on $1" >&2
    exit 1
}

measure() {  # label port
    echo "== $1 (load average before: $(cut -d' ' -f1 /proc/loadavg))"
    "$BIN" loadtest --url "ws://127.0.0.1:$2" --games "$GAMES" --seconds "$SECONDS_PER_PHASE" |
        grep -E '^(games|echo|moves/s)'
}

serve() {  # port db
    "$BIN" serve --host 127.0.0.1 --port "$1" --db "$2" --web "" --log-level warn \
        --no-fsync-on-power-loss >"$TMP/serve-$1.log" 2>&1 &
    PIDS+=($!)
    wait_port "$1"
}

# (a) one node, SQLite
serve 18401 "$TMP/one.db"
measure "one node, SQLite" 18401
kill -TERM "${PIDS[-1]}"

# (b) one node, PostgreSQL
URL=$("$ROOT/deploy/pg-throwaway" start "$TMP/pg")
serve 18402 "$URL"
measure "one node, PostgreSQL" 18402
kill -TERM "${PIDS[-1]}"
"$ROOT/deploy/pg-throwaway" stop "$TMP/pg" >/dev/null

# (c) HAProxy and 1, 2, 3 nodes
for nodes in 1 2 3; do
    CLUSTER_DIR=$TMP/cluster CLUSTER_PORT=18410 CLUSTER_NODES=$nodes CLUSTER_WEB=$TMP/no-web \
        CLUSTER_FLAGS="--log-level warn" "$ROOT/deploy/cluster" start >/dev/null
    measure "HAProxy + $nodes node(s), PostgreSQL" 18410
    CLUSTER_DIR=$TMP/cluster "$ROOT/deploy/cluster" stop >/dev/null
done
