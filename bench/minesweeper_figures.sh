#!/bin/sh
# The Minesweeper Chess figures of docs/engine.md (issue 15): the self-play ladder (level N+1
# against level N, N = 0..7) and the new level 8 against the frozen pre-issue-15 level 8
# ("baseline8"). A benchmark, not a test; choices depend only on node limits and seeds, so
# the W/D/L figures repeat exactly on any machine (the times do not).
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
