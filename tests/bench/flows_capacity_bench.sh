#!/usr/bin/env bash
# Concurrent connection capacity (docs/flows.md#performance): a client drone on va holds
# CONCURRENT connections (15,000 by default) to a server drone's servers on vb for SECONDS (60),
# on a veth pair in a private namespace; prints the connections established, held and failed,
# and the client drone's resident memory (VmRSS) idle, while they are held and at its peak. Each
# connection end is a descriptor: a drone holds what its descriptor limit allows (its log says
# the limit; the drone refuses a concurrent target above what its flows may hold). Needs root.
#   BUILD=build/dev tests/bench/flows_capacity_bench.sh [CONCURRENT] [SECONDS]
set -euo pipefail
BUILD=${BUILD:?set BUILD to the build directory (e.g. build/dev)}
CONCURRENT=${1:-15000}
HOLD=${2:-60}
RAMP=$(( (CONCURRENT + 4999) / 5000 ))  # 5,000 new connections a second
DRONE=$BUILD/drone/staccato-drone
CLI=$BUILD/client/cli/staccato-cli
NS=stc-fcap-$$
TMP=$(mktemp -d /tmp/stc-fcap.XXXXXX)
DRONE_PID= SERVER_PID=
cleanup() {
  for p in $DRONE_PID $SERVER_PID; do kill "$p" 2>/dev/null || true; wait "$p" 2>/dev/null || true; done
  ip netns del "$NS" 2>/dev/null || true
  rm -rf "$TMP"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
[[ $EUID -eq 0 ]] || { echo "needs root (network namespaces)" >&2; exit 1; }
ip netns add "$NS"
ip netns exec "$NS" sh -ec '
  ip link set lo up
  sysctl -qw net.ipv6.conf.all.disable_ipv6=1 net.ipv6.conf.default.disable_ipv6=1
  ip link add va type veth peer name vb
  ip link set va up
  ip link set vb up'
ip netns exec "$NS" "$DRONE" --listen "unix:$TMP/drone.sock" --include va >"$TMP/drone.log" 2>&1 &
DRONE_PID=$!
ip netns exec "$NS" "$DRONE" --listen "unix:$TMP/server.sock" --include vb >"$TMP/server.log" 2>&1 &
SERVER_PID=$!
for s in drone server; do
  for _ in $(seq 100); do "$CLI" --drone "unix:$TMP/$s.sock" ports >/dev/null 2>&1 && break; sleep 0.1; done
done
grep -o "descriptor limit: [^(]*" "$TMP/drone.log" >&2 || true
rss() { awk '/^VmRSS/ {print $2}' "/proc/$DRONE_PID/status"; }
hwm() { awk '/^VmHWM/ {print $2}' "/proc/$DRONE_PID/status"; }
cat >"$TMP/held.json" <<JSON
{"format_version": 1, "name": "capacity",
 "templates": [{"name": "hold", "port": 80, "tcp": {"request_bytes": 64, "response_bytes": 64, "rounds": 2, "think_ms": 600000}}],
 "load": {"concurrent": $CONCURRENT, "ramp_up_seconds": $RAMP, "steady_seconds": $HOLD, "connect_timeout_seconds": 10},
 "clients": {"first_address": "10.5.0.10", "count": 20}, "servers": {"first_address": "10.5.0.200", "count": 4}}
JSON
start_rss=$(rss)
"$CLI" --drone "unix:$TMP/drone.sock" flows run "$TMP/held.json" --client va --server vb --server-drone "unix:$TMP/server.sock" --json >"$TMP/result.json" 2>"$TMP/run.err" &
run=$!
for _ in $(seq $((RAMP + HOLD / 2))); do kill -0 "$run" 2>/dev/null && sleep 1; done  # (a refused run ends at once)
kill -0 "$DRONE_PID" 2>/dev/null || { echo "the drone died:" >&2; tail -20 "$TMP/drone.log" >&2; cat "$TMP/run.err" >&2; exit 1; }
held_rss=$(rss)
wait "$run" || true
[[ -s $TMP/result.json ]] || { cat "$TMP/run.err" >&2; exit 1; }
python3 - "$TMP/result.json" "$CONCURRENT" "$HOLD" "$start_rss" "$held_rss" "$(hwm)" <<'PY'
import json, sys
d = json.load(open(sys.argv[1])); concurrent, hold = int(sys.argv[2]), sys.argv[3]
def total(side, k): return sum(int(p.get(k, 0)) for t in d[side]["templates"] for p in t["phases"])
c = d["client"]
failed = sum(total("client", k) for k in ("failed_refused", "failed_reset", "failed_timeout", "failed_invalid", "failed_tester"))
cut = sum(int(t.get("cut_at_end", 0)) for t in c["templates"])
mib = lambda kib: f"{int(kib) / 1024:.0f} MiB"
print(f"{'concurrent connections asked for':40s} {concurrent}")
print(f"{'established (client side)':40s} {total('client', 'established')}")
print(f"{'accepted (server side)':40s} {total('server', 'attempted')}")
print(f"{'held to the end (' + hold + ' s steady)':40s} {cut}")
print(f"{'failed':40s} {failed}")
print(f"{'drone RSS: idle / holding / peak':40s} {mib(sys.argv[4])} / {mib(sys.argv[5])} / {mib(sys.argv[6])}")
per = (int(sys.argv[5]) - int(sys.argv[4])) * 1024 / max(1, 2 * cut)
if not d["client"]["templates"]: sys.exit(open(sys.argv[1]).read())
print(f"{'client drone memory per connection':40s} {per * 2:.0f} bytes")
PY
