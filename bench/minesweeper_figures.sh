#!/bin/sh
# The Minesweeper Chess figures of docs/engine.md (issue 15): the self-play ladder (level N+1
# against level N, N = 0..7) and the new level 8 against the frozen pre-issue-15 level 8
# ("baseline8"), then the low levels against an outside yardstick: fairy-stockfish at a fixed
# depth, mine-blind (engine/uci_view_player.h), when it is installed (make bench-deps).
# A benchmark, not a test; choices depend only on node limits, depths and seeds, so the W/D/L
# figures repeat exactly on any machine (the times do not).
# Usage: bench/minesweeper_figures.sh [LADDER_GAMES (40)] [BASELINE_GAMES (100)]
#                                     [ARBITER (build/arbiter)] [CONCURRENCY (1)]
set -eu
ladder_games=${1:-40}
baseline_games=${2:-100}
arbiter=${3:-build/arbiter}
concurrency=${4:-1}
run() {
    nice -n 10 "$arbiter" selfplay --variant minesweeper --a "$1" --b "$2" --games "$3" \
        --seed "$4" --concurrency "$concurrency" | grep -E '^(Score|Time|[0-9]+ games reached)'
}
for n in 0 1 2 3 4 5 6 7; do
    echo "== ladder: level $((n + 1)) vs level $n, $ladder_games games (seed $((1500 + n)))"
    run "$((n + 1))" "$n" "$ladder_games" "$((1500 + n))"
done
echo "== level 8 vs baseline8, $baseline_games games (seed 1515)"
run 8 baseline8 "$baseline_games" 1515
fairy=${FAIRY:-/usr/games/fairy-stockfish}
[ -x "$fairy" ] || { echo "no fairy-stockfish at $fairy: the yardstick is skipped"; exit 0; }
ini=$(cd "$(dirname "$0")" && pwd)/minesweeper.ini
yardstick() {
    nice -n 10 "$arbiter" selfplay --variant minesweeper --a "$1" --b "uci-depth$2" --games "$3" \
        --seed "$4" --concurrency "$concurrency" --uci "$fairy" \
        --uci-option "VariantPath=$ini" --uci-option UCI_Variant=minesweeper |
        grep -E '^(Score|[0-9]+ games reached)'
}
for d in 1 3 5; do
    for n in 1 2 3 4; do
        echo "== yardstick: level $n vs fairy-stockfish depth $d, 20 games (seed 1600)"
        yardstick "$n" "$d" 20 1600
    done
done
echo "== yardstick: level 3 vs fairy-stockfish depth 3, 40 games (seed 1601)"
yardstick 3 3 40 1601
