#!/usr/bin/env bash
# Perft speed, side by side with Stockfish's `go perft` on the same positions in one run.
# Both count leaves in bulk at the last ply and run on one thread. Stockfish's start-up
# time (measured with `go perft 1` on the same position) is subtracted from its timing.
set -euo pipefail
cd "$(dirname "$0")/.."
ARBITER=${ARBITER:-build/arbiter}
STOCKFISH=${STOCKFISH:-$(command -v stockfish || echo /usr/games/stockfish)}
[ -x "$STOCKFISH" ] || { echo "stockfish not found (apt-get install stockfish)" >&2; exit 1; }
[ -x "$ARBITER" ] || { echo "$ARBITER not built (make build)" >&2; exit 1; }

positions=(
  "6|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
  "5|r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
  "7|8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"
  "5|r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1"
  "5|rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8"
  "5|r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10"
)

now_ms() { date +%s%3N; }
stockfish_ms() {  # $1 fen, $2 depth -> wall milliseconds, and checks the node count
  local start end out
  start=$(now_ms)
  out=$(printf 'position fen %s\ngo perft %s\nquit\n' "$1" "$2" | "$STOCKFISH")
  end=$(now_ms)
  echo "$((end - start)) $(echo "$out" | awk '/Nodes searched/ {print $3}')"
}

printf '%-8s %5s %12s %10s %10s %8s\n' position depth nodes arbiter_ms sf_ms ratio
total_ours=0; total_sf=0; total_nodes=0; i=0
for entry in "${positions[@]}"; do
  i=$((i + 1)); depth=${entry%%|*}; fen=${entry#*|}
  read -r base _ < <(stockfish_ms "$fen" 1)
  read -r sf_raw sf_nodes < <(stockfish_ms "$fen" "$depth")
  sf=$((sf_raw - base)); [ "$sf" -gt 0 ] || sf=1
  line=$("$ARBITER" perft --fen "$fen" "$depth" | tail -1)
  nodes=$(echo "$line" | awk '{print $2}'); ours=$(echo "$line" | awk '{print $4}'); [ "$ours" -gt 0 ] || ours=1
  [ "$nodes" = "$sf_nodes" ] || { echo "node counts differ on $fen: arbiter $nodes, stockfish $sf_nodes" >&2; exit 1; }
  printf '%-8s %5s %12s %10s %10s %7.2fx\n' "#$i" "$depth" "$nodes" "$ours" "$sf" "$(echo "$sf / $ours" | bc -l)"
  total_ours=$((total_ours + ours)); total_sf=$((total_sf + sf)); total_nodes=$((total_nodes + nodes))
done
printf 'total: %s nodes; arbiter %s Mnps, stockfish %s Mnps; speed ratio %.2fx\n' "$total_nodes" \
  "$((total_nodes / total_ours / 1000))" "$((total_nodes / total_sf / 1000))" "$(echo "$total_sf / $total_ours" | bc -l)"
