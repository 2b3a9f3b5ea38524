#!/usr/bin/env bash
# Perft of the Minesweeper Chess board (8x10, no en passant, queen-only promotion) against
# fairy-stockfish configured with bench/minesweeper.ini: same positions, same depths; the
# node counts must be equal, and the speed is reported as a ratio.
#
#   bench/minesweeper_perft_vs_fairy.sh [EPD] [MAX_NODES]
#       runs every (position, depth) of EPD (default tests/data/perft-minesweeper.epd) whose
#       expected count is at most MAX_NODES (default 8000000) on both programs.
#   bench/minesweeper_perft_vs_fairy.sh --generate LIST
#       LIST has lines "FEN|DEPTH"; prints EPD lines ";D1 n ;D2 n ..." with fairy-stockfish's
#       counts (this is how tests/data/perft-minesweeper.epd was made).
#
# Environment: ARBITER (default build/arbiter), FAIRY (default /usr/games/fairy-stockfish).
# Note: fairy-stockfish 11.1 (Debian's) has no setting to switch en passant off, so the
# positions must be ones where no en passant capture can arise within their depths
# (tests/minesweeper_perft_test.cpp checks this).
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
arbiter=${ARBITER:-$root/build/arbiter}
fairy=${FAIRY:-/usr/games/fairy-stockfish}
ini=$here/minesweeper.ini

now_ns() { date +%s%N; }

# Runs fairy-stockfish on "FEN|DEPTH" lines from stdin; prints one node count a line.
fairy_counts() {
    {
        echo "setoption name VariantPath value $ini"
        echo "setoption name UCI_Variant value minesweeper"
        while IFS='|' read -r fen depth; do
            echo "position fen $fen"
            echo "go perft $depth"
        done
        echo "quit"
    } | "$fairy" 2>&1 | awk '/^Nodes searched/ {print $3}'
}

if [[ ${1:-} == --generate ]]; then
    while IFS='|' read -r fen maxdepth; do
        [[ -z $fen || $fen == \#* ]] && continue
        jobs=""
        for d in $(seq 1 "$maxdepth"); do jobs+="$fen|$d"$'\n'; done
        line=$fen
        d=1
        while read -r n; do
            line+=" ;D$d $n"
            d=$((d + 1))
        done < <(printf '%s' "$jobs" | fairy_counts)
        echo "$line"
    done < "$2"
    exit 0
fi

epd=${1:-$root/tests/data/perft-minesweeper.epd}
max=${2:-8000000}
[[ -x $arbiter ]] || { echo "no arbiter binary at $arbiter (build first)" >&2; exit 2; }
[[ -x $fairy ]] || { echo "no fairy-stockfish at $fairy" >&2; exit 2; }

# (FEN, depth, expected) for every depth within the node limit.
fens=() depths=() expected=()
while IFS= read -r line; do
    [[ -z $line || $line == \#* ]] && continue
    fen=${line%%;*}
    fen=${fen% }
    rest=${line#*;}
    IFS=';' read -ra fields <<< "$rest"
    for f in "${fields[@]}"; do
        read -r label n <<< "$f"
        d=${label#D}
        if (( n <= max )); then
            fens+=("$fen") depths+=("$d") expected+=("$n")
        fi
    done
done < "$epd"

jobs=""
for i in "${!fens[@]}"; do jobs+="${fens[$i]}|${depths[$i]}"$'\n'; done
mapfile -t fairyNodes < <(printf '%s' "$jobs" | fairy_counts)
arbiterNodes=()
for i in "${!fens[@]}"; do
    read -r _ nodes _ <<< "$("$arbiter" perft --variant minesweeper --fen "${fens[$i]}" "${depths[$i]}")"
    arbiterNodes+=("$nodes")
done

# Speed: the deepest selected depth of each position, on both programs. fairy-stockfish
# runs them in one process whose start-up is timed apart and removed; arbiter reports its
# own time without start-up.
deep=()
for i in "${!fens[@]}"; do
    if (( i + 1 == ${#fens[@]} )) || [[ ${fens[$((i + 1))]} != "${fens[$i]}" ]]; then deep+=("$i"); fi
done
timed=""
timedNodes=0
for i in "${deep[@]}"; do
    timed+="${fens[$i]}|${depths[$i]}"$'\n'
    timedNodes=$(( timedNodes + ${expected[$i]} ))
done
t0=$(now_ns)
printf '' | fairy_counts > /dev/null
t1=$(now_ns)
printf '%s' "$timed" | fairy_counts > /dev/null
t2=$(now_ns)
fairyNs=$(( (t2 - t1) - (t1 - t0) ))
arbiterNs=0
for i in "${deep[@]}"; do
    read -r _ _ _ ms _ <<< "$("$arbiter" perft --variant minesweeper --fen "${fens[$i]}" "${depths[$i]}")"
    arbiterNs=$(( arbiterNs + ms * 1000000 ))
done

failed=0 total=0
for i in "${!fens[@]}"; do
    a=${arbiterNodes[$i]} f=${fairyNodes[$i]:-missing} e=${expected[$i]}
    status=ok
    if [[ $a != "$f" || $a != "$e" ]]; then status=FAIL; failed=$((failed + 1)); fi
    printf '%-4s D%s arbiter %s fairy %s epd %s  %s\n' "$status" "${depths[$i]}" "$a" "$f" "$e" "${fens[$i]}"
    total=$(( total + a ))
done

awk -v n="$timedNodes" -v a="$arbiterNs" -v f="$fairyNs" 'BEGIN {
    an = a > 0 ? n / (a / 1e9) : 0; fn = f > 0 ? n / (f / 1e9) : 0;
    printf "timed nodes %d (deepest depth of each position)\narbiter        %.0f nps (%.3f s)\nfairy-stockfish %.0f nps (%.3f s)\nratio %.2fx\n",
           n, an, a / 1e9, fn, f / 1e9, (fn > 0 ? an / fn : 0) }'
if (( failed )); then echo "$failed counts differ"; exit 1; fi
