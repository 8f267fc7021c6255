#!/usr/bin/env bash
# staccato-drone --router-lab: the demo lab with a Linux router between demo0 and demo1, each in
# an anonymous namespace of its own. The CLI, in the test's namespace, adds emulated hosts as the
# user guide does; the router answers them and forwards a routed IPv4 and IPv6 stream, whose
# frames arrive on demo1 from the router's MAC with the TTL one lower (tshark). Nothing appears
# in the test's namespace, and both namespaces vanish with the drone, even on kill -9.
set -euo pipefail

DRONE=${DRONE:?set DRONE to the staccato-drone binary}
CLI=${CLI:?set CLI to the staccato-cli binary}
if [[ $EUID -ne 0 ]]; then echo "SKIP: --router-lab needs root"; exit 77; fi

TMP=$(mktemp -d)
SOCK=$TMP/d.sock
DRONE_PID=
COUNT=2000

cleanup() {
  if [[ -n $DRONE_PID ]]; then kill "$DRONE_PID" 2>/dev/null || true; wait "$DRONE_PID" 2>/dev/null || true; fi
  [[ -n ${KEEP_LAB_TMP:-} ]] || rm -rf "$TMP"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

fail() { echo "FAIL $*"; [[ -f $TMP/drone.log ]] && { echo "--- drone log:"; cat "$TMP/drone.log"; }; exit 1; }
cli() { "$CLI" --drone "unix:$SOCK" "$@"; }
json() { python3 -c "import json,sys; d=json.load(open('$1')); print($2)"; }
check() {  # check DESCRIPTION CONDITION(python expression on d) FILE
  if [[ $(json "$3" "$2") == True ]]; then echo "ok   $1"; else json "$3" "d"; fail "$1 ($2)"; fi
}
no_lab_links_here() {
  for p in demo0 demo1 rt0 rt1; do
    if ip link show "$p" >/dev/null 2>&1; then fail "$p exists in the test's network namespace ($1)"; fi
  done
  echo "ok   no demo0/demo1/rt0/rt1 in the test's namespace ($1)"
}
# True while any task on the host is in network namespace $1 ("net:[4026532178]") or any
# process holds a descriptor of it.
ns_in_use() {
  local link
  for link in /proc/[0-9]*/task/[0-9]*/ns/net /proc/[0-9]*/fd/*; do
    [[ $(readlink "$link" 2>/dev/null) == "$1" ]] && return 0
  done
  return 1
}

start_drone() {
  "$DRONE" --router-lab --listen "unix:$SOCK" >"$TMP/drone.log" 2>&1 &
  DRONE_PID=$!
  for _ in $(seq 100); do
    if cli ports >/dev/null 2>&1; then
      # The router's namespace, as the drone's startup line says to enter it.
      ROUTER=$(grep -o 'nsenter --net=/proc/[0-9]*/fd/[0-9]*' "$TMP/drone.log" | head -1 | cut -d= -f2)
      [[ -n $ROUTER ]] || fail "no nsenter command for the router in the drone's log"
      ROUTER_NS=$(readlink "$ROUTER")
      LAB_NS=$(readlink "/proc/$DRONE_PID/ns/net")
      return 0
    fi
    kill -0 "$DRONE_PID" 2>/dev/null || { DRONE_PID=; fail "drone died"; }
    sleep 0.1
  done
  fail "drone did not answer on unix:$SOCK"
}
in_router() { nsenter --net="$ROUTER" "$@"; }

no_lab_links_here "before"
if "$DRONE" --router-lab --demo-lab --listen "unix:$TMP/x.sock" 2>"$TMP/err"; then fail "--router-lab with --demo-lab accepted"; fi
grep -q "choose one lab" "$TMP/err" || fail "two labs: unclear refusal: $(cat "$TMP/err")"
echo "ok   refused: $(cat "$TMP/err")"
if "$DRONE" --router-lab --listen 127.0.0.1:7999 2>"$TMP/err"; then fail "--router-lab with a TCP address accepted"; fi
grep -q "with --router-lab would be reachable only inside" "$TMP/err" || fail "TCP refusal unclear: $(cat "$TMP/err")"
echo "ok   refused: $(cat "$TMP/err")"
if command -v setpriv >/dev/null && setpriv --reuid 65534 --regid 65534 --clear-groups test -x "$DRONE"; then
  if setpriv --reuid 65534 --regid 65534 --clear-groups "$DRONE" --router-lab --listen "unix:$TMP/nobody.sock" 2>"$TMP/err"; then
    fail "--router-lab as nobody accepted"
  fi
  grep -q -- "--router-lab: needs root.*sudo" "$TMP/err" || fail "unprivileged refusal unclear: $(cat "$TMP/err")"
  echo "ok   refused: $(cat "$TMP/err")"
fi

start_drone
grep -q "router lab: demo0 <-> router <-> demo1" "$TMP/drone.log" || fail "startup line"
echo "ok   $(head -1 "$TMP/drone.log")"
[[ $LAB_NS != "$(readlink /proc/$$/ns/net)" && $ROUTER_NS != "$LAB_NS" && $ROUTER_NS != "$(readlink /proc/$$/ns/net)" ]] ||
  fail "the drone ($LAB_NS) and the router ($ROUTER_NS) need namespaces of their own"
[[ -z $(ip netns identify "$DRONE_PID" 2>/dev/null) ]] || fail "the drone's namespace has a name in /run/netns"
echo "ok   drone in $LAB_NS, router in $ROUTER_NS, neither named"
[[ $(in_router sysctl -n net.ipv4.ip_forward) == 1 && $(in_router sysctl -n net.ipv6.conf.all.forwarding) == 1 ]] ||
  fail "forwarding is off in the router"
in_router ip -br addr >"$TMP/addr"
grep -q '^rt0@.* 10\.0\.0\.1/24 2001:db8::1/64' "$TMP/addr" && grep -q '^rt1@.* 10\.0\.1\.1/24 2001:db8:1::1/64' "$TMP/addr" ||
  fail "router addresses: $(cat "$TMP/addr")"
echo "ok   router: IPv4 and IPv6 forwarding on, 10.0.0.1/24 2001:db8::1/64 | 10.0.1.1/24 2001:db8:1::1/64"
[[ $(nsenter -t "$DRONE_PID" -n cat /proc/sys/net/ipv6/conf/demo0/disable_ipv6) == 1 ]] || fail "IPv6 of the kernel's own on demo0"
echo "ok   no IPv6 of the kernel's own on the drone's ports"
cli ports --json >"$TMP/ports.json"
check "exactly demo0 and demo1 listed" "sorted(p['name'] for p in d['ports']) == ['demo0', 'demo1']" "$TMP/ports.json"
no_lab_links_here "while the drone runs"

# The user guide's hosts: the router reaches them (and they answer its pings).
cli devices demo0 add --count 100 --mac 02:00:00:00:0a:0a --ip 10.0.0.10/24 --gateway 10.0.0.1 \
  --ipv6 2001:db8::10/64 --gateway6 2001:db8::1 >/dev/null
cli devices demo1 add --count 1 --mac 02:00:00:00:0b:0a --ip 10.0.1.10/24 --gateway 10.0.1.1 \
  --ipv6 2001:db8:1::10/64 --gateway6 2001:db8:1::1 >/dev/null
for host in 10.0.0.42 2001:db8::42 10.0.1.10 2001:db8:1::10; do
  in_router ping -c 1 -W 2 -q "$host" >/dev/null || fail "the router's ping to the emulated host $host"
done
echo "ok   the router's pings to 10.0.0.42, 2001:db8::42, 10.0.1.10, 2001:db8:1::10 are answered"
cli neighbors demo0 --resolve --json >"$TMP/neigh.json"
check "demo0 resolved its gateways at the router's MAC 02:00:00:00:01:00" \
  "sorted((n['ip'], n['mac']) for n in d['neighbors'] if n['ip'] in ('10.0.0.1', '2001:db8::1')) == [('10.0.0.1', '02:00:00:00:01:00'), ('2001:db8::1', '02:00:00:00:01:00')]" \
  "$TMP/neigh.json"

cat >"$TMP/routed.json" <<JSON
{"format_version": 1, "streams": [
 {"id": 1, "name": "v4", "layers": [{"protocol": "eth", "fields": {"eth.src": "device", "eth.dst": "resolve"}},
   {"protocol": "ip", "fields": {"ip.src": "10.0.0.10", "ip.dst": "10.0.1.10", "ip.ttl": "64"}},
   {"protocol": "udp"}, {"protocol": "payload"}, {"protocol": "signature"}],
  "variable_fields": [{"field": "ip.src", "count": "100"}], "frame_length": {"fixed": 128},
  "rate": {"unit": "PPS", "value": 10000}, "control": {"mode": "PACKETS", "count": "$COUNT"}},
 {"id": 2, "name": "v6", "layers": [{"protocol": "eth", "fields": {"eth.src": "device", "eth.dst": "resolve"}},
   {"protocol": "ipv6", "fields": {"ipv6.src": "2001:db8::10", "ipv6.dst": "2001:db8:1::10", "ipv6.hlim": "64"}},
   {"protocol": "udp"}, {"protocol": "payload"}, {"protocol": "signature"}],
  "variable_fields": [{"field": "ipv6.src", "count": "100"}], "frame_length": {"fixed": 128},
  "rate": {"unit": "PPS", "value": 10000}, "control": {"mode": "PACKETS", "count": "$COUNT"}}]}
JSON
cli capture demo1 start --filter udp --direction rx >/dev/null
cli run "$TMP/routed.json" --tx demo0 --rx demo1 --json >"$TMP/run.json" || fail "run demo0 -> router -> demo1"
check "both streams: tx == rx == $COUNT, nothing lost" \
  "sorted((s['stream_id'], s['tx_packets'], s['rx_packets'], s['lost']) for s in d['streams'] if s['rx_port'] == 'demo1') == [(1, $COUNT, $COUNT, 0), (2, $COUNT, $COUNT, 0)]" \
  "$TMP/run.json"
cli capture demo1 stop >/dev/null
cli capture demo1 fetch --output "$TMP/b.pcapng" >/dev/null
tshark -r "$TMP/b.pcapng" -T fields -e eth.src -e ip.ttl -e ipv6.hlim -e ip.src -e ipv6.src >"$TMP/b.txt" 2>/dev/null
python3 - "$TMP/b.txt" "$COUNT" <<'PY' || fail "capture on demo1"
import sys
rows = [l.rstrip('\n').split('\t') for l in open(sys.argv[1]) if l.strip()]
count = int(sys.argv[2])
v4 = [r for r in rows if r[1]]
v6 = [r for r in rows if r[2]]
assert len(v4) == count and len(v6) == count, f"captured {len(v4)} IPv4 and {len(v6)} IPv6 frames, want {count} each"
assert all(r[0] == '02:00:00:00:01:01' for r in rows), f"not all from the router's MAC: {set(r[0] for r in rows)}"
assert all(r[1] == '63' for r in v4) and all(r[2] == '63' for r in v6), "TTL / hop limit not one lower"
assert len(set(r[3] for r in v4)) == 100 and len(set(r[4] for r in v6)) == 100, "not every host sent"
print(f"ok   tshark on demo1: {count} + {count} frames from the router's MAC 02:00:00:00:01:01, ttl/hlim 63, 100 sources each")
PY
no_lab_links_here "after sending"

kill -TERM "$DRONE_PID"
rc=0; wait "$DRONE_PID" || rc=$?
DRONE_PID=
((rc == 0)) || fail "drone exited with $rc on SIGTERM"
[[ ! -e $SOCK ]] || fail "socket left behind after SIGTERM"
! ns_in_use "$LAB_NS" || fail "the drone's namespace $LAB_NS still in use after SIGTERM"
! ns_in_use "$ROUTER_NS" || fail "the router's namespace $ROUTER_NS still in use after SIGTERM"
echo "ok   SIGTERM: clean exit, socket removed, both namespaces gone"

start_drone
ns_in_use "$ROUTER_NS" || fail "cannot see the router's namespace $ROUTER_NS in /proc"
kill -KILL "$DRONE_PID"
wait "$DRONE_PID" 2>/dev/null || true
DRONE_PID=
! ns_in_use "$LAB_NS" || fail "the drone's namespace $LAB_NS still in use after kill -9"
! ns_in_use "$ROUTER_NS" || fail "the router's namespace $ROUTER_NS still in use after kill -9"
echo "ok   kill -9: $LAB_NS and $ROUTER_NS gone with the drone"
no_lab_links_here "at the end"
echo "ok   router lab"
