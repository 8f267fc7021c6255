#!/usr/bin/env bash
# A real Linux router as the device under test (issue 16): port A emulates 100 hosts behind the
# router, port B one host; streams send as the hosts (eth.src "device") to the resolved gateway
# (eth.dst "resolve"), IPv4 and IPv6; every packet crosses the router; the router knows our
# hosts and they answer its pings; a gateway that does not answer refuses the start.
# BACKEND=pcap|turbo and RX_BACKEND=pcap|turbo choose the ports' engines (turbo: the responder
# still hears ARP and ND, which turbo's XDP program passes to the kernel).
source "$(dirname "$0")/router_lab.sh"
router_up
start_drone
COUNT=${COUNT:-20000}

cli devices va add --count 100 --mac 02:00:00:00:0a:0a --ip 10.0.0.10/24 --gateway 10.0.0.1 \
  --ipv6 2001:db8:0::10/64 --gateway6 2001:db8:0::1 >/dev/null
cli devices vb add --count 1 --mac 02:00:00:00:0b:0a --ip 10.0.1.10/24 --gateway 10.0.1.1 \
  --ipv6 2001:db8:1::10/64 --gateway6 2001:db8:1::1 >/dev/null
cli devices va list | grep -q '10.0.0.10/24' || { echo "FAIL devices list"; cli devices va list; exit 1; }
echo "ok   device groups configured"

# Learning: resolving va's neighbours makes every host ask for its own gateway, so the router
# knows all 100 (IPv4 and IPv6) before any frame is sent or any ping asks for them.
cli neighbors va --resolve >/dev/null
learnt4=$(in_dut ip -4 neigh show dev da | grep -c '^10\.0\.0\.' || true)
learnt6=$(in_dut ip -6 neigh show dev da | grep -c '^2001:db8::' || true)
((learnt4 == 100 && learnt6 == 100)) || {
  echo "FAIL after neighbors --resolve the router knows $learnt4 IPv4 and $learnt6 IPv6 hosts of 100 each"
  in_dut ip neigh show dev da; exit 1; }
echo "ok   neighbors --resolve: the router learnt all 100 hosts (IPv4 and IPv6) before any frame"

# The router resolves and reaches our hosts (and learns them): every one answers its ping.
pings=()
for i in $(seq 10 109); do in_dut ping -c 1 -W 2 -q "10.0.0.$i" >/dev/null & pings+=($!); done
for p in "${pings[@]}"; do wait "$p" || { echo "FAIL a host of 10.0.0.10-109 did not answer the router's ping"; exit 1; }; done
in_dut ping -c 2 -W 2 -q 10.0.0.42 >/dev/null || { echo "FAIL ping 10.0.0.42"; exit 1; }
in_dut ping -c 2 -W 2 -q 2001:db8:0::42 >/dev/null || { echo "FAIL ping 2001:db8::42"; exit 1; }
in_dut ping -c 1 -W 2 -q 10.0.1.10 >/dev/null || { echo "FAIL ping 10.0.1.10"; exit 1; }
in_dut ping -c 1 -W 2 -q 2001:db8:1::10 >/dev/null || { echo "FAIL ping 2001:db8:1::10"; exit 1; }
echo "ok   the router's pings to 10.0.0.42, 2001:db8::42, 10.0.1.10, 2001:db8:1::10 are answered"
known=$(in_dut ip -4 neigh show dev da | grep -cE '^10\.0\.0\.([1-9][0-9]|10[0-9]) .*(REACHABLE|STALE|DELAY)' || true)
((known == 100)) || { echo "FAIL the router knows $known of 100 hosts"; in_dut ip neigh show dev da; exit 1; }
echo "ok   ip neigh on the router: all 100 emulated hosts REACHABLE or STALE"

cat >"$LAB_TMP/routed.json" <<JSON
{"format_version": 1, "streams": [
 {"id": 1, "name": "v4 via the router",
  "layers": [{"protocol": "eth", "fields": {"eth.src": "device", "eth.dst": "resolve"}},
             {"protocol": "ip", "fields": {"ip.src": "10.0.0.10", "ip.dst": "10.0.1.10", "ip.ttl": "64"}},
             {"protocol": "udp"}, {"protocol": "payload"}, {"protocol": "signature"}],
  "variable_fields": [{"field": "ip.src", "count": "100"}],
  "frame_length": {"fixed": 128}, "rate": {"unit": "PPS", "value": 20000},
  "control": {"mode": "PACKETS", "count": "$COUNT"}},
 {"id": 2, "name": "v6 via the router",
  "layers": [{"protocol": "eth", "fields": {"eth.src": "device", "eth.dst": "resolve"}},
             {"protocol": "ipv6", "fields": {"ipv6.src": "2001:db8::10", "ipv6.dst": "2001:db8:1::10", "ipv6.hlim": "64"}},
             {"protocol": "udp"}, {"protocol": "payload"}, {"protocol": "signature"}],
  "variable_fields": [{"field": "ipv6.src", "count": "100"}],
  "frame_length": {"fixed": 128}, "rate": {"unit": "PPS", "value": 20000},
  "control": {"mode": "PACKETS", "count": "$COUNT"}}]}
JSON
cli configure va --mode interleaved >/dev/null
capture=0
[[ ${RX_BACKEND:-auto} == pcap ]] && capture=1  # turbo receive takes signature frames from captures
((capture)) && capture_start "$LAB_TMP/b.pcap"
cli run "$LAB_TMP/routed.json" --tx va --rx vb --json >"$LAB_TMP/out.json"
((capture)) && capture_stop "$LAB_TMP/b.pcap"
check "both streams: tx == rx == $COUNT, lost 0" \
  "sorted((s['stream_id'], s['tx_packets'], s['rx_packets'], s['lost']) for s in d['streams'] if s['rx_port'] == 'vb') == [(1, $COUNT, $COUNT, 0), (2, $COUNT, $COUNT, 0)]" \
  "$LAB_TMP/out.json"
cli neighbors va --json >"$LAB_TMP/neigh.json"
gateway_mac=$(mac_of "$DUT_NS" da)
check "va knows its gateways at the router's MAC $gateway_mac (REACHABLE or STALE)" \
  "sorted((n['ip'], n['mac'], n['state'] in ('REACHABLE', 'STALE')) for n in d['neighbors'] if n['ip'] in ('10.0.0.1', '2001:db8::1')) == [('10.0.0.1', '$gateway_mac', True), ('2001:db8::1', '$gateway_mac', True)]" \
  "$LAB_TMP/neigh.json"
router_mac=$(mac_of "$DUT_NS" db)
if ((capture)); then
  tshark -r "$LAB_TMP/b.pcap" -T fields -e eth.src -e ip.ttl -e ipv6.hlim -e ip.src -e ipv6.src >"$LAB_TMP/b.txt" 2>/dev/null
  python3 - "$LAB_TMP/b.txt" "$router_mac" "$COUNT" <<'PY' || exit 1
import sys
rows = [l.rstrip('\n').split('\t') for l in open(sys.argv[1]) if l.strip()]
mac, count = sys.argv[2], int(sys.argv[3])
v4 = [r for r in rows if r[1]]
v6 = [r for r in rows if r[2]]
assert len(v4) == count and len(v6) == count, f"captured {len(v4)} IPv4 and {len(v6)} IPv6 frames, want {count} each"
assert all(r[0] == mac for r in rows), f"a frame not from the router's MAC {mac}: {set(r[0] for r in rows)}"
assert all(r[1] == '63' for r in v4), f"IPv4 TTL not 63: {set(r[1] for r in v4)}"
assert all(r[2] == '63' for r in v6), f"IPv6 hop limit not 63: {set(r[2] for r in v6)}"
assert len(set(r[3] for r in v4)) == 100 and len(set(r[4] for r in v6)) == 100, "not every host sent"
print(f"ok   capture on B: {count} + {count} frames from the router's MAC {mac}, ttl/hlim 63 (sent 64), 100 sources each")
PY
fi

# A gateway that does not answer: the start is refused, naming the gateway and the port.
cli devices va clear >/dev/null
cli devices va add --count 100 --mac 02:00:00:00:0a:0a --ip 10.0.0.10/24 --gateway 10.0.0.254 \
  --ipv6 2001:db8:0::10/64 --gateway6 2001:db8:0::1 >/dev/null
if cli start va 2>"$LAB_TMP/err"; then echo "FAIL a start without a resolvable gateway"; exit 1; fi
expect_error "gateway 10.0.0.254 of 10.0.0.10 did not answer on port va"
echo "drone alive: $(cli ports | wc -l) lines"
