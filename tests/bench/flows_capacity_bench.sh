#!/usr/bin/env bash
# Concurrent connection capacity (docs/flows.md#performance): client drones hold CONCURRENT
# connections (15,000 by default) to server drones' servers for SECONDS (60), on veth pairs in a
# private namespace; prints the connections established, held and failed, and the client drones'
# resident memory (VmRSS) idle, while they are held and at their peak. Each connection end is a
# descriptor: a drone holds what its descriptor limit allows (its log says the limit; it refuses
# a concurrent target above what its flows may hold). Where a process may open fewer descriptors
# than the target needs, PAIRS=N splits it over N client drones and N server drones, each pair
# on a veth pair of its own (vaI, vbI) with its own subnet. Needs root.
#   BUILD=build/dev [PAIRS=N] tests/bench/flows_capacity_bench.sh [CONCURRENT] [SECONDS]
set -euo pipefail
BUILD=${BUILD:?set BUILD to the build directory (e.g. build/dev)}
CONCURRENT=${1:-15000}
HOLD=${2:-60}
PAIRS=${PAIRS:-1}
EACH=$(( CONCURRENT / PAIRS ))
RAMP=$(( (EACH + 4999) / 5000 ))  # 5,000 new connections a second a pair
DRONE=$BUILD/drone/staccato-drone
CLI=$BUILD/client/cli/staccato-cli
NS=stc-fcap-$$
TMP=$(mktemp -d /tmp/stc-fcap.XXXXXX)
PIDS=()
cleanup() {
  for p in "${PIDS[@]}"; do kill "$p" 2>/dev/null || true; wait "$p" 2>/dev/null || true; done
  ip netns del "$NS" 2>/dev/null || true
  rm -rf "$TMP"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
[[ $EUID -eq 0 ]] || { echo "needs root (network namespaces)" >&2; exit 1; }
(( PAIRS >= 1 && PAIRS <= 50 && EACH >= 1 )) || { echo "PAIRS: 1..50, at most CONCURRENT" >&2; exit 2; }
ip netns add "$NS"
ip netns exec "$NS" sh -ec 'ip link set lo up; sysctl -qw net.ipv6.conf.all.disable_ipv6=1 net.ipv6.conf.default.disable_ipv6=1'
CLIENT_PIDS=()
for i in $(seq "$PAIRS"); do
  ip netns exec "$NS" sh -ec "ip link add va$i type veth peer name vb$i; ip link set va$i up; ip link set vb$i up"
  ip netns exec "$NS" "$DRONE" --listen "unix:$TMP/client$i.sock" --include "va$i" >"$TMP/client$i.log" 2>&1 &
  PIDS+=($!) CLIENT_PIDS+=($!)
  ip netns exec "$NS" "$DRONE" --listen "unix:$TMP/server$i.sock" --include "vb$i" >"$TMP/server$i.log" 2>&1 &
  PIDS+=($!)
done
for i in $(seq "$PAIRS"); do
  for s in client server; do
    for _ in $(seq 100); do "$CLI" --drone "unix:$TMP/$s$i.sock" ports >/dev/null 2>&1 && break; sleep 0.1; done
  done
done
grep -o "descriptor limit: [^(]*" "$TMP/client1.log" >&2 || true
# kib FIELD: each client drone's FIELD (VmRSS, VmHWM) in KiB, space-separated.
kib() { for p in "${CLIENT_PIDS[@]}"; do awk -v f="$1:" '$1 == f {printf "%s ", $2}' "/proc/$p/status"; done; }
start_rss=$(kib VmRSS)
RUNS=()
for i in $(seq "$PAIRS"); do
  cat >"$TMP/held$i.json" <<JSON
{"format_version": 1, "name": "capacity",
 "templates": [{"name": "hold", "port": 80, "tcp": {"request_bytes": 64, "response_bytes": 64, "rounds": 2, "think_ms": 600000}}],
 "load": {"concurrent": $(( EACH + (i <= CONCURRENT % PAIRS ? 1 : 0) )), "ramp_up_seconds": $RAMP, "steady_seconds": $HOLD, "connect_timeout_seconds": 10},
 "clients": {"first_address": "10.5.$i.10", "count": 20}, "servers": {"first_address": "10.5.$i.200", "count": 4}}
JSON
  "$CLI" --drone "unix:$TMP/client$i.sock" flows run "$TMP/held$i.json" --client "va$i" --server "vb$i" \
    --server-drone "unix:$TMP/server$i.sock" --json >"$TMP/result$i.json" 2>"$TMP/run$i.err" &
  RUNS+=($!)
done
for _ in $(seq $((RAMP + HOLD / 2))); do kill -0 "${RUNS[0]}" 2>/dev/null && sleep 1; done  # (a refused run ends at once)
for p in "${CLIENT_PIDS[@]}"; do
  kill -0 "$p" 2>/dev/null || { echo "a client drone died:" >&2; tail -20 "$TMP"/client*.log >&2; exit 1; }
done
held_rss=$(kib VmRSS)
for r in "${RUNS[@]}"; do wait "$r" || true; done
for i in $(seq "$PAIRS"); do [[ -s $TMP/result$i.json ]] || { cat "$TMP/run$i.err" >&2; exit 1; }; done
python3 - "$TMP" "$PAIRS" "$CONCURRENT" "$HOLD" "$start_rss" "$held_rss" "$(kib VmHWM)" <<'PY'
import json, sys
tmp, pairs, concurrent, hold = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
runs = [json.load(open(f"{tmp}/result{i}.json")) for i in range(1, pairs + 1)]
for d in runs:
    if not d["client"]["templates"]: sys.exit(json.dumps(d))
def total(side, k): return sum(int(p.get(k, 0)) for d in runs for t in d[side]["templates"] for p in t["phases"])
failed = sum(total("client", k) for k in ("failed_refused", "failed_reset", "failed_timeout", "failed_invalid", "failed_tester"))
cut = sum(int(t.get("cut_at_end", 0)) for d in runs for t in d["client"]["templates"])
start, held, peak = ([int(v) for v in a.split()] for a in sys.argv[5:8])
mib = lambda kib: f"{kib / 1024:.0f} MiB"
print(f"{'concurrent connections asked for':40s} {concurrent}" + (f" ({pairs} client drones, {pairs} server drones)" if pairs > 1 else ""))
print(f"{'established (client side)':40s} {total('client', 'established')}")
print(f"{'accepted (server side)':40s} {total('server', 'attempted')}")
print(f"{'held to the end (' + hold + ' s steady)':40s} {cut}")
print(f"{'failed':40s} {failed}")
what = "drone RSS: idle / holding / peak" + (" (largest)" if pairs > 1 else "")
print(f"{what:40s} {mib(max(start))} / {mib(max(held))} / {mib(max(peak))}")
per = (sum(held) - sum(start)) * 1024 / max(1, cut)
print(f"{'client drone memory per connection':40s} {per:.0f} bytes")
PY
