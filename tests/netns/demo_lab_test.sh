#!/usr/bin/env bash
# staccato-drone --demo-lab: the drone makes its own private network namespace with demo0 <-> demo1
# and listens on a unix socket; the CLI, in the test's namespace, sends and receives through it.
# Nothing appears in the test's namespace, and the lab vanishes with the drone, even on kill -9.
set -euo pipefail

DRONE=${DRONE:?set DRONE to the staccato-drone binary}
CLI=${CLI:?set CLI to the staccato-cli binary}
if [[ $EUID -ne 0 ]]; then echo "SKIP: --demo-lab needs root"; exit 77; fi

TMP=$(mktemp -d)
SOCK=$TMP/d.sock
DRONE_PID=

cleanup() {
  if [[ -n $DRONE_PID ]]; then kill "$DRONE_PID" 2>/dev/null || true; wait "$DRONE_PID" 2>/dev/null || true; fi
  [[ -n ${KEEP_LAB_TMP:-} ]] || rm -rf "$TMP"
}
trap cleanup EXIT

fail() { echo "FAIL $*"; [[ -f $TMP/drone.log ]] && { echo "--- drone log:"; cat "$TMP/drone.log"; }; exit 1; }
cli() { "$CLI" --drone "unix:$SOCK" "$@"; }
json() { python3 -c "import json,sys; d=json.load(open('$1')); print($2)"; }
check() {  # check DESCRIPTION CONDITION(python expression on d) FILE
  if [[ $(json "$3" "$2") == True ]]; then echo "ok   $1"; else json "$3" "d"; fail "$1 ($2)"; fi
}
# The pair must never show up in the test's (the host's) namespace.
no_demo_ports_here() {
  for p in demo0 demo1; do
    if ip link show "$p" >/dev/null 2>&1; then fail "$p exists in the test's network namespace ($1)"; fi
  done
  echo "ok   no demo0/demo1 in the test's namespace ($1)"
}
net_ns_of() { readlink "/proc/$1/ns/net"; }
# True while any task on the host is in network namespace $1 (e.g. "net:[4026532178]").
ns_in_use() {
  local link
  for link in /proc/[0-9]*/task/[0-9]*/ns/net; do
    [[ $(readlink "$link" 2>/dev/null) == "$1" ]] && return 0
  done
  return 1
}

start_drone() {
  "$DRONE" --demo-lab --listen "unix:$SOCK" "$@" >"$TMP/drone.log" 2>&1 &
  DRONE_PID=$!
  for _ in $(seq 100); do
    if cli ports >/dev/null 2>&1; then return 0; fi
    kill -0 "$DRONE_PID" 2>/dev/null || { DRONE_PID=; fail "drone died"; }
    sleep 0.1
  done
  fail "drone did not answer on unix:$SOCK"
}

no_demo_ports_here "before"

# A network listen address would be reachable only inside the private namespace: refused.
if "$DRONE" --demo-lab --listen 127.0.0.1:7999 2>"$TMP/err"; then fail "--demo-lab with a TCP address accepted"; fi
grep -q "unix" "$TMP/err" || fail "refusal does not mention unix: $(cat "$TMP/err")"
echo "ok   refused: $(cat "$TMP/err")"
# Not root: refused with the fix (only when an unprivileged user can run the binary).
if command -v setpriv >/dev/null && setpriv --reuid 65534 --regid 65534 --clear-groups test -x "$DRONE"; then
  if setpriv --reuid 65534 --regid 65534 --clear-groups "$DRONE" --demo-lab --listen "unix:$TMP/nobody.sock" 2>"$TMP/err"; then
    fail "--demo-lab as nobody accepted"
  fi
  grep -q "needs root.*sudo" "$TMP/err" || fail "unprivileged refusal unclear: $(cat "$TMP/err")"
  echo "ok   refused: $(cat "$TMP/err")"
fi

start_drone
grep -q "demo lab: veth pair demo0 <-> demo1 (2 queues) in a private network namespace" "$TMP/drone.log" ||
  fail "startup line"
echo "ok   $(head -1 "$TMP/drone.log")"
[[ -S $SOCK && $(stat -c %a "$SOCK") == 600 ]] || fail "socket $SOCK is not a socket with mode 600: $(ls -l "$SOCK")"
echo "ok   socket mode 600"
LAB_NS=$(net_ns_of "$DRONE_PID")
[[ $LAB_NS != "$(net_ns_of $$)" ]] || fail "the drone is in the test's network namespace"
[[ -z $(ip netns identify "$DRONE_PID" 2>/dev/null) ]] || fail "the lab namespace has a name in /run/netns"
echo "ok   drone in its own anonymous namespace $LAB_NS"

cli ports --json >"$TMP/ports.json"
check "exactly demo0 and demo1 listed" "sorted(p['name'] for p in d['ports']) == ['demo0', 'demo1']" "$TMP/ports.json"
check "2 tx and 2 rx queues each" "all((p['tx_queues'], p['rx_queues']) == (2, 2) for p in d['ports'])" "$TMP/ports.json"
[[ $(nsenter -t "$DRONE_PID" -n cat /proc/sys/net/ipv6/conf/demo0/disable_ipv6) == 1 ]] || fail "IPv6 on on demo0"
echo "ok   IPv6 off in the lab"
no_demo_ports_here "while the drone runs"

cat >"$TMP/stream.json" <<JSON
{"format_version": 1, "streams": [{"id": 1, "name": "demo",
  "layers": [{"protocol": "eth", "fields": {"eth.dst": "02:00:00:00:00:99"}}, {"protocol": "ip"},
             {"protocol": "udp"}, {"protocol": "payload"}, {"protocol": "signature"}],
  "frame_length": {"fixed": 64}, "rate": {"unit": "PPS", "value": 10000},
  "control": {"mode": "PACKETS", "count": "1000"}}]}
JSON
cli run "$TMP/stream.json" --tx demo0 --rx demo1 --json >"$TMP/run.json" || fail "run demo0 -> demo1"
check "stream tx == rx == 1000" "[(s['tx_packets'], s['rx_packets']) for s in d['streams']] == [(1000, 1000)]" "$TMP/run.json"
check "nothing lost or duplicated" "[(s['lost'], s['duplicates']) for s in d['streams']] == [(0, 0)]" "$TMP/run.json"
no_demo_ports_here "after sending"

# Clean exit: the socket file goes, the namespace with it.
kill -TERM "$DRONE_PID"
rc=0; wait "$DRONE_PID" || rc=$?
DRONE_PID=
((rc == 0)) || fail "drone exited with $rc on SIGTERM"
[[ ! -e $SOCK ]] || fail "socket $SOCK left behind after SIGTERM"
echo "ok   SIGTERM: clean exit, socket removed"
! ns_in_use "$LAB_NS" || fail "namespace $LAB_NS still in use after SIGTERM"
no_demo_ports_here "after SIGTERM"

# kill -9: no cleanup code runs, yet the namespace goes with the process; the stale socket
# does not stop the next drone.
start_drone
LAB_NS=$(net_ns_of "$DRONE_PID")
ns_in_use "$LAB_NS" || fail "cannot see the lab namespace $LAB_NS in /proc"
kill -KILL "$DRONE_PID"
wait "$DRONE_PID" 2>/dev/null || true
DRONE_PID=
! ns_in_use "$LAB_NS" || fail "namespace $LAB_NS still in use after kill -9"
echo "ok   kill -9: namespace $LAB_NS gone with the drone"
[[ -S $SOCK ]] || fail "expected the killed drone's socket file to be left behind"
no_demo_ports_here "after kill -9"
# Started via sudo: the socket belongs to the user who ran sudo (here: nobody), who can connect.
chmod 711 "$TMP"
SUDO_UID=65534 SUDO_GID=65534 start_drone
[[ $(stat -c %u:%a "$SOCK") == 65534:600 ]] || fail "socket not given to SUDO_UID: $(ls -l "$SOCK")"
echo "ok   socket given to SUDO_UID 65534, mode 600"
if command -v setpriv >/dev/null && setpriv --reuid 65534 --regid 65534 --clear-groups test -x "$CLI"; then
  setpriv --reuid 65534 --regid 65534 --clear-groups "$CLI" --drone "unix:$SOCK" ports >/dev/null ||
    fail "the SUDO_UID user cannot use the socket"
  echo "ok   the SUDO_UID user lists the ports without root"
fi
cli ports --json >"$TMP/ports.json"
check "new drone after kill -9 lists demo0 and demo1" "sorted(p['name'] for p in d['ports']) == ['demo0', 'demo1']" "$TMP/ports.json"
# A second drone on the same socket is refused while the first one listens.
if "$DRONE" --demo-lab --listen "unix:$SOCK" 2>"$TMP/err"; then fail "second drone on a live socket accepted"; fi
grep -q "another drone" "$TMP/err" || fail "live socket refusal unclear: $(cat "$TMP/err")"
grep -q "demo lab:" "$TMP/err" && fail "a lab was built before the live socket was noticed"
echo "ok   refused: $(cat "$TMP/err")"
cli ports >/dev/null || fail "the first drone no longer answers after a second one was refused"
kill -TERM "$DRONE_PID"
wait "$DRONE_PID" || fail "drone exited with $? on SIGTERM"
DRONE_PID=
[[ ! -e $SOCK ]] || fail "socket left behind after SIGTERM"
no_demo_ports_here "at the end"
echo "ok   demo lab"
