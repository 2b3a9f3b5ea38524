#!/bin/sh
# The evaluation network's figures (docs/engine.md, Evaluation network): self-play positions,
# a network trained on them with the hand-written evaluation's held-out loss beside its own,
# then an SPRT of the engine with that network against the same engine without it. A
# benchmark, not a test: at the defaults about 1 M positions an hour on 2 cores, then the match.
# Usage: bench/nnue_figures.sh [GAMES (10000)] [NODES (5000)] [SEED (1)] [ARBITER (build/arbiter)]
# Extra position files (e.g. from `arbiter datagen --from-pgn`) can be given in EXTRA_DATA.
set -eu
games=${1:-10000}
nodes=${2:-5000}
seed=${3:-1}
arbiter=${4:-build/arbiter}
threads=${THREADS:-2}
data=nnue-data-s$seed.txt
net=nnue-s$seed.nnue

"$arbiter" datagen --out "$data" --games "$games" --nodes "$nodes" --threads "$threads" --seed "$seed"
extra=""
for f in ${EXTRA_DATA:-}; do extra="$extra --data $f"; done
# shellcheck disable=SC2086
"$arbiter" train-net --data "$data" $extra --out "$net" --epochs 15 --rate 0.002 --threads "$threads"
"$arbiter" match --engine1 "$arbiter uci" --engine2 "$arbiter uci" --option1 "EvalFile=$net" \
    --name1 network --name2 hand-written --tc 3+0.03 --book-plies 8 --book-size 1500 \
    --book-seed "$seed" --games 3000 --sprt 0,10 --concurrency "$threads" | tail -n 3
