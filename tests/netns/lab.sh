# Sourced by the netns tests: a private network namespace with a veth pair (va <-> vb) and a
# drone inside it. Nothing leaves the namespace; it is deleted on exit, even on failure.
# Needs root (CI runs as root); without it the test is skipped with exit code 77.
set -euo pipefail

DRONE=${DRONE:?set DRONE to the staccato-drone binary}
CLI=${CLI:?set CLI to the staccato-cli binary}
LAB_NS="stc-test-$$-$RANDOM"
# The transmit backend under test (BACKEND=pcap|turbo|turbo-xdp|auto), veth queues (QUEUES), and
# the ports' receive engine (RX_BACKEND=pcap|turbo|xdp-count|auto; turbo and xdp-count are checked
# on vb in start_drone).
# Tests that read tcpdump captures of signature frames receive with pcap: turbo receive takes
# those frames before the kernel's captures see them.
LAB_QUEUES=${QUEUES:-1}
LAB_TMP=$(mktemp -d)
# The drone listens on a unix socket of its own (the default path is shared by every namespace);
# the CLI finds it through $STACCATO_DRONE.
LAB_SOCK=$LAB_TMP/drone.sock
export STACCATO_DRONE=unix:$LAB_SOCK
LAB_DRONE_ARGS=(--listen "$STACCATO_DRONE" --backend "${BACKEND:-auto}" --tx-queues "${QUEUES:-0}"
                --rx-backend "${RX_BACKEND:-auto}")
DRONE_PID=

lab_cleanup() {
  if [[ -n $DRONE_PID ]]; then kill "$DRONE_PID" 2>/dev/null || true; wait "$DRONE_PID" 2>/dev/null || true; fi
  ip netns pids "$LAB_NS" 2>/dev/null | xargs -r kill 2>/dev/null || true
  ip netns del "$LAB_NS" 2>/dev/null || true
  [[ -n ${KEEP_LAB_TMP:-} ]] || rm -rf "$LAB_TMP"
}
trap lab_cleanup EXIT
# A test stopped from outside (ctest's Ctrl-C, kill) still removes its namespace.
trap 'exit 130' INT
trap 'exit 143' TERM
trap 'exit 129' HUP

in_lab() { ip netns exec "$LAB_NS" "$@"; }
cli() { in_lab "$CLI" "$@"; }

lab_up() {
  if [[ $EUID -ne 0 ]]; then echo "SKIP: network namespaces need root"; exit 77; fi
  ip netns add "$LAB_NS"
  in_lab ip link set lo up
  add_veth va vb
  in_lab ip link set va up
  in_lab ip link set vb up
  # Quiet links: no IPv6 autoconfiguration chatter in the counters.
  in_lab sysctl -qw net.ipv6.conf.all.disable_ipv6=1 net.ipv6.conf.default.disable_ipv6=1 || true
}

# add_veth A B: a veth pair with $LAB_QUEUES queues each way. The in-kernel sender's frames reach
# a veth's peer only when the peer runs XDP or GRO (docs/turbo.md): with BACKEND=turbo-xdp both
# ends get GRO, so a peer that receives with libpcap takes them too.
add_veth() {
  in_lab ip link add "$1" numtxqueues "$LAB_QUEUES" numrxqueues "$LAB_QUEUES" type veth \
    peer name "$2" numtxqueues "$LAB_QUEUES" numrxqueues "$LAB_QUEUES"
  if [[ ${BACKEND:-} == turbo-xdp ]]; then in_lab ethtool -K "$1" gro on >/dev/null; in_lab ethtool -K "$2" gro on >/dev/null; fi
}

# start_drone [drone options...]: starts the drone in the lab and waits until it answers.
start_drone() {
  # Not via in_lab: a function in the background is a subshell, and $! must be the drone.
  ip netns exec "$LAB_NS" "$DRONE" "${LAB_DRONE_ARGS[@]}" "$@" >"$LAB_TMP/drone.log" 2>&1 &
  DRONE_PID=$!
  for _ in $(seq 100); do
    if cli ports ${PROBE_ARGS:-} >/dev/null 2>&1; then
      if [[ ${RX_BACKEND:-} == turbo || ${RX_BACKEND:-} == xdp-count ]] && in_lab ip link show vb >/dev/null 2>&1; then
        local engine=turbo-native
        [[ $RX_BACKEND == xdp-count ]] && engine=xdp-count
        cli configure vb --rx-backend "$RX_BACKEND" ${PROBE_ARGS:-} >/dev/null
        cli ports --json ${PROBE_ARGS:-} >"$LAB_TMP/ports.json"
        json "$LAB_TMP/ports.json" "[p['rx_backend'] + ': ' + p['rx_backend_reason'] for p in d['ports'] if p['name'] == 'vb'][0]" \
          | tee "$LAB_TMP/rx_backend" | grep -q "^$engine" || { echo "FAIL vb does not receive with $engine: $(cat "$LAB_TMP/rx_backend")"; exit 1; }
        echo "ok   vb receives with $(cat "$LAB_TMP/rx_backend")"
      fi
      return 0
    fi
    if ! kill -0 "$DRONE_PID" 2>/dev/null; then echo "drone died:"; cat "$LAB_TMP/drone.log"; exit 1; fi
    sleep 0.1
  done
  echo "drone did not come up:"; cat "$LAB_TMP/drone.log"; exit 1
}

stop_drone() {
  kill "$DRONE_PID"
  local rc=0
  wait "$DRONE_PID" || rc=$?
  DRONE_PID=
  return $rc
}

# json FILE EXPR: evaluates a Python expression on the parsed JSON `d`.
json() { python3 -c "import json,sys; d=json.load(open('$1')); print($2)"; }

# stream_file NAME COUNT RATE_PPS [extra stream JSON]: writes a one-stream file, 64-byte UDP + signature.
stream_file() {
  local out=$LAB_TMP/$1.json count=$2 pps=$3 extra=${4:-}
  cat >"$out" <<JSON
{"format_version": 1, "streams": [{"id": 1, "name": "$1",
  "layers": [{"protocol": "eth", "fields": {"eth.dst": "02:00:00:00:00:99"}}, {"protocol": "ip"},
             {"protocol": "udp"}, {"protocol": "payload"}, {"protocol": "signature"}],
  "frame_length": {"fixed": 64}, "rate": {"unit": "PPS", "value": $pps},
  "control": {"mode": "PACKETS", "count": "$count"} $extra}]}
JSON
  echo "$out"
}

# capture_start FILE [IFACE]: tcpdump of UDP on IFACE (vb) in the lab into FILE; returns once it
# listens (a busy machine may take seconds to start it). capture_stop ends it once FILE has
# stopped growing (tcpdump may still be writing what it read).
capture_start() {
  ip netns exec "$LAB_NS" timeout 120 tcpdump -i "${2:-vb}" -B 65536 -w "$1" -U udp 2>"$1.log" &
  CAPTURE_PID=$!
  wait_for 30 "tcpdump listening on ${2:-vb}" grep -q "listening on" "$1.log"
}
capture_stop() {
  local size=-1
  for _ in $(seq 60); do  # up to 30 s for the file to keep its size for half a second
    sleep 0.5
    [[ $(stat -c %s "$1" 2>/dev/null || echo 0) == "$size" ]] && break
    size=$(stat -c %s "$1" 2>/dev/null || echo 0)
  done
  kill -TERM "$CAPTURE_PID"; wait "$CAPTURE_PID" || true  # (background jobs ignore SIGINT)
}

# capture_run NAME STREAM_FILE: `run` on va -> vb with a capture on vb. Leaves $LAB_TMP/NAME.pcap,
# the final stats in $LAB_TMP/NAME.stats.json and the CLI's warnings in $LAB_TMP/NAME.err.
capture_run() {
  local rc=0
  capture_start "$LAB_TMP/$1.pcap"
  cli run "$2" --tx va --rx vb --json >"$LAB_TMP/$1.stats.json" 2>"$LAB_TMP/$1.err" || rc=$?
  cat "$LAB_TMP/$1.err" >&2
  capture_stop "$LAB_TMP/$1.pcap"
  ((rc == 0)) || { echo "FAIL staccato-cli run $2 exited $rc"; exit 1; }
}

# wait_for SECONDS WHAT COMMAND...: runs COMMAND every 0.1 s until it succeeds; fails the test
# naming WHAT after SECONDS.
wait_for() {
  local seconds=$1 what=$2; shift 2
  for _ in $(seq $((seconds * 10))); do "$@" && return 0; sleep 0.1; done
  echo "FAIL waited ${seconds} s for $what"; exit 1
}

# expect_error PATTERN: the last command's stderr (in $LAB_TMP/err) must match.
expect_error() {
  if grep -q -- "$1" "$LAB_TMP/err"; then echo "ok   refused: $(head -1 "$LAB_TMP/err")"; else
    echo "FAIL expected an error matching '$1', got: $(cat "$LAB_TMP/err")"; exit 1; fi
}

check() {  # check DESCRIPTION CONDITION(python expression on d) FILE
  if [[ $(json "$3" "$2") == True ]]; then echo "ok   $1"; else echo "FAIL $1 ($2)"; json "$3" "d"; exit 1; fi
}
