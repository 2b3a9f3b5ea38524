#!/bin/sh
# The issue-15 figures for the Chief & Spy player (a benchmark, not a test):
#  1. how often an observer who knows our code, seeing only the set-up, guesses our Chief
#     and our Spy (8000 seeded set-ups; uniform is 1/8);
#  2. level 8 against the pre-issue-15 level 8 ("baseline8"), GAMES matches (goal >= 70%);
#  3. level 8 against random and greedy (the issue-7 bars still hold).
# Usage: bench/chiefspy_figures.sh [GAMES (200)] [SEED (2026)] [CONCURRENCY (1)] [BUILD (build)]
# Every run is under nice and the shared build lock; on the shared 2-core machine (loaded)
# 200 matches against baseline8 took about 20 minutes at concurrency 1.
set -eu
games=${1:-200}
seed=${2:-2026}
concurrency=${3:-1}
build=${4:-build}
lock=/tmp/arbiter-heavy.lock

echo "== set-up: the observer's guess rate"
flock "$lock" nice -n 10 "$build/arbiter_tests" --gtest_filter='ChiefSpySetup.*' |
    grep -E "guess rate|OK|FAILED"

echo "== level 8 vs baseline8 (the pre-issue-15 level 8), $games matches, seed $seed"
nice -n 10 "$build/arbiter" selfplay --variant chiefspy --a 8 --b baseline8 --games "$games" \
    --seed "$seed" --concurrency "$concurrency" | tail -n 3

for opponent in random greedy; do
    seed=$((seed + 1))
    echo "== level 8 vs $opponent, $games matches, seed $seed"
    nice -n 10 "$build/arbiter" selfplay --variant chiefspy --a 8 --b "$opponent" \
        --games "$games" --seed "$seed" --concurrency "$concurrency" | tail -n 3
done
