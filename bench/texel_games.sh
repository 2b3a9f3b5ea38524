#!/bin/sh
# Tuning data for `arbiter tune` (docs/engine.md, Evaluation): self-play games of the
# engine at about NODES nodes a move (go nodes, varied by up to 25 %), from random balanced
# openings, then a tuning run on them. A benchmark, not a test: 10 000 games at 5000 nodes
# take about 1.5 hours of one core. Usage:
#   bench/texel_games.sh [GAMES (10000)] [NODES (5000)] [OUT (texel-games.pgn)] [ARBITER]
set -eu
games=${1:-10000}
nodes=${2:-5000}
out=${3:-texel-games.pgn}
arbiter=${4:-build/arbiter}
concurrency=${CONCURRENCY:-1}

"$arbiter" match --engine1 "$arbiter uci" --engine2 "$arbiter uci" --name1 a --name2 b \
    --games "$games" --nodes "$nodes" --tc 60+1 --concurrency "$concurrency" \
    --book-plies 10 --book-size 600 --book-seed 2026 --pgn "$out" | tail -n 4
"$arbiter" tune --pgn "$out" --epochs 2000 --rate 0.5 --report-every 50
