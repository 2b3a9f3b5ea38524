#!/bin/sh
# The evaluation network's figures (docs/engine.md, Evaluation network): self-play positions,
# a network trained on them (its held-out loss printed beside the starting network's and the
# hand-written evaluation's), then an SPRT of the engine with that network against the same
# engine with the network it must beat. A benchmark, not a test: about 1.9 M positions an hour
# on 2 idle cores, then the match.
# Usage: bench/nnue_figures.sh [GAMES (10000)] [NODES (5000)] [SEED (1)] [ARBITER (build/arbiter)]
# START: fine-tune this network (`<built-in>` or a .nnue file; how f1 was made from c25) at
#   rate 0.0005 for 8 epochs; unset, train from random weights at 0.002 for 15 (how c25 was).
# BASE: the opponent's EvalFile (default `<built-in>`; `<hand-written>` for the first network).
# EXTRA_DATA: more position files (e.g. from `arbiter datagen --from-pgn`).
set -eu
games=${1:-10000}
nodes=${2:-5000}
seed=${3:-1}
arbiter=${4:-build/arbiter}
threads=${THREADS:-2}
base=${BASE:-<built-in>}
data=nnue-data-s$seed.txt
net=nnue-s$seed.nnue

"$arbiter" datagen --out "$data" --games "$games" --nodes "$nodes" --threads "$threads" --seed "$seed"
extra=""
for f in ${EXTRA_DATA:-}; do extra="$extra --data $f"; done
# The training schedule: fine-tuning takes smaller and fewer steps than a random start.
set -- --epochs 15 --rate 0.002
if [ -n "${START:-}" ]; then set -- --start "$START" --epochs 8 --rate 0.0005; fi
# shellcheck disable=SC2086
"$arbiter" train-net --data "$data" $extra --out "$net" "$@" --threads "$threads"
"$arbiter" match --engine1 "$arbiter uci" --engine2 "$arbiter uci" --option1 "EvalFile=$net" \
    --option2 "EvalFile=$base" --name1 "$net" --name2 "$base" --tc 3+0.03 --book-plies 8 \
    --book-size 1500 --book-seed "$seed" --games 3000 --sprt 0,10 --concurrency "$threads" |
    tail -n 3
