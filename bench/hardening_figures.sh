#!/usr/bin/env bash
# The AFTER figures of issue 11 (server hardening), measured the way the issue measured the
# BEFORE ones: (a) a move's latency under a crowd of spectators, (b) the game list at 12,000
# games, (c) a creation flood from one address, (d) big static files, (e) the open-file limit.
#
# Usage: bench/hardening_figures.sh [path/to/arbiter]     (default: build/arbiter)
#
# Every server is a fresh `arbiter serve` on a free loopback port (--port 0) with a fresh
# database in a temp folder; all traffic goes to 127.0.0.1. Everything started here is
# stopped on exit, and every loop is bounded. Needs python3 and curl. Each figure line also
# says what else was running (load average; compilers, fuzzers, browsers): the machine is shared.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
BIN=${1:-$ROOT/build/arbiter}
[ -x "$BIN" ] || { echo "no $BIN: build it first (cmake --build build --target arbiter)" >&2; exit 2; }
command -v python3 >/dev/null || { echo "python3 is needed" >&2; exit 2; }
command -v curl >/dev/null || { echo "curl is needed" >&2; exit 2; }

TMP=$(mktemp -d /tmp/arbiter-figures.XXXXXX)
# stop_pid PID: SIGTERM, up to 10 s, then SIGKILL. Only for this shell's own children that
# have not been waited for yet (their pid cannot have been reused).
stop_pid() {
    local pid=$1 i
    kill -TERM "$pid" 2>/dev/null || return 0
    for i in $(seq 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -KILL "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
}
cleanup() {
    local pid
    for pid in $(jobs -pr); do stop_pid "$pid"; done
    rm -rf "$TMP"
}
trap cleanup EXIT
trap 'exit 130' INT TERM
ulimit -n "$(ulimit -Hn)"

# What else the machine is doing while a figure is taken (a snapshot).
context() {
    local cc fz br
    cc=$(pgrep -c cc1plus || true)
    fz=$(pgrep -fc 'build-fuzz/' || true)
    br=$(pgrep -c chromium || true)
    echo "[load $(cut -d' ' -f1-3 /proc/loadavg); others: ${cc:-0} compilers, ${fz:-0} fuzzers, ${br:-0} chromium]"
}

# start_server NAME [serve flags…]: sets SPID and PORT. NOFILE=n limits its open files
# (soft and hard); WEB=dir serves that client folder.
start_server() {
    local name=$1 i
    shift
    (
        if [ -n "${NOFILE:-}" ]; then ulimit -n "$NOFILE"; fi
        exec "$BIN" serve --host 127.0.0.1 --port 0 --db "$TMP/$name.db" \
            --web "${WEB:-$TMP/no-web}" "$@"
    ) >"$TMP/$name.out" 2>"$TMP/$name.log" &
    SPID=$!
    PORT=
    for i in $(seq 1200); do  # up to 120 s: a big client folder is compressed at start-up
        PORT=$(grep -o '"msg":"listening".*"port":[0-9]*' "$TMP/$name.log" 2>/dev/null |
            grep -o '[0-9]*$' || true)
        [ -n "$PORT" ] && break
        kill -0 "$SPID" 2>/dev/null || break
        sleep 0.1
    done
    if [ -z "$PORT" ]; then
        echo "server $name did not start:" >&2
        cat "$TMP/$name.log" >&2
        exit 1
    fi
}
stop_server() { stop_pid "$SPID"; }

rss_kb() { awk '/^VmRSS/ {print $2}' "/proc/$1/status"; }
cpu_ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }

# ms_stats: seconds on stdin, one a line -> "n N, p50 X ms, p99 Y ms, max Z ms"
ms_stats() {
    sort -g | awk '{v[NR] = $1 * 1000}
        END {
            if (NR == 0) { print "no samples"; exit }
            p99 = int(NR * 99 / 100) + 1; if (p99 > NR) p99 = NR
            printf "n %d, p50 %.2f ms, p99 %.2f ms, max %.2f ms", NR, v[int(NR / 2) + 1], v[p99], v[NR]
        }'
}
# median of 20 curl -w %{time_total} of a URL, in ms
median20() {
    local i
    for i in $(seq 20); do
        curl -s -o /dev/null --max-time 10 -w '%{time_total}\n' "$1" || echo 10
    done | sort -g | awk '{v[NR] = $1} END {printf "%.2f", (v[10] + v[11]) / 2 * 1000}'
}
# health_samples N: N GET /api/health round trips, 0.1 s apart, in seconds
health_samples() {
    local i
    for i in $(seq "$1"); do
        curl -s -o /dev/null --max-time 5 -w '%{time_total}\n' "http://127.0.0.1:$PORT/api/health" ||
            echo 5
        sleep 0.1
    done
}

echo "arbiter: $BIN (built $(stat -c %y "$BIN" | cut -d. -f1)); HEAD" \
    "$(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || echo '?'); $(nproc) cores; started $(date '+%F %T')"
# A copy, so that a rebuild during the run cannot mix two binaries.
cp -p "$BIN" "$TMP/arbiter"
BIN=$TMP/arbiter
echo

# ---- a. spectators ---------------------------------------------------------------------------
echo "== a. spectators: one local chess game, 40 random legal moves over HTTP, one at a time"
crowd() {  # crowd LABEL N MOVES
    local out
    out=$("$BIN" crowdtest --url "ws://127.0.0.1:$PORT" --spectators "$2" --moves "$3" \
        --seconds 120 2>&1) || true
    sed 's/^/    /' <<<"$out"
    pick() { sed -nE "s/$1/\\1/p" <<<"$out" | head -1; }
    echo "$1 $2 spectators: $(pick '.* ([0-9]+) connected.*') connected," \
        "$(pick '.* ([0-9]+) refused.*') refused; ack p50 $(pick '^moves:.*ack p50 ([0-9.]+ ms).*')," \
        "max $(pick '^moves:.*max ([0-9.]+ ms).*'); all delivered p50" \
        "$(pick '^all spectators delivered: p50 ([0-9.]+ ms).*'), max" \
        "$(pick '^all spectators delivered:.*max ([0-9.]+ ms).*'); health during delivery" \
        "p50 $(pick '^health.*p50 ([0-9.]+ ms).*'), max $(pick '^health.*max ([0-9.]+ ms).*');" \
        "client CPU $(pick '^client: ([0-9.]+ ms).*')/move $(context)"
}
for n in 0 100 1000 10000; do
    start_server "crowd$n" --max-spectators 20000 --max-connections 30000
    crowd "a." "$n" 40
    stop_server
done
# The default caps (--max-spectators 2000): the crowd past the cap is refused, not queued.
start_server crowd-default
crowd "a. (default caps)" 2500 10
stop_server
echo

# ---- b. the game list ------------------------------------------------------------------------
echo "== b. list: 12,000 local chess games (loopback is exempt from the per-address limits)"
start_server list
python3 - "$PORT" 12000 <<'EOF'
import http.client, json, sys, threading, time
port, total = int(sys.argv[1]), int(sys.argv[2])
body = json.dumps({"variant": "chess", "opponent": "local", "color": "white"})
lock = threading.Lock()
state = {"next": 0, "ok": 0, "failed": 0, "retries": 0}
deadline = time.time() + 300
def worker():
    conn = None
    while time.time() < deadline:
        with lock:
            if state["next"] >= total: return
            state["next"] += 1
        while time.time() < deadline:
            try:
                if conn is None: conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
                conn.request("POST", "/api/games", body, {"Content-Type": "application/json"})
                r = conn.getresponse(); r.read()
            except (OSError, http.client.HTTPException):
                conn = None; time.sleep(0.05); continue
            if r.status == 201:
                with lock: state["ok"] += 1
                break
            if r.status in (429, 503):  # the per-connection rate: wait and send it again
                with lock: state["retries"] += 1
                time.sleep(0.05); continue
            with lock: state["failed"] += 1
            break
began = time.time()
threads = [threading.Thread(target=worker) for _ in range(8)]
for t in threads: t.start()
for t in threads: t.join()
took = time.time() - began
print(f"    created {state['ok']} games in {took:.1f} s ({state['ok'] / took:.0f}/s, 8 keep-alive "
      f"connections), {state['failed']} failed, {state['retries']} retried after 429/503")
EOF
for q in "" "?status=active&limit=200"; do
    url="http://127.0.0.1:$PORT/api/games$q"
    shape=$(curl -s --max-time 10 "$url" | python3 -c \
        'import json,sys; d=json.load(sys.stdin); print(len(d["games"]), "games,", "next" if d.get("next") else "no next")')
    bytes=$(curl -s -o /dev/null --max-time 10 -w '%{size_download}' "$url")
    echo "b. GET /api/games$q: median of 20 $(median20 "$url") ms ($shape, $bytes bytes) $(context)"
done
stop_server
echo

# ---- c. creation flood -----------------------------------------------------------------------
echo "== c. creation flood: --limit-loopback (defaults: 30 games/min, burst 30, 20 open per address);"
echo "   1000 POST /api/games as fast as one client can, a new connection each"
flood() {  # flood BODY
    python3 - "$PORT" "$1" <<'EOF'
import http.client, json, sys, time, collections
port, body = int(sys.argv[1]), sys.argv[2]
answers = collections.Counter(); retry = collections.Counter(); sample = {}
began = time.time()
for i in range(1000):
    if time.time() - began > 120: break
    try:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        conn.request("POST", "/api/games", body, {"Content-Type": "application/json"})
        r = conn.getresponse(); text = r.read().decode(); conn.close()
    except (OSError, http.client.HTTPException) as e:
        answers["error " + type(e).__name__] += 1; continue
    key = str(r.status)
    if r.status != 201:
        key += " " + json.loads(text).get("code", "?")
        sample.setdefault(key, text)
        retry[r.getheader("Retry-After")] += 1
    answers[key] += 1
took = time.time() - began
print(f"c. {body}: {answers.get('201', 0)} of {sum(answers.values())} accepted in {took:.2f} s; answers: "
      + ", ".join(f"{n} x {k}" for k, n in sorted(answers.items()))
      + f"; Retry-After on refusals: {dict(retry)}")
for k, t in sample.items(): print(f"    first {k}: {t}")
EOF
}
start_server flood-human --limit-loopback
flood '{"variant":"chess"}'
stop_server
start_server flood-local --limit-loopback
flood '{"variant":"chess","opponent":"local"}'
stop_server
echo "   $(context)"
echo

# ---- d. static files -------------------------------------------------------------------------
echo "== d. static files: --web with a 10 MB random-ish JS asset and a 128 MB file"
mkdir -p "$TMP/web/assets"
echo '<!doctype html><title>figures</title><script src="/assets/big-0123abcd.js"></script>' \
    >"$TMP/web/index.html"
python3 - "$TMP/web/assets/big-0123abcd.js" <<'EOF'
import base64, os, sys
with open(sys.argv[1], "w") as f:
    i, size = 0, 0
    while size < 10 * 1024 * 1024:
        line = f'export const v{i} = "{base64.b64encode(os.urandom(48)).decode()}";\n'
        f.write(line); size += len(line); i += 1
EOF
head -c $((128 << 20)) /dev/urandom >"$TMP/web/assets/huge-4567cdef.js"
began=$(date +%s.%N)
WEB=$TMP/web start_server static
echo "    server up in $(awk -v b="$began" -v e="$(date +%s.%N)" 'BEGIN {printf "%.1f", e - b}') s" \
    "(the client is compressed at start-up); its log says:"
grep -E 'web client loaded|too large' "$TMP/static.log" | sed 's/^/      /'
big="http://127.0.0.1:$PORT/assets/big-0123abcd.js"
huge="http://127.0.0.1:$PORT/assets/huge-4567cdef.js"
for enc in "" "--compressed"; do
    echo "    GET big-0123abcd.js ${enc:-(no Accept-Encoding)}: $(curl -s -o /dev/null $enc --max-time 30 \
        -w '%{http_code}, %{size_download} bytes on the wire, encoding "%header{content-encoding}", Cache-Control "%header{cache-control}", %{time_total} s' "$big")"
done
rss0=$(rss_kb "$SPID")
codes=$(for i in $(seq 20); do
    curl -s -o /dev/null --max-time 30 -w '%{http_code} %{time_total}\n' "$huge" || echo "fail"
done)
rss1=$(rss_kb "$SPID")
echo "d. 128 MB file, 20 requests: answers $(awk '{print $1}' <<<"$codes" | sort | uniq -c |
    awk '{printf "%s x %s ", $1, $2}')(slowest $(awk '{print $2}' <<<"$codes" | sort -g | tail -1) s);" \
    "server VmRSS $rss0 kB before, $rss1 kB after ($(( (rss1 - rss0) / 1024 )) MB) $(context)"
echo "d. /api/health, idle: $(health_samples 50 | ms_stats) $(context)"
for enc in "" "--compressed"; do
    rm -f "$TMP/downloads"
    end=$(( $(date +%s) + 10 ))
    dl=()
    for c in 1 2 3 4; do
        (
            n=0
            while [ "$(date +%s)" -lt "$end" ]; do
                curl -s -o /dev/null $enc --max-time 20 "$big" && n=$((n + 1))
            done
            echo "$n" >>"$TMP/downloads"
        ) &
        dl+=($!)
    done
    sleep 0.5
    stats=$(health_samples 80 | ms_stats)
    for pid in "${dl[@]}"; do wait "$pid" || true; done
    echo "d. /api/health while 4 clients download big-0123abcd.js ${enc:-(identity)} in a loop:" \
        "$stats; $(awk '{s += $1} END {print s}' "$TMP/downloads") downloads in 10 s $(context)"
done
stop_server
echo

# ---- e. open-file limit ----------------------------------------------------------------------
echo "== e. open-file limit: the server under ulimit -n 256 (soft and hard), 400 idle connections"
NOFILE=256 start_server fd
echo "    server limits: $(grep 'Max open files' "/proc/$SPID/limits" | tr -s ' ')"
python3 - "$PORT" 400 "$TMP/holder" <<'EOF' &
import os, socket, sys, time
port, n, out = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
socks = []
for i in range(n):
    s = socket.socket()
    s.settimeout(5)
    try:
        s.connect(("127.0.0.1", port)); socks.append(s)
    except OSError:
        s.close()
open(out + ".opened", "w").write(str(len(socks)))
deadline = time.time() + 90
while not os.path.exists(out + ".check") and time.time() < deadline: time.sleep(0.1)
closed = 0
for s in socks:
    s.setblocking(False)
    try:
        if s.recv(1, socket.MSG_PEEK) == b"": closed += 1
    except BlockingIOError: pass
    except OSError: closed += 1
open(out + ".closed", "w").write(str(closed))
EOF
HOLDER=$!
for i in $(seq 300); do [ -s "$TMP/holder.opened" ] && break; sleep 0.1; done
sleep 2  # let the accept loop settle
t0=$(cpu_ticks "$SPID")
sleep 5
t1=$(cpu_ticks "$SPID")
hz=$(getconf CLK_TCK)
health=$(curl -s --max-time 5 -w ' HTTP %{http_code} in %{time_total} s' \
    "http://127.0.0.1:$PORT/api/health" || echo " no answer within 5 s")
fds=$(ls "/proc/$SPID/fd" | wc -l)
touch "$TMP/holder.check"
for i in $(seq 100); do [ -s "$TMP/holder.closed" ] && break; sleep 0.1; done
echo "e. $(cat "$TMP/holder.opened") of 400 idle connections opened; server CPU over 5 s:" \
    "$(awk -v d=$((t1 - t0)) -v hz="$hz" 'BEGIN {printf "%.1f%%", d / hz / 5 * 100}') of a core;" \
    "GET /api/health:$health; open descriptors $fds;" \
    "idle connections closed by the server $(cat "$TMP/holder.closed" 2>/dev/null || echo '?');" \
    "'out of file descriptors' log lines: $(grep -c 'out of file descriptors' "$TMP/fd.log" || true)" \
    "$(context)"
grep -E 'out of file descriptors|accepting connections again' "$TMP/fd.log" | head -4 | sed 's/^/    /'
wait "$HOLDER" || true
stop_server
