#!/usr/bin/env bash
# A libpcap receiver that stalls (its drone stopped with SIGSTOP while another drone sends) loses
# nothing the packet ring can hold, and its default ring holds what a loaded machine's stalls
# need: 60,000 64-byte frames with kernel timestamps (the kernel packs them into blocks), 5,000
# with --rx-timestamps user (each frame handed over at once, a slot per frame). Before the ring
# was sized by the port's MTU, it held about 1,000 either way.
source "$(dirname "$0")/lab.sh"
lab_up
start_drone --include va --backend pcap

RX_DRONE=unix:$LAB_TMP/rx.sock
RX_PID=
# A stopped drone ignores SIGTERM until it is continued: whatever happens, continue it.
trap 'if [[ -n $RX_PID ]]; then kill -CONT "$RX_PID" 2>/dev/null; kill "$RX_PID" 2>/dev/null; wait "$RX_PID" 2>/dev/null; fi; lab_cleanup' EXIT

# stalled_receive TIMESTAMPS N: drone B receives on vb; N frames are sent on va while it is stopped.
stalled_receive() {
  local stamps=$1 n=$2
  ip netns exec "$LAB_NS" "$DRONE" --listen "$RX_DRONE" --include vb --rx-backend pcap --rx-timestamps "$stamps" \
    >"$LAB_TMP/rx-$stamps.log" 2>&1 &
  RX_PID=$!
  for _ in $(seq 100); do cli --drone "$RX_DRONE" ports >/dev/null 2>&1 && break; sleep 0.1; done
  cli --drone "$RX_DRONE" ports --json >"$LAB_TMP/rx-ports.json"
  json "$LAB_TMP/rx-ports.json" "[p['rx_backend_reason'] for p in d['ports'] if p['name'] == 'vb'][0]"
  local f
  f=$(stream_file "stall-$stamps" "$n" 100000)
  kill -STOP "$RX_PID"
  local rc=0
  cli run "$f" --tx va --json >"$LAB_TMP/tx-$stamps.json" || rc=$?
  kill -CONT "$RX_PID"
  [[ $rc == 0 ]] || { echo "FAIL sending on va exited $rc"; exit 1; }
  sleep 1
  cli --drone "$RX_DRONE" stats vb --json >"$LAB_TMP/rx-$stamps.json"
  python3 - "$LAB_TMP/tx-$stamps.json" "$LAB_TMP/rx-$stamps.json" "$n" "$stamps" <<'PY' || exit 1
import json, sys
tx, rx, n, stamps = json.load(open(sys.argv[1])), json.load(open(sys.argv[2])), int(sys.argv[3]), sys.argv[4]
sent = tx["streams"][0]["tx_packets"]
rows = [s for s in rx["streams"] if s["rx_port"] == "vb"]
vb = [p for p in rx["ports"] if p["port"] == "vb"][0]
counted = rows[0]["rx_packets"] if rows else 0
missed = rows[0]["rx_missed"] if rows else None
print(f"info {stamps} timestamps: sent {sent} while the receiver was stopped; kernel rx on vb "
      f"{vb['rx_packets']}, counted {counted}, missed {missed}, port misses {vb['drone_rx_dropped']}")
checks = [
    ("every frame sent", sent == n),
    ("the kernel received every frame on vb", vb["rx_packets"] >= n),
    ("the stalled receiver counted every frame", counted == n),
    ("no frame missed", missed == 0 and vb["drone_rx_dropped"] == 0 and not rows[0]["incomplete"]),
]
ok = True
for name, cond in checks:
    print(("ok   " if cond else "FAIL ") + f"{stamps} timestamps: {name}")
    ok &= cond
sys.exit(0 if ok else 1)
PY
  kill "$RX_PID"
  wait "$RX_PID" || { echo "FAIL the receiving drone did not exit cleanly"; cat "$LAB_TMP/rx-$stamps.log"; exit 1; }
  RX_PID=
}

stalled_receive kernel 60000
stalled_receive user 5000
