# Sourced by e2e_bench.sh and rx_bench.sh: a private network namespace with a veth pair va <-> vb,
# a drone inside it driven by staccato-cli as a user would, and a sampler of the kernel's
# counters. Nothing leaves the namespace (eth0 and outside addresses are never touched); the
# namespace, the drone and the sampler are removed on exit, even on failure.
set -euo pipefail

BUILD=${BUILD:?set BUILD to the build directory (e.g. build/dev)}
DRONE=$BUILD/drone/staccato-drone
CLI=$BUILD/client/cli/staccato-cli
PY=$(command -v /usr/bin/python3 || command -v python3)
BENCH_NS=stc-bench-$$-$RANDOM
BENCH_TMP=$(mktemp -d /tmp/stc-bench.XXXXXX)
export STACCATO_DRONE=unix:$BENCH_TMP/drone.sock
DRONE_PID=
SAMPLER_PID=

die() { echo "$(basename "$0"): $*" >&2; exit 1; }
note() { echo "$*" >&2; }  # progress goes to stderr, tables to stdout

bench_cleanup() {
  local p
  for p in $SAMPLER_PID $DRONE_PID; do kill "$p" 2>/dev/null || true; wait "$p" 2>/dev/null || true; done
  # Anything else still running in the private namespace was started by this script.
  ip netns pids "$BENCH_NS" 2>/dev/null | xargs -r kill 2>/dev/null || true
  ip netns del "$BENCH_NS" 2>/dev/null || true
  rm -rf "$BENCH_TMP"
}
trap bench_cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
trap 'exit 129' HUP

[[ $EUID -eq 0 ]] || die "needs root (network namespaces, XDP)"
[[ -x $DRONE && -x $CLI ]] || die "no drone or CLI in $BUILD (build the dev preset first)"

in_ns() { ip netns exec "$BENCH_NS" "$@"; }
cli() { in_ns "$CLI" "$@"; }

# lab_up: the namespace, with IPv6 off so that nothing but the benchmark's frames moves.
lab_up() {
  ip netns add "$BENCH_NS"
  in_ns ip link set lo up
  in_ns sysctl -qw net.ipv6.conf.all.disable_ipv6=1 net.ipv6.conf.default.disable_ipv6=1
}

# veth_up Q: (re)creates va <-> vb with Q queues each way.
veth_up() {
  in_ns ip link del va 2>/dev/null || true
  in_ns ip link add va numtxqueues "$1" numrxqueues "$1" type veth peer name vb numtxqueues "$1" numrxqueues "$1"
  in_ns ip link set va up
  in_ns ip link set vb up
}

# drone_up [drone options...]: starts a drone on va and vb and waits until it answers.
drone_up() {
  [[ -z $DRONE_PID ]] || drone_down
  ip netns exec "$BENCH_NS" "$DRONE" --listen "$STACCATO_DRONE" --include 'va,vb' "$@" >"$BENCH_TMP/drone.log" 2>&1 &
  DRONE_PID=$!
  local i
  for ((i = 0; i < 100; i++)); do
    if cli ports --json >"$BENCH_TMP/ports.json" 2>/dev/null; then
      [[ $(json "$BENCH_TMP/ports.json" "len(d['ports'])") == 2 ]] || die "the drone does not see va and vb"
      return 0
    fi
    kill -0 "$DRONE_PID" 2>/dev/null || { cat "$BENCH_TMP/drone.log" >&2; DRONE_PID=; die "the drone died at start ($*)"; }
    sleep 0.1
  done
  cat "$BENCH_TMP/drone.log" >&2
  die "the drone did not answer within 10 s"
}

drone_down() {
  [[ -n $DRONE_PID ]] || return 0
  kill "$DRONE_PID" 2>/dev/null || true
  wait "$DRONE_PID" 2>/dev/null || true
  DRONE_PID=
}

# port_field PORT FIELD: a field of `ports --json` for PORT (e.g. rx_backend).
port_field() {
  cli ports --json >"$BENCH_TMP/ports.json" || die "ports: the drone does not answer"
  json "$BENCH_TMP/ports.json" "[p['$2'] for p in d['ports'] if p['name'] == '$1'][0]"
}

# json FILE EXPR: a Python expression on the parsed JSON `d`.
json() { "$PY" -c "import json,sys; d=json.load(open(sys.argv[1])); print($2)" "$1"; }

counter() { in_ns cat "/sys/class/net/$1/statistics/$2"; }

# stream_file OUT LENGTH COUNT RATE SIGNATURE: one UDP stream to a foreign MAC (vb's stack drops it
# cheaply). RATE: FASTEST or packets per second. SIGNATURE=1 adds the signature trailer and a
# varying udp.srcport (tracked streams); 0 is a plain frame eth/ip/udp/payload.
stream_file() {
  local rate='{"unit": "FASTEST"}' sig='' vary=''
  [[ $4 == FASTEST ]] || rate="{\"unit\": \"PPS\", \"value\": $4}"
  if [[ $5 == 1 ]]; then
    sig=', {"protocol": "signature"}'
    vary=', "variable_fields": [{"field": "udp.srcport", "mode": "INCREMENT", "count": 1000}]'
  fi
  cat >"$1" <<JSON
{"format_version": 1, "streams": [{"id": 1, "name": "bench",
  "layers": [{"protocol": "eth", "fields": {"eth.dst": "02:00:00:00:00:99", "eth.src": "02:00:00:00:00:01"}},
             {"protocol": "ip", "fields": {"ip.src": "198.18.0.1", "ip.dst": "198.18.0.2"}},
             {"protocol": "udp"}, {"protocol": "payload"}$sig],
  "frame_length": {"fixed": $2}, "rate": $rate,
  "control": {"mode": "PACKETS", "count": "$3"}$vary}]}
JSON
}

# sampler_start: samples va's kernel tx counter every 10 ms into $BENCH_TMP/samples
# ("ns count" lines) until sampler_stop.
sampler_start() {
  rm -f "$BENCH_TMP/samples"
  ip netns exec "$BENCH_NS" "$PY" -u -c '
import os, signal, sys, time
signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
fd = os.open("/sys/class/net/va/statistics/tx_packets", os.O_RDONLY)
out = open(sys.argv[1], "w", buffering=1)
while True:
    c = int(os.pread(fd, 32, 0))
    out.write(f"{time.monotonic_ns()} {c}\n")
    time.sleep(0.01)
' "$BENCH_TMP/samples" </dev/null >/dev/null &
  SAMPLER_PID=$!
  local i
  for ((i = 0; i < 100; i++)); do [[ -s $BENCH_TMP/samples ]] && return 0; sleep 0.02; done
  die "the counter sampler did not start"
}

# sampler_stop: prints "PACKETS MPPS SECONDS" for the span between va's tx counter starting to
# rise and stopping (MPPS nan when it never rose).
sampler_stop() {
  sleep 0.05  # a few samples after the end
  kill "$SAMPLER_PID" 2>/dev/null || true
  wait "$SAMPLER_PID" 2>/dev/null || true
  SAMPLER_PID=
  "$PY" - "$BENCH_TMP/samples" <<'PY'
import sys
s = [tuple(map(int, l.split())) for l in open(sys.argv[1]) if len(l.split()) == 2]
c0, cf = s[0][1], s[-1][1]
if cf == c0:
    print(0, "nan", 0); sys.exit()
rise = next(i for i, (_, c) in enumerate(s) if c > c0)
stop = next(i for i, (_, c) in enumerate(s) if c == cf)
# Each edge lies somewhere in a sampling interval: take its middle.
t = ((s[stop - 1][0] + s[stop][0]) - (s[rise - 1][0] + s[rise][0])) / 2e9
print(cf - c0, f"{(cf - c0) / t / 1e6:.4f}", f"{t:.3f}")
PY
}

# run_stream FILE OUT.json: `staccato-cli run FILE --tx va --rx vb --json` rated by va's kernel tx
# counter; prints "PACKETS MPPS SECONDS VB_RX" (VB_RX: vb's kernel rx counter over the run).
run_stream() {
  local rx0 rx1 rate
  rx0=$(counter vb rx_packets)
  sampler_start
  if ! cli run "$1" --tx va --rx vb --json >"$2" 2>"$BENCH_TMP/run.err"; then
    sampler_stop >/dev/null
    note "run failed: $(head -3 "$BENCH_TMP/run.err")"
    echo "0 nan 0 0"; return 0
  fi
  rate=$(sampler_stop)
  rx1=$(counter vb rx_packets)
  echo "$rate $(( rx1 - rx0 ))"
}

# stream_verdict OUT.json SENT VB_RX: "exact" when the stream counted every frame (stream rx ==
# vb's kernel rx == SENT, lost 0, reordered 0, incomplete false), else what was wrong.
stream_verdict() {
  "$PY" - "$@" <<'PY'
import json, sys
d, sent, kernel_rx = json.load(open(sys.argv[1])), int(sys.argv[2]), int(sys.argv[3])
s = d["streams"][0] if d.get("streams") else None
if s is None:
    print("no-stream-row"); sys.exit()
bad = []
if s.get("tx_packets", 0) != sent: bad.append(f"tx={s.get('tx_packets', 0)}")
if s.get("rx_packets", 0) != sent: bad.append(f"rx={s.get('rx_packets', 0)}")
if kernel_rx != sent: bad.append(f"kernel_rx={kernel_rx}")
for k in ("lost", "reordered", "rx_missed"):
    if s.get(k, 0): bad.append(f"{k}={s[k]}")
if s.get("incomplete"): bad.append("incomplete")
print("exact" if not bad else ",".join(bad))
PY
}
