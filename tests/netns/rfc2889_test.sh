#!/usr/bin/env bash
# RFC 2889 address tests against a Linux bridge (issue 35): four drone ports va..vd into br0 in a
# DUT namespace. The bridge learns at most FDB_MAX addresses (IFLA_BR_FDB_MAX_LEARNED, set over
# rtnetlink by bridge_fdb.py): the caching capacity found is that limit within 1 % (the test
# port's own address takes one entry), an unlimited bridge is "at least" the largest trial, and
# the learning rate is measured. Fully meshed over the four ports counts every pair (a policer on
# one port's way out shows on exactly the pairs into it), broadcast is counted on every port.
# Partially meshed and congestion control against the bridge with a policer emulating one port's
# line rate: many-to-one finds a third of the line per sender, one-to-many all of it; the
# congested port loses what its line rate makes it lose, exactly what nftables dropped, and the
# uncongested one nothing (no head-of-line blocking, no back pressure).
# Forward pressure and the maximum forwarding rate: behind a policer at vb's line rate the bridge
# forwards at most the line rate (no forward pressure, MFR 100 %); without it, the frames sent with
# an 88-bit gap come out as fast (forward pressure). Errored frames: the bridge forwards runts and
# 1519-byte giants (within its VLAN allowance), not 1600-byte ones (above its ports' MTU); a
# bridge filter that drops what a switch must shows them filtered, counted as nftables dropped.
# PARTS=address|traffic|partial|pressure runs one part. Both namespaces go on exit.
# (router_lab.sh for its DUT namespace and cleanup; the bridge is made here, not its router.)
source "$(dirname "$0")/router_lab.sh"
FDB_MAX=1000
fdb() { in_dut python3 "$(dirname "$0")/bridge_fdb.py" "$@"; }

if [[ $EUID -ne 0 ]]; then echo "SKIP: network namespaces need root"; exit 77; fi
ip netns add "$LAB_NS"
ip netns add "$DUT_NS"
in_lab sysctl -qw net.ipv6.conf.all.disable_ipv6=1 net.ipv6.conf.default.disable_ipv6=1
in_dut sysctl -qw net.ipv6.conf.all.disable_ipv6=1 net.ipv6.conf.default.disable_ipv6=1
# Addresses age out after 3 s (ageing_time in centiseconds: long enough for a busy machine's
# pause between a trial's learning and test frames); each trial waits 6.5 s first (the bridge
# sweeps its table once per ageing time: an entry goes within twice that).
in_dut ip link add br0 type bridge ageing_time 300 stp_state 0
in_dut ip link set br0 up
for p in a b c d; do
  in_lab ip link add "v$p" type veth peer name "b$p" netns "$DUT_NS"
  in_lab ip link set "v$p" up
  in_dut ip link set "b$p" master br0
  in_dut ip link set "b$p" up
done
if ! fdb set br0 "$FDB_MAX" >"$LAB_TMP/fdb"; then echo "SKIP: this kernel's bridge has no learned-address limit"; exit 77; fi
echo "ok   br0 learns at most $(cut -d' ' -f2 "$LAB_TMP/fdb") addresses"
start_drone

address_tests() {
ports=(--learning va --test vb --monitor vc --aging 6.5 --test-rate 20000)
cli benchmark rfc2889 caching "${ports[@]}" --max-addresses 2048 --learning-rate 20000 --json "$LAB_TMP/caching.json" \
  >"$LAB_TMP/caching.out" || true  # (judged from its result below)
cat "$LAB_TMP/caching.out"
check "caching capacity $FDB_MAX within 1 %: the bridge's limit less the test port's own address" \
  "d['result']['complete'] and abs(d['result']['capacity_addresses'] + 1 - $FDB_MAX) <= $FDB_MAX * 0.01" "$LAB_TMP/caching.json"
check "a trial above the limit flooded exactly what the bridge could not learn" \
  "all(t['flooded'] == max(0, t['addresses'] + 1 - $FDB_MAX) for t in d['trials'])" "$LAB_TMP/caching.json"
learned=$(fdb get br0 | cut -d' ' -f1)
[[ $learned -le $FDB_MAX ]] && echo "ok   the bridge holds $learned learned addresses (at most $FDB_MAX)" ||
  { echo "FAIL the bridge holds $learned learned addresses, above its limit $FDB_MAX"; exit 1; }

# Unlimited: every trial passes, and the answer says the table is larger still.
fdb set br0 0 >/dev/null
cli benchmark rfc2889 caching "${ports[@]}" --max-addresses 1500 --learning-rate 20000 --json "$LAB_TMP/unlimited.json" >/dev/null || true
check "an unlimited bridge holds at least the largest trial's 1500 addresses" \
  "d['result']['complete'] and d['result']['at_least'] and d['result']['capacity_addresses'] == 1500 and len(d['trials']) == 1" \
  "$LAB_TMP/unlimited.json"

# Learning rate: 500 new addresses per trial, up to 50 kfps (the rate as sent is the answer).
cli benchmark rfc2889 learning "${ports[@]}" --addresses 500 --min-rate 1000 --max-rate 50000 --json "$LAB_TMP/learning.json" \
  >"$LAB_TMP/learning.out" || true
cat "$LAB_TMP/learning.out"
check "the learning rate is measured: the fastest rate as sent at which every address was learned" \
  "d['result']['complete'] and d['result']['learning_rate_fps'] > 0 and d['result']['learning_rate_fps'] == max(t['learning_rate_fps'] for t in d['trials'] if t['passed'])" \
  "$LAB_TMP/learning.json"

# Bad input is refused with what to fix, before anything is sent.
if cli benchmark rfc2889 caching --learning va --test vb --monitor vc 2>"$LAB_TMP/err"; then echo "FAIL no --aging accepted"; exit 1; fi
expect_error "aging"
if cli benchmark rfc2889 caching --learning va --test va --monitor vc --aging 1 2>"$LAB_TMP/err"; then echo "FAIL one port twice accepted"; exit 1; fi
expect_error "three different ports"
}

traffic_tests() {
  # 10 Mbit/s ports: 14,880 frames a second each at 64 bytes, 59,520 over the mesh.
  for p in va vb vc vd; do cli configure "$p" --line-rate 10000000 >/dev/null; done
  cli benchmark rfc2889 meshed --ports va,vb,vc,vd --duration 2 --json "$LAB_TMP/meshed.json" >"$LAB_TMP/meshed.out" || true
  cat "$LAB_TMP/meshed.out"
  check "fully meshed at 100 %: 12 pairs, every frame delivered to its port and nowhere else" \
    "d['result']['complete'] and d['result']['throughput_load'] == 1 and len(d['trials'][0]['pairs']) == 12 and all(p['sent'] == p['received'] > 0 and p['elsewhere'] == 0 for p in d['trials'][0]['pairs'])" \
    "$LAB_TMP/meshed.json"
  # The bridge polices what leaves it on bd at 6,000 frames a second (the three pairs into vd
  # offer 14,880): only those pairs lose, and nftables drops what they lost.
  in_dut nft -f - <<'NFT'
table bridge police {
  chain forward { type filter hook forward priority 0; oifname "bd" limit rate over 6000/second burst 100 packets counter drop; }
}
NFT
  cli benchmark rfc2889 meshed --ports va,vb,vc,vd --duration 2 --resolution 5 --json "$LAB_TMP/policed.json" >"$LAB_TMP/policed.out" || true
  cat "$LAB_TMP/policed.out"
  dropped=$(in_dut nft list table bridge police | grep -o 'counter packets [0-9]*' | cut -d' ' -f3)
  check "at 100 % only the pairs into vd lose, and every frame lost is one nftables dropped ($dropped)" \
    "all((p['lost'] > 0) == (p['rx'] == 'vd') for p in d['trials'][0]['pairs']) and sum(t['lost'] for t in d['trials']) == $dropped" \
    "$LAB_TMP/policed.json"
  check "the throughput found is below the policer's share: 6,000 of 14,880 a port is 40 % (within the 5 % resolution)" \
    "d['result']['complete'] and 0.35 <= d['result']['throughput_load'] <= 0.41" "$LAB_TMP/policed.json"
  in_dut nft delete table bridge police

  # A bridge that learns only two addresses floods the frames to the other two ports' MACs:
  # they arrive where they belong and also elsewhere, and the trial fails saying so.
  fdb set br0 2 >/dev/null
  # Forget what it learned now rather than wait for ageing: a busy machine sweeps late (a CI-like
  # run with a CPU hog found all four still learned 7 s later, and nothing flooded).
  in_dut ip link set br0 type bridge fdb_flush
  [[ $(fdb get br0) == "0 2" ]] || { echo "FAIL br0 still holds learned addresses: $(fdb get br0) (learned, max)"; exit 1; }
  cli benchmark rfc2889 meshed --ports va,vb,vc,vd --load 10 --min-load 10 --duration 1 --json "$LAB_TMP/flooded.json" \
    >"$LAB_TMP/flooded.out" 2>&1 || true
  grep -q "at a port they were not for" "$LAB_TMP/flooded.out" && echo "ok   the CLI says so: $(grep -m1 'not for' "$LAB_TMP/flooded.out")" ||
    { echo "FAIL the CLI did not say the frames reached ports they were not for"; cat "$LAB_TMP/flooded.out"; exit 1; }
  check "with 2 addresses learned the other ports' frames are flooded: counted elsewhere, the trial fails" \
    "d['result']['throughput_load'] == 0 and d['trials'][0]['elsewhere'] > 0 and not d['trials'][0]['passed'] and d['trials'][0]['lost'] == 0" \
    "$LAB_TMP/flooded.json"
  fdb set br0 0 >/dev/null

  for p in bb bc bd; do in_dut cat "/sys/class/net/$p/statistics/tx_packets"; done >"$LAB_TMP/tx.before"
  cli benchmark rfc2889 broadcast --tx va --rx vb,vc,vd --load 50 --duration 2 --json "$LAB_TMP/broadcast.json" >"$LAB_TMP/broadcast.out" || true
  cat "$LAB_TMP/broadcast.out"
  check "broadcast at 50 %: counted on every other port, every frame" \
    "d['result']['complete'] and sorted(p['rx'] for p in d['trials'][0]['pairs']) == ['vb', 'vc', 'vd'] and all(p['sent'] == p['received'] == 14881 for p in d['trials'][0]['pairs'])" \
    "$LAB_TMP/broadcast.json"
  for p in bb bc bd; do in_dut cat "/sys/class/net/$p/statistics/tx_packets"; done >"$LAB_TMP/tx.after"
  python3 - "$LAB_TMP/tx.before" "$LAB_TMP/tx.after" <<'PY' || exit 1
import sys
sent = [int(b) - int(a) for a, b in zip(open(sys.argv[1]).read().split(), open(sys.argv[2]).read().split())]
ok = all(n >= 14881 for n in sent)
print(f"{'ok  ' if ok else 'FAIL'} the bridge's own counters: bb, bc, bd each sent {sent} frames (at least the 14881 broadcast)")
sys.exit(0 if ok else 1)
PY
}

# line_policer PORT: the bridge lets out of PORT at most a 10 Mbit/s line's 14,880 frames a second.
line_policer() {
  in_dut nft -f - <<NFT
table bridge line {
  chain forward { type filter hook forward priority 0; oifname "$1" limit rate over 14880/second burst 100 packets counter drop; }
}
NFT
}
line_dropped() { in_dut nft list table bridge line | grep -o 'counter packets [0-9]*' | cut -d' ' -f3; }

partial_tests() {
  for p in va vb vc vd; do cli configure "$p" --line-rate 10000000 >/dev/null; done
  cli benchmark rfc2889 one-to-many --tx va --rx vb,vc,vd --duration 2 --json "$LAB_TMP/one.json" >"$LAB_TMP/one.out" || true
  cat "$LAB_TMP/one.out"
  check "one-to-many at 100 %: va's line split over 3 pairs, every frame delivered" \
    "d['test'] == 'one_to_many' and d['result']['throughput_load'] == 1 and len(d['trials'][0]['pairs']) == 3 and all(p['tx'] == 'va' and 4900 <= p['sent'] == p['received'] for p in d['trials'][0]['pairs'])" \
    "$LAB_TMP/one.json"
  # va's way out at its line rate: three senders into it fit a third of the line each.
  line_policer ba
  cli benchmark rfc2889 many-to-one --tx vb,vc,vd --rx va --duration 2 --resolution 2 --json "$LAB_TMP/many.json" \
    --report "$LAB_TMP/many.html" >"$LAB_TMP/many.out" || true
  cat "$LAB_TMP/many.out"
  dropped=$(line_dropped)
  check "many-to-one: the throughput per sender is a third of va's line (within the 2 % resolution), every frame lost one nftables dropped ($dropped)" \
    "d['result']['complete'] and 0.31 <= d['result']['throughput_load'] <= 0.34 and sum(t['lost'] for t in d['trials']) == $dropped and all(p['rx'] == 'va' for p in d['trials'][0]['pairs'])" \
    "$LAB_TMP/many.json"
  in_dut nft delete table bridge line
  # vc's way out at its line rate, offered 150 % of it: a third cannot leave; vd's frames all do.
  line_policer bc
  cli benchmark rfc2889 congestion --ports va,vb,vc,vd --duration 2 --json "$LAB_TMP/congestion.json" \
    --report "$LAB_TMP/congestion.html" >"$LAB_TMP/congestion.out" || true
  cat "$LAB_TMP/congestion.out"
  dropped=$(line_dropped)
  check "congestion control: no head-of-line blocking (va -> vd lost nothing), no back pressure (vc lost about a third), lost == nftables' drops ($dropped)" \
    "d['result']['judged'] and d['result']['congested'] and not d['result']['head_of_line_blocking'] and not d['result']['back_pressure'] and 0.28 <= d['result']['congested_loss_ratio'] <= 0.34 and d['trials'][0]['lost'] == $dropped and d['trials'][0]['pairs'][1]['lost'] == 0" \
    "$LAB_TMP/congestion.json"
  in_dut nft delete table bridge line
  # The HTML reports: balanced; many-to-one's chart with a point per trial; congestion's verdicts.
  python3 - "$LAB_TMP/many.html" "$(json "$LAB_TMP/many.json" "len(d['trials'])")" "$LAB_TMP/congestion.html" <<'PY' || exit 1
import sys
from html.parser import HTMLParser
SVG_LEAVES = ("circle", "line", "path", "rect", "text", "polyline")
class Balance(HTMLParser):
    def __init__(self):
        super().__init__()
        self.stack, self.bad, self.points = [], [], 0
    def handle_starttag(self, tag, attrs):
        self.points += tag == "circle" and "point" in (dict(attrs).get("class") or "")
        if tag not in ("meta", "br", "hr", "img", "link") + SVG_LEAVES:
            self.stack.append(tag)
    def handle_endtag(self, tag):
        if tag not in SVG_LEAVES and (not self.stack or self.stack.pop() != tag):
            self.bad.append(tag)
def parse(path):
    p = Balance()
    html = open(path).read()
    p.feed(html)
    return p, html
many, _ = parse(sys.argv[1])
congestion, text = parse(sys.argv[3])
ok = not many.bad and not many.stack and many.points == int(sys.argv[2])
ok &= not congestion.bad and not congestion.stack and "head-of-line blocking: no" in text
print(f"{'ok  ' if ok else 'FAIL'} the reports: balanced, many-to-one's chart {many.points} points for {sys.argv[2]} trials, congestion's verdicts")
sys.exit(0 if ok else 1)
PY
}

# captured PCAP CLI-ARGS...: the CLI while tcpdump records what the bridge lets out towards vb (the
# oracle for what vb counts: its receiver takes the test frames before a capture there could).
captured() {
  local pcap=$1 capture
  shift
  ip netns exec "$DUT_NS" tcpdump -i bb -s 64 -w "$pcap" 2>/dev/null &
  capture=$!
  sleep 1
  cli "$@" || true
  sleep 0.5
  kill -INT "$capture"
  wait "$capture" || true
}
frames_of() { tshark -r "$1" -T fields -e frame.len 2>/dev/null | grep -cx "$2" || true; }

pressure_tests() {
  # vb a 10 Mbit/s line; va 2 % faster, so that it can offer vb 1.2 % more than its line carries.
  cli configure va --line-rate 10200000 >/dev/null
  cli configure vb --line-rate 10000000 >/dev/null
  local sweep=(--tx va --rx vb --min-load 50 --step 25 --duration 2)
  line_policer bb
  cli benchmark rfc2889 forward-pressure "${sweep[@]}" --json "$LAB_TMP/pressure.json" --report "$LAB_TMP/pressure.html" >"$LAB_TMP/pressure.out" || true
  cat "$LAB_TMP/pressure.out"
  check "forward pressure behind vb's line rate: 4 trials (50, 75, 100 %, then 88-bit gaps), none; MFR is the line rate within 1 %" \
    "d['test'] == 'forward_pressure' and d['result']['complete'] and len(d['trials']) == 4 and d['trials'][3]['load'] > 1.01 and d['result']['pressure_judged'] and not d['result']['forward_pressure'] and abs(d['result']['max_forwarding_fps'] / d['result']['line_fps'] - 1) < 0.01" \
    "$LAB_TMP/pressure.json"
  in_dut nft delete table bridge line
  cli benchmark rfc2889 forward-pressure "${sweep[@]}" --json "$LAB_TMP/pressure2.json" >"$LAB_TMP/pressure2.out" || true
  cat "$LAB_TMP/pressure2.out"
  check "forward pressure with nothing holding vb to its line rate: the frames sent 1.2 % over it come out as fast" \
    "d['result']['pressure_judged'] and d['result']['forward_pressure'] and d['result']['overload_forwarded_fps'] > 1.006 * d['result']['line_fps']" \
    "$LAB_TMP/pressure2.json"
  # Errored frames: va may send giants (its MTU raised); the bridge's ports keep 1500. KINDS: the
  # result and its kinds by name, for the checks' lambdas.
  local KINDS="(d['result'], {x['kind']: x for x in d['result']['kinds']})"
  in_lab ip link set va mtu 9000
  captured "$LAB_TMP/bb.pcap" benchmark rfc2889 errored-frames --tx va --rx vb --load 50 --duration 2 --json "$LAB_TMP/errored.json" >"$LAB_TMP/errored.out"
  cat "$LAB_TMP/errored.out"
  local runts giants
  runts=$(frames_of "$LAB_TMP/bb.pcap" 56)
  giants=$(frames_of "$LAB_TMP/bb.pcap" 1515)
  check "tshark on the bridge's way out: $runts runts of 56 bytes and $giants giants of 1515 (FCS not carried), as many as vb counted" \
    "(lambda r, k: k['undersize']['forwarded'] == $runts and k['oversize']['forwarded'] == $giants)$KINDS" "$LAB_TMP/errored.json"
  check "errored frames through a plain bridge: every valid frame, every 60-byte runt and 1519-byte giant forwarded; bad FCS not tested" \
    "(lambda r, k: r['judged'] and not r['passed'] and r['valid_all_forwarded'] and all(k[n]['sent'] > 0 and k[n]['forwarded'] == k[n]['sent'] for n in ('valid', 'undersize', 'oversize')) and k['bad_fcs']['not_tested'] != '')$KINDS" \
    "$LAB_TMP/errored.json"
  captured "$LAB_TMP/bb2.pcap" benchmark rfc2889 errored-frames --tx va --rx vb --load 50 --duration 2 --undersize 40 --oversize 1600 --json "$LAB_TMP/errored2.json" >"$LAB_TMP/errored2.out"
  cat "$LAB_TMP/errored2.out"
  giants=$(frames_of "$LAB_TMP/bb2.pcap" 1596)
  check "errored frames: 40-byte runts forwarded, 1600-byte giants stopped at the bridge's 1500-byte port (tshark saw $giants leave it)" \
    "(lambda r, k: r['judged'] and not r['undersize_filtered'] and r['oversize_filtered'] and k['undersize']['forwarded'] == k['undersize']['sent'] > 0 and k['oversize']['sent'] > 0 and $giants == 0)$KINDS" \
    "$LAB_TMP/errored2.json"
  # A filtering switch: frames whose payload is under 46 or over 1500 bytes go nowhere.
  in_dut nft -f - <<NFT
table bridge filtering {
  chain forward { type filter hook forward priority 0; meta length < 46 counter drop; meta length > 1500 counter drop; }
}
NFT
  cli benchmark rfc2889 errored-frames --tx va --rx vb --load 50 --duration 2 --json "$LAB_TMP/errored3.json" --report "$LAB_TMP/errored3.html" >"$LAB_TMP/errored3.out" || true
  cat "$LAB_TMP/errored3.out"
  dropped=$(in_dut nft list table bridge filtering | grep -o 'counter packets [0-9]*' | cut -d' ' -f3 | paste -sd+ | bc)
  check "errored frames through a filtering bridge: passed, runts and giants filtered, exactly what nftables dropped ($dropped)" \
    "(lambda r, k: r['passed'] and k['undersize']['sent'] + k['oversize']['sent'] == $dropped)$KINDS" \
    "$LAB_TMP/errored3.json"
  in_dut nft delete table bridge filtering
  in_lab ip link set va mtu 1500
  grep -q "Errored frames filtering (RFC 2889 5.9)" "$LAB_TMP/errored3.html" && grep -q "<svg" "$LAB_TMP/pressure.html" ||
    { echo "FAIL the errored frames and forward pressure reports"; exit 1; }
  echo "ok   the reports: errored frames by kind, forward pressure's chart"
}

part() { [[ -z ${PARTS:-} || $PARTS == "$1" ]]; }
part address && address_tests
part traffic && traffic_tests
part partial && partial_tests
part pressure && pressure_tests
exit 0
