#!/usr/bin/env bash
# One-ended testing through a reflector (issue 35's acceptance). The drone's port va reaches a
# Linux router (router_lab.sh) that forwards into `tbf rate 50mbit` on its way out of db; behind
# it, port vb sits in a namespace of its own with a second drone, the reflector:
#  - RFC 2544 throughput with --tx va --rx vb (two tester ends) and with --tx va --reflector vb
#    (the frames come back through the router to va) find the same NDR within 2 %, each within
#    2 % of what tbf allows (by tbf's own byte accounting), or say tester-limited: never a loss
#    or a rate the device did not have; the reflected run reports a round-trip latency;
#  - the reflector's own count of what it returned equals what va received in the last trial;
#  - what it returned decodes in tshark (an oracle we did not write) with source and destination
#    swapped down to the UDP ports (--reflect-swap l4) and every IP and UDP checksum valid;
#  - frames that are not test frames reach the reflector's kernel side: the router resolves vb's
#    host (ARP) and pings it while vb reflects;
#  - Y.1564's CIR steps of a service below tbf's rate pass through the reflector, with the round
#    trip's delay.
source "$(dirname "$0")/router_lab.sh"
for tool in tc tcpdump tshark; do
  command -v "$tool" >/dev/null || { echo "SKIP: $tool is not installed"; exit 77; }
done
RATE_BPS=50000000
LINE_BPS=100000000
SIZES=${SIZES-"512 1518"}
REFL_NS="stc-refl-$$-$RANDOM"
REFL_SOCK=$LAB_TMP/reflector.sock
REFL_PID=
reflector_cleanup() {
  if [[ -n $REFL_PID ]]; then kill "$REFL_PID" 2>/dev/null || true; wait "$REFL_PID" 2>/dev/null || true; fi
  ip netns del "$REFL_NS" 2>/dev/null || true
  router_cleanup
}
trap reflector_cleanup EXIT

router_up
ip netns add "$REFL_NS"
ip netns exec "$REFL_NS" ip link set lo up
ip netns exec "$REFL_NS" sysctl -qw net.ipv6.conf.all.disable_ipv6=1 net.ipv6.conf.default.disable_ipv6=1
in_lab ip link set vb netns "$REFL_NS"
ip netns exec "$REFL_NS" ip link set vb up
if ! in_dut tc qdisc replace dev db root tbf rate "$RATE_BPS"bit burst 5000 limit 200000 2>"$LAB_TMP/tc.err"; then
  echo "SKIP: this kernel has no tbf qdisc ($(cat "$LAB_TMP/tc.err"))"; exit 77
fi
qdisc_sent() { in_dut tc -s qdisc show dev db | awk '/Sent/ {print $2, $4; exit}'; }

# As netns.benchmark does: the sender on the last core, the router's receive (RPS) on the others.
CORES=$(nproc)
if [[ $CORES -ge 2 ]]; then
  SENDER_CPU=$((CORES - 1))
  router_cpus=$(printf '%x' $(( (1 << SENDER_CPU) - 1 )))
  for dev in da db; do
    for q in $(in_dut sh -c "ls -d /sys/class/net/$dev/queues/rx-*"); do in_dut sh -c "echo $router_cpus >$q/rps_cpus"; done
  done
fi
start_drone
ip netns exec "$REFL_NS" "$DRONE" --listen "unix:$REFL_SOCK" >"$LAB_TMP/reflector.log" 2>&1 &
REFL_PID=$!
REFL="unix:$REFL_SOCK"
reflector_answers() { in_lab "$CLI" ports --drone "$REFL" >/dev/null 2>&1; }
wait_for 30 "the reflector drone answers" reflector_answers
cli configure va --line-rate "$LINE_BPS" ${SENDER_CPU:+--cpus "$SENDER_CPU"} >/dev/null
cli configure vb --line-rate "$LINE_BPS" --drone "$REFL" >/dev/null
cli devices va add --count 1 --mac 02:00:00:00:0a:0a --ip 10.0.0.10/24 --gateway 10.0.0.1 >/dev/null
cli devices vb add --count 1 --mac 02:00:00:00:0b:0a --ip 10.0.1.10/24 --gateway 10.0.1.1 --drone "$REFL" >/dev/null

cat >"$LAB_TMP/ndr.json" <<JSON
{"tests": ["throughput", "latency"], "search": {"goals": [{"name": "NDR", "loss_ratio": 0}], "trial_seconds": 2,
 "initial_trial_seconds": 0.5, "relative_precision": 0.01}, "latency": {"load_fractions": [0.5], "trials": 1, "trial_seconds": 1}}
JSON
# ndr NAME ARGS...: one benchmark, its JSON in $LAB_TMP/NAME.json and tbf's bytes and frames in NAME.tbf.
ndr() {
  local name=$1
  shift
  read -r b0 p0 < <(qdisc_sent)
  if ! cli benchmark rfc2544 --tx va "$@" --sizes "${SIZES// /,}" --config "$LAB_TMP/ndr.json" --learning-frames 2 \
       --drain 200 --json "$LAB_TMP/$name.json" --quiet >"$LAB_TMP/$name.txt" 2>"$LAB_TMP/$name.err"; then
    echo "FAIL benchmark $name: $(cat "$LAB_TMP/$name.err")"; exit 1
  fi
  read -r b1 p1 < <(qdisc_sent)
  echo "$((b1 - b0)) $((p1 - p0))" >"$LAB_TMP/$name.tbf"
  cat "$LAB_TMP/$name.err" >&2
}
ndr two-port --rx "vb@$REFL"
cli ports --drone "$REFL" --json >"$LAB_TMP/ports-before.json"
ndr reflected --reflector "vb@$REFL" --reflect-swap l4
cli ports --drone "$REFL" --json >"$LAB_TMP/ports.json"
cli stats --drone "$REFL" --json >"$LAB_TMP/reflector-stats.json"
# Y.1564's configuration test through the reflector: a service well below tbf's rate passes its
# CIR steps, with the round trip's delay (its policing step fails: nothing on this path polices).
cat >"$LAB_TMP/y1564.json" <<JSON
{"format": "staccato-y1564-config", "step_seconds": 1,
 "services": [{"name": "data", "frame_size": "512", "dscp": 10, "cir_mbps": 20,
               "sac": {"ftd_ms": 50, "fdv_ms": 40, "flr": 0.001, "avail": 0.999}}]}
JSON
cli benchmark y1564 --config "$LAB_TMP/y1564.json" --tx va --reflector "vb@$REFL" --no-performance --drain 300 \
  --json "$LAB_TMP/y1564-result.json" --quiet >"$LAB_TMP/y1564.txt" 2>"$LAB_TMP/y1564.err" || true
[[ -s $LAB_TMP/y1564-result.json ]] || { echo "FAIL Y.1564 through the reflector: $(cat "$LAB_TMP/y1564.err")"; exit 1; }
echo "vb: $(json "$LAB_TMP/ports.json" "[p['rx_backend'] + ': ' + p['rx_backend_reason'] for p in d['ports'] if p['name'] == 'vb'][0]")"

# --- the kernel still hears everything else: ARP and ping to vb's host while it reflects --------
in_dut ip neigh flush dev db
if in_dut ping -c 3 -i 0.2 -W 2 10.0.1.10 >"$LAB_TMP/ping.txt" 2>&1; then
  echo "ok   the router resolved and pinged 10.0.1.10 on the reflecting port: $(grep -o '[0-9]* received' "$LAB_TMP/ping.txt")"
else
  echo "FAIL ping to the reflecting port's host: $(cat "$LAB_TMP/ping.txt")"; exit 1
fi

# --- what the reflector returns, in tshark: a short benchmark trial captured on the router's db ---
in_dut timeout 60 tcpdump -i db -B 65536 -c 400 -w "$LAB_TMP/reflected.pcap" -U udp 2>"$LAB_TMP/tcpdump.log" &
TCPDUMP_PID=$!
wait_for 30 "tcpdump listening on db" grep -q "listening on" "$LAB_TMP/tcpdump.log"
SIZES=128 ndr capture --reflector "vb@$REFL" >/dev/null 2>&1
wait "$TCPDUMP_PID" || true
tshark -r "$LAB_TMP/reflected.pcap" -o ip.check_checksum:TRUE -o udp.check_checksum:TRUE \
  -T fields -E separator=' ' -e ip.src -e ip.dst -e udp.srcport -e udp.dstport -e ip.checksum.status \
  -e udp.checksum.status -e _ws.malformed >"$LAB_TMP/reflected.txt" 2>"$LAB_TMP/tshark.err"

python3 - "$LAB_TMP" "$RATE_BPS" "$LINE_BPS" <<'PY'
import json, sys
tmp, rate_bps, line_bps = sys.argv[1], float(sys.argv[2]), float(sys.argv[3])
fail = False
def report(ok, text):
    global fail
    fail |= not ok
    print(f"{'ok  ' if ok else 'FAIL'} {text}")
runs = {}
for name in ("two-port", "reflected"):
    d = json.load(open(f"{tmp}/{name}.json"))
    b, p = map(int, open(f"{tmp}/{name}.tbf").read().split())
    runs[name] = (d, b, p)
for two, refl in zip(runs["two-port"][0]["sizes"], runs["reflected"][0]["sizes"]):
    size = int(two["frame_size"])
    line_pps = line_bps / 8 / (size + 20)
    device_pps = rate_bps / 8 / (size - 4)  # tbf counts the frame without its FCS
    found = {}
    for name, s in (("two-port", two), ("reflected", refl)):
        g = s["throughput"]["goals"][0]
        pps = g["lower_load"] * line_pps
        found[name] = (pps, g["tester_limited"])
        if g["tester_limited"]:
            report(pps < device_pps * 1.02, f"{size} B {name}: tester-limited at {pps / 1e3:.2f} kpps, below tbf's "
                   f"{device_pps / 1e3:.2f} kpps ({g['tester_limit']})")
        else:
            err = (pps - device_pps) / device_pps
            report(abs(err) <= 0.02, f"{size} B {name}: NDR {pps / 1e3:.3f} kpps, tbf allows {device_pps / 1e3:.3f} ({err * 100:+.2f} %)")
    (a, la), (b, lb) = found["two-port"], found["reflected"]
    if not la and not lb:
        report(abs(b - a) / a <= 0.02, f"{size} B: through the reflector {b / 1e3:.3f} kpps, two ports {a / 1e3:.3f} "
               f"({(b - a) / a * 100:+.2f} %)")
    print(f"MEASURED {size} two-port {a:.1f} reflected {b:.1f} device {device_pps:.1f}")
# The round trip's latency, from the latency test's trials (at half the NDR).
trials = [t for t in runs["reflected"][0]["trials"] if t.get("latency", {}).get("samples")]
report(len(trials) > 0 and all(t["latency"]["avg_ns"] > 0 for t in trials),
       f"round-trip latency reported in {len(trials)} trials (avg of the last {trials[-1]['latency']['avg_ns'] / 1e3:.1f} us)" if trials
       else "no trial through the reflector reported a latency")
# The reflector's own count: what va received in the last trial.
stats = json.load(open(f"{tmp}/reflector-stats.json"))
reflected = [int(p.get("drone_reflected", 0)) for p in stats["ports"] if p["port"] == "vb"][0]
last = runs["reflected"][0]["trials"][-1]  # (the counters of the last trial stay until the next clear)
report(reflected == last["rx_frames"] and reflected > 0,
       f"the reflector returned {reflected} frames in the last trial; va received {last['rx_frames']} of {last['tx_frames']}")
# tshark: forward frames 10.0.0.10 -> 10.0.1.10, reflected ones the other way with the ports swapped.
rows = [l.split() for l in open(f"{tmp}/reflected.txt") if l.strip()]
fwd = [r for r in rows if r[0] == "10.0.0.10" and r[1] == "10.0.1.10"]
back = [r for r in rows if r[0] == "10.0.1.10" and r[1] == "10.0.0.10"]
ports_fwd = {(r[2], r[3]) for r in fwd}
ports_back = {(r[3], r[2]) for r in back}
report(len(fwd) > 50 and len(back) > 50, f"tshark decoded {len(fwd)} frames to the reflector and {len(back)} back")
report(ports_back and ports_back <= ports_fwd, f"reflected UDP ports swapped: {sorted(ports_fwd)[:2]} -> back {sorted((b, a) for a, b in ports_back)[:2]}")
bad_checksums = [r for r in rows if r[4] == "0" or r[5] == "0" or len(r) > 6]
report(not bad_checksums, f"every IP and UDP checksum valid, nothing malformed ({len(bad_checksums)} bad of {len(rows)})")
y = json.load(open(f"{tmp}/y1564-result.json"))
report("reflector" in y["ports"], f"the Y.1564 result names the reflector: {y['ports']}")
for st in y["configuration"]:
    step, m, v = st["step"], st["measured"], st["verdict"]
    if step["kind"] == "cir":
        report(v["outcome"] == "PASS" and m["ftd_ms"] > 0, f"Y.1564 {step['label']}: {v['outcome']} at IR {v['ir_mbps']:.2f} "
               f"Mbit/s, round-trip FTD {m['ftd_ms']:.3f} ms")
    else:
        print(f"note Y.1564 {step['label']}: {v['outcome']} at IR {v['ir_mbps']:.2f} Mbit/s (nothing on this path polices)")
sys.exit(1 if fail else 0)
PY
