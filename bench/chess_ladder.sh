#!/bin/sh
# The chess figures of docs/engine.md: the computer levels against each other (level N+1
# against level N, the server's levels through the UCI option Level) and the full engine
# against Stockfish limited to UCI_Elo 2000/2200/2400/2600, each with Elo +- error and the
# time per move; `levels` plays each computer level below 8 against the Stockfish UCI_Elo
# nearest its label, to label it on that scale. A benchmark, not a test: at 10+0.1 the
# Stockfish part alone takes about 400 games x 20 s. Usage:
#   bench/chess_ladder.sh [ladder|stockfish|levels|all (all)] [GAMES (100)] [TC (10+0.1)] [ARBITER]
# Environment: CONCURRENCY (1; 2 on an otherwise idle 2-core machine), ELOS (the UCI_Elo
# list, "2000 2200 2400 2600"), LEVEL_ELOS (the levels and their opponents,
# "3:1350 4:1350 5:1500 6:1750 7:2000"; Stockfish 15.1 goes no lower than 1350),
# STOCKFISH (/usr/games/stockfish).
set -eu
part=${1:-all}
games=${2:-100}
tc=${3:-10+0.1}
arbiter=${4:-build/arbiter}
concurrency=${CONCURRENCY:-1}
stockfish=${STOCKFISH:-/usr/games/stockfish}
elos=${ELOS:-2000 2200 2400 2600}
level_elos=${LEVEL_ELOS:-3:1350 4:1350 5:1500 6:1750 7:2000}

if [ "$part" = ladder ] || [ "$part" = all ]; then
    for n in 0 1 2 3 4 5 6 7; do
        echo "== chess: level $((n + 1)) vs level $n, $games games at $tc"
        "$arbiter" match --engine1 "$arbiter uci" --name1 "level$((n + 1))" \
            --option1 "Level=$((n + 1))" --engine2 "$arbiter uci" --name2 "level$n" \
            --option2 "Level=$n" --games "$games" --tc "$tc" --book-plies 8 --book-seed $((n + 1)) \
            --concurrency "$concurrency" | tail -n 5
    done
fi
if [ "$part" = levels ]; then
    for pair in $level_elos; do
        level=${pair%%:*}
        elo=${pair#*:}
        echo "== chess: level $level vs Stockfish UCI_Elo $elo, $games games at $tc"
        "$arbiter" match --engine1 "$arbiter uci" --name1 "level$level" --option1 "Level=$level" \
            --engine2 "$stockfish" --name2 "stockfish-$elo" --option2 UCI_LimitStrength=true \
            --option2 "UCI_Elo=$elo" --games "$games" --tc "$tc" --book-plies 8 --book-seed 7 \
            --concurrency "$concurrency" --pgn "level$level-sf$elo.pgn" | tail -n 5
    done
fi
if [ "$part" = stockfish ] || [ "$part" = all ]; then
    scores=$(mktemp)
    trap 'rm -f "$scores" "$scores.last"' EXIT
    for elo in $elos; do
        echo "== chess: Arbiter (full) vs Stockfish UCI_Elo $elo, $games games at $tc"
        "$arbiter" match --engine1 "$arbiter uci" --name1 arbiter --engine2 "$stockfish" \
            --name2 "stockfish-$elo" --option2 UCI_LimitStrength=true --option2 "UCI_Elo=$elo" \
            --games "$games" --tc "$tc" --book-plies 8 --book-seed 7 \
            --concurrency "$concurrency" --pgn "sf$elo.pgn" | tail -n 5 >"$scores.last"
        cat "$scores.last"
        sed -n "s/^Score of arbiter vs stockfish-\([0-9]*\): \([0-9]*\) - \([0-9]*\) - \([0-9]*\) .*/\1 \2 \3 \4/p" \
            "$scores.last" >>"$scores"
    done
    # One rating from all the opponents: the R at which the expected scores add up to the
    # points scored (maximum likelihood, found by bisection), and its standard error from the
    # Fisher information of a win/loss model (draws make the true error a little smaller).
    awk '{ elo[NR] = $1; n[NR] = $2 + $3 + $4; pts[NR] = $2 + $4 / 2 }
        END {
            if (NR == 0) exit
            lo = -1000; hi = 5000
            for (k = 0; k < 100; k++) {
                r = (lo + hi) / 2; f = 0
                for (i = 1; i <= NR; i++) f += pts[i] - n[i] / (1 + 10 ^ ((elo[i] - r) / 400))
                if (f > 0) lo = r; else hi = r
            }
            info = 0
            for (i = 1; i <= NR; i++) {
                p = 1 / (1 + 10 ^ ((elo[i] - r) / 400))
                info += n[i] * p * (1 - p) * (log(10) / 400) ^ 2
            }
            printf "== combined: about %.0f +- %.0f (95%%) on Stockfish UCI_Elo scale, %d opponents\n", r, 1.96 / sqrt(info), NR
        }' "$scores"
fi
