#!/usr/bin/env bash
# staccato-cli benchmark y1564 through real devices (issue 35's acceptance): a Linux router in a
# namespace forwards va -> vb, and polices or shapes on its way:
#  1. nftables `limit rate over ... burst ...` at CIR + EIR (a token bucket, as a carrier's
#     policer): every CIR step and CIR + EIR pass, and the policing step reports the policed rate
#     within 2 %; every frame the steps lost is one nftables' own counter dropped;
#  2. the same policer 10 % below CIR: the CIR step fails, naming FLR and IR; 75 % of CIR passes;
#  3. tbf shaping at CIR + EIR: nothing is lost below it, and the delay grows where the offered
#     rate passes the shaper's (FTD and FDV reported);
#  4. the performance test, four services at CIR together for PERF_SECONDS (300), with every
#     frame of one service dropped by a rule switched on for 10 s: that service counts its 10
#     (or 11: the stretch straddles seconds) unavailable seconds, the other three lose nothing
#     and are 100 % available.
# The policer counts packets: nftables' byte limits (`bytes/second`) keep a whole second of the
# rate in their bucket besides the burst asked, so a 2 s step would pass unpoliced. The frames
# of a service are all one size, so a packet rate is a byte rate here. tbf counts frames less the
# FCS; CIR whole frames with FCS (MEF): the script converts.
source "$(dirname "$0")/router_lab.sh"
if ! command -v nft >/dev/null; then echo "SKIP: nftables (nft) is not installed"; exit 77; fi
PERF_SECONDS=${PERF_SECONDS:-300}
# PART=configuration: 1 to 3 (timing matters: run alone); PART=performance: 4 (light, long); both by default.
PART=${PART:-all}
SIZE=512
CIR=20 EIR=5  # Mbit/s of frames

router_up
start_drone
cli devices va add --count 1 --mac 02:00:00:00:0a:0a --ip 10.0.0.10/24 --gateway 10.0.0.1 >/dev/null
cli devices vb add --count 1 --mac 02:00:00:00:0b:0a --ip 10.0.1.10/24 --gateway 10.0.1.1 >/dev/null

# policer MBIT: drops DSCP 10 (AF11) above MBIT of frames (rounded to whole frames a second),
# with a bucket of 50 frames (25 kB, twice MEF's smallest CBS); prints the rate it polices at, in Mbit/s of frames.
policer() {
  local pps
  pps=$(python3 -c "print(round($1 * 1e6 / 8 / $SIZE))")
  in_dut nft delete table inet y1564 2>/dev/null || true
  in_dut nft -f - <<NFT
table inet y1564 {
  chain forward {
    type filter hook forward priority 0; policy accept;
    ip dscp 10 limit rate over $pps/second burst 50 packets counter drop
  }
}
NFT
  python3 -c "print($pps * $SIZE * 8 / 1e6)"
}
nft_dropped() { in_dut nft list table inet y1564 | grep -o 'counter packets [0-9]*' | awk '{print $3}'; }

cat >"$LAB_TMP/one.json" <<JSON
{"format": "staccato-y1564-config", "step_seconds": 2,
 "services": [{"name": "data", "frame_size": "$SIZE", "dscp": 10, "cir_mbps": $CIR, "eir_mbps": $EIR,
               "sac": {"ftd_ms": 50, "fdv_ms": 40, "flr": 0.001, "avail": 0.999}}]}
JSON
y1564() {  # y1564 NAME [options]: the configuration test of one.json; its JSON in $LAB_TMP/NAME.json
  local name=$1 rc=0
  shift
  cli benchmark y1564 --config "$LAB_TMP/one.json" --tx va --rx vb --no-performance --drain 300 \
    --json "$LAB_TMP/$name.json" --quiet "$@" >"$LAB_TMP/$name.txt" 2>"$LAB_TMP/err" || rc=$?
  cat "$LAB_TMP/$name.txt"
  return $rc
}

# --- 1. a policer at CIR + EIR ----------------------------------------------------------------
if [[ $PART != performance ]]; then
policed_mbps=$(policer $((CIR + EIR)))
y1564 policed || { echo "FAIL a policer at CIR + EIR did not pass: $(cat "$LAB_TMP/err")"; exit 1; }
python3 - "$LAB_TMP/policed.json" "$(nft_dropped)" "$policed_mbps" <<'PY'
import json, sys
def flat(s):  # a configuration step's parts in one dict
    return {**s["measured"], **s["verdict"], **s["step"], "verdict": s["verdict"]["outcome"]}
d = json.load(open(sys.argv[1])); dropped = int(sys.argv[2]); policed = float(sys.argv[3])
steps = [flat(s) for s in d["configuration"]]
ok = True
def report(cond, text):
    global ok
    print(("ok   " if cond else "FAIL ") + text)
    ok &= cond
for s in steps:
    if s["kind"] in ("cir", "cir+eir"):
        report(s["verdict"] == "PASS", f"{s['label']}: {s['verdict']} at IR {s['ir_mbps']:.2f} Mbit/s {s.get('failures', [])}")
policing = [s for s in steps if s["kind"] == "policing"][0]
err = policing["ir_mbps"] / policed - 1
report(abs(err) <= 0.02, f"the policing step offered {policing['rate_mbps']:.2f} Mbit/s and got {policing['ir_mbps']:.2f} through: "
       f"the policer's {policed:.3f} Mbit/s {err * 100:+.2f} %")
report(policing["verdict"] == "PASS", f"policing step: {policing['verdict']} {policing.get('failures', [])}")
lost = sum(s["sent"] - s["received"] for s in steps)
report(lost == dropped, f"the steps lost {lost} frames, nftables' counter dropped {dropped}")
sys.exit(0 if ok else 1)
PY

# --- 2. a policer 10 % below CIR ----------------------------------------------------------------
policer "$(python3 -c "print($CIR * 0.9)")" >/dev/null
if y1564 underpoliced; then echo "FAIL a policer 10 % below CIR passed"; exit 1; fi
python3 - "$LAB_TMP/underpoliced.json" <<'PY'
import json, sys
def flat(s):  # a configuration step's parts in one dict
    return {**s["measured"], **s["verdict"], **s["step"], "verdict": s["verdict"]["outcome"]}
d = json.load(open(sys.argv[1]))
cir = [flat(s) for s in d["configuration"] if s["step"]["kind"] == "cir"]
ok = cir[-1]["verdict"] == "FAIL" and any(f.startswith("FLR") for f in cir[-1]["failures"]) \
     and any(f.startswith("IR") for f in cir[-1]["failures"])
print(("ok   " if ok else "FAIL ") + f"100 % of CIR fails: {cir[-1]['failures']}")
ok2 = cir[-2]["verdict"] == "PASS"
print(("ok   " if ok2 else "FAIL ") + f"75 % of CIR, below the policer, passes ({cir[-2]['verdict']} {cir[-2].get('failures', [])})")
ok3 = d["verdict"] == "FAIL"
print(("ok   " if ok3 else "FAIL ") + f"the service fails: {d['verdict']}")
sys.exit(0 if ok and ok2 and ok3 else 1)
PY
in_dut nft delete table inet y1564

# --- 3. a shaper at CIR + EIR -------------------------------------------------------------------
shaper_bps=$(python3 -c "print(round(($CIR + $EIR) * 1e6 * ($SIZE - 4) / $SIZE))")
if ! in_dut tc qdisc replace dev db root tbf rate "${shaper_bps}bit" burst 5000 limit 100000 2>"$LAB_TMP/tc.err"; then
  echo "SKIP: this kernel has no tbf qdisc ($(cat "$LAB_TMP/tc.err"))"; exit 77
fi
y1564 shaped || true
python3 - "$LAB_TMP/shaped.json" <<'PY'
import json, sys
def flat(s):  # a configuration step's parts in one dict
    return {**s["measured"], **s["verdict"], **s["step"], "verdict": s["verdict"]["outcome"]}
d = json.load(open(sys.argv[1]))
all_steps = [flat(s) for s in d["configuration"]]
steps = {s["label"]: s for s in all_steps}
cir, policing = steps["100 % of CIR"], [s for s in all_steps if s["kind"] == "policing"][0]
ok = all(s["delay_measured"] for s in all_steps)
print(("ok   " if ok else "FAIL ") + "every step measured FTD and FDV: " +
      ", ".join(f"{s['label']} {s['ftd_ms']:.3f}/{s['fdv_ms']:.3f} ms" for s in all_steps))
grew = policing["ftd_ms"] > cir["ftd_ms"] + 5 and policing["fdv_ms"] > cir["fdv_ms"]
print(("ok   " if grew else "FAIL ") + f"above the shaper's rate the delay grows: FTD {cir['ftd_ms']:.3f} ms at CIR, "
      f"{policing['ftd_ms']:.3f} ms at {policing['rate_mbps']:.2f} Mbit/s (tbf's 100 kB queue is 32 ms)")
clean = all(s["sent"] == s["received"] for s in all_steps if s["kind"] == "cir")
print(("ok   " if clean else "FAIL ") + "below the shaper's rate nothing is lost")
sys.exit(0 if ok and grew and clean else 1)
PY
in_dut tc qdisc del dev db root
fi
[[ $PART != configuration ]] || exit 0

# --- 4. the performance test, four services, one of them cut for 10 s -----------------------------
cat >"$LAB_TMP/four.json" <<JSON
{"format": "staccato-y1564-config", "performance_seconds": $PERF_SECONDS,
 "services": [
  {"name": "voice", "frame_size": "128", "dscp": 46, "cir_mbps": 2, "sac": {"flr": 0, "avail": 0.9999}},
  {"name": "video", "frame_size": "1280", "dscp": 34, "cir_mbps": 8, "sac": {"flr": 0, "avail": 0.9999}},
  {"name": "data", "frame_size": "512", "dscp": 10, "cir_mbps": 5, "sac": {"flr": 0, "avail": 0.9999}},
  {"name": "best-effort", "frame_size": "imix", "cir_mbps": 5, "sac": {"flr": 0, "avail": 0.9999}}]}
JSON
cli benchmark y1564 --config "$LAB_TMP/four.json" --tx va --rx vb --performance-only --drain 300 \
  --json "$LAB_TMP/perf.json" >"$LAB_TMP/perf.txt" 2>"$LAB_TMP/perf.err" &
cli_pid=$!
cut_at=$((PERF_SECONDS / 3))
sleep "$cut_at"
in_dut nft -f - <<NFT
table inet cut {
  chain forward {
    type filter hook forward priority 0; policy accept;
    ip dscp 46 counter drop
  }
}
NFT
sleep 10
in_dut nft delete table inet cut
rc=0
wait "$cli_pid" || rc=$?
cat "$LAB_TMP/perf.txt"
[[ $rc == 1 ]] || { echo "FAIL the performance test exited $rc (1: a service failed): $(cat "$LAB_TMP/perf.err")"; exit 1; }
python3 - "$LAB_TMP/perf.json" "$PERF_SECONDS" <<'PY'
import json, sys
d = json.load(open(sys.argv[1])); seconds = int(sys.argv[2])
ok = True
def report(cond, text):
    global ok
    print(("ok   " if cond else "FAIL ") + text)
    ok &= cond
services = [s["name"] for s in d["config"]["services"]]
for name, p in zip(services, d["performance"]):
    a, m, verdict = p["availability"], p["measured"], p["verdict"]["outcome"]
    if name == "voice":
        report(a["unavailable"] in (10, 11) and a["seconds"] == seconds and verdict == "FAIL",
               f"voice, cut for 10 s: {a['unavailable']} unavailable seconds of {a['seconds']}, {a['severely_errored']} SES, "
               f"AVAIL {a['avail'] * 100:.4f} %, {verdict}")
    else:
        report(m["sent"] == m["received"] > 0 and a["unavailable"] == 0 and a["avail"] == 1 and verdict == "PASS",
               f"{name}: {m['sent']} frames sent, {m['received']} received, AVAIL {a['avail'] * 100:.4f} %, {verdict}")
sys.exit(0 if ok else 1)
PY
