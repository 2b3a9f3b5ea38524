#!/bin/sh
# The issue-7 bars for the hidden-information players: >= 95% of the points against the
# random player and >= 75% against the greedy baseline, 200 games each (a benchmark, not a
# test). Usage: bench/selfplay_bars.sh [LEVEL (8)] [GAMES (200)] [ARBITER (build/arbiter)]
set -eu
level=${1:-8}
games=${2:-200}
arbiter=${3:-build/arbiter}
for variant in chiefspy minesweeper; do
    seed=2026
    for opponent in random greedy; do
        echo "== $variant: level $level vs $opponent, $games games"
        nice -n 10 "$arbiter" selfplay --variant "$variant" --a "$level" --b "$opponent" \
            --games "$games" --seed "$seed" | tail -n 3
        seed=$((seed + 1))
    done
done
