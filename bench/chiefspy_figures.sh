#!/bin/sh
# The issue-15 figures for the Chief & Spy player (a benchmark, not a test):
#  1. how often an observer who knows our code, seeing only the set-up, guesses our Chief
#     and our Spy (8000 seeded set-ups; uniform is 1/8);
#  2. level 8 against the pre-issue-15 level 8 ("baseline8"), GAMES matches (goal >= 70%);
#  3. level 8 against random and greedy (the issue-7 bars still hold);
#  4. the self-play ladder, level N+1 against level N (N = 0..7), LADDER_GAMES matches each
#     (environment, 40; 0 skips it), seed LADDER_SEED + N (environment, 2100), from
#     N = LADDER_FROM (environment, 0). docs/engine.md says which games and seeds each
#     step of its table was measured with.
# Usage: bench/chiefspy_figures.sh [GAMES (200)] [SEED (2026)] [CONCURRENCY (1)] [BUILD (build)]
# Choices depend only on node and sample limits and seeds: the figures repeat on any machine.
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

ladder_games=${LADDER_GAMES:-40}
ladder_seed=${LADDER_SEED:-2100}
ladder_from=${LADDER_FROM:-0}
if [ "$ladder_games" -gt 0 ]; then
    for n in 0 1 2 3 4 5 6 7; do
        [ "$n" -ge "$ladder_from" ] || continue
        echo "== ladder: level $((n + 1)) vs level $n, $ladder_games matches, seed $((ladder_seed + n))"
        nice -n 10 "$build/arbiter" selfplay --variant chiefspy --a "$((n + 1))" --b "$n" \
            --games "$ladder_games" --seed "$((ladder_seed + n))" --concurrency "$concurrency" |
            tail -n 3
    done
fi
