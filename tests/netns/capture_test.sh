#!/usr/bin/env bash
# Captures on a veth pair (va -> vb), driven by staccato-cli, checked with tshark: a BPF filter
# keeps only what it matches; the fetched pcapng opens with the expected frame count; signature
# frames are in the capture while turbo receive counts them (stream rx == sent); what a port
# sends with turbo (AF_XDP) is in its tx capture; a 1 GB transmit
# into a 10 MB ring keeps the last 10 MB; rx vs tx; bad filters and bounds are refused; a port
# that goes away ends its capture with an error.
source "$(dirname "$0")/lab.sh"
lab_up
start_drone --max-capture-memory 64
fail() { echo "FAIL $*"; exit 1; }

# udp_file NAME COUNT PPS UDP_DST LENGTH SIGNATURE(0|1) [FASTEST]: one UDP stream to a foreign MAC.
udp_file() {
  python3 - "$LAB_TMP/$1.json" "$2" "$3" "$4" "$5" "$6" <<'PY'
import json, sys
out, count, pps, dport, length, sig = sys.argv[1:]
layers = [{"protocol": "eth", "fields": {"eth.dst": "02:00:00:00:00:99"}}, {"protocol": "ip"},
          {"protocol": "udp", "fields": {"udp.dstport": dport}}, {"protocol": "payload"}]
if sig == "1":
    layers.append({"protocol": "signature"})
rate = {"unit": "FASTEST"} if pps == "0" else {"unit": "PPS", "value": float(pps)}
json.dump({"format_version": 1, "streams": [{"id": 1, "name": out, "layers": layers, "frame_length": {"fixed": int(length)},
           "rate": rate, "control": {"mode": "PACKETS", "count": count}}]}, open(out, "w"))
PY
  echo "$LAB_TMP/$1.json"
}
frames() { tshark -r "$1" ${2:+-Y "$2"} 2>/dev/null | wc -l; }

# A filter keeps only what it matches (two streams, one after the other).
cli capture vb start --filter "udp dst port 2000" --limit-packets 10000
cli run "$(udp_file p1000 300 20000 1000 128 0)" --tx va --rx vb >/dev/null
cli run "$(udp_file p2000 200 20000 2000 128 0)" --tx va --rx vb >/dev/null
sleep 0.3
cli capture vb stop
cli capture vb fetch --output "$LAB_TMP/filter.pcapng" >/dev/null
n=$(frames "$LAB_TMP/filter.pcapng"); m=$(frames "$LAB_TMP/filter.pcapng" "udp.dstport == 2000")
[[ $n == 200 && $m == 200 ]] && echo "ok   filter: tshark reads 200 frames, all to udp port 2000" || fail "filter: $n frames, $m to port 2000 (want 200)"
[[ $(tshark -r "$LAB_TMP/filter.pcapng" -T fields -e frame.interface_name 2>/dev/null | sort -u) == vb ]] &&
  echo "ok   the pcapng names its interface vb" || fail "interface name"

# Direction: va's sent frames (its own capture) and what va received (nothing).
cli capture va start --direction tx --limit-packets 1000
cli capture vb start --direction tx --limit-packets 1000
cli run "$(udp_file dir 500 20000 3000 128 0)" --tx va --rx vb >/dev/null
sleep 0.3
cli capture va stop; cli capture vb stop
cli capture va fetch --output "$LAB_TMP/va_tx.pcapng" >/dev/null
cli capture vb fetch --output "$LAB_TMP/vb_tx.pcapng" >/dev/null
n=$(frames "$LAB_TMP/va_tx.pcapng" "udp.dstport == 3000 && frame.packet_flags_direction == 2"); o=$(frames "$LAB_TMP/vb_tx.pcapng")
[[ $n == 500 && $o == 0 ]] && echo "ok   direction tx: va holds its 500 sent frames, marked outbound; vb sent nothing" ||
  fail "direction tx: va $n of 500 outbound, vb $o (want 0)"
cli capture va start --direction rx --limit-packets 1000
cli run "$(udp_file dir2 100 20000 3000 128 0)" --tx va --rx vb >/dev/null
sleep 0.3
cli capture va stop
cli capture va fetch --output "$LAB_TMP/va_rx.pcapng" >/dev/null
[[ $(frames "$LAB_TMP/va_rx.pcapng") == 0 ]] && echo "ok   direction rx: va received nothing, holds nothing" || fail "va rx holds frames"

# Signature frames while turbo receive counts them.
if cli configure vb --rx-backend turbo >/dev/null && [[ $(cli ports --json | python3 -c "import json,sys; print([p['rx_backend'] for p in json.load(sys.stdin)['ports'] if p['name'] == 'vb'][0])") == turbo* ]]; then
  cli capture vb start --filter udp --limit-packets 30000
  cli run "$(udp_file tracked 20000 50000 4000 128 1)" --tx va --rx vb --json >"$LAB_TMP/tracked.out.json"
  sleep 0.3
  cli capture vb stop
  cli capture vb fetch --output "$LAB_TMP/turbo.pcapng" >/dev/null
  rx=$(json "$LAB_TMP/tracked.out.json" "d['streams'][0]['rx_packets']")
  n=$(frames "$LAB_TMP/turbo.pcapng"); c=$(frames "$LAB_TMP/turbo.pcapng" 'frame.comment contains "turbo receive"')
  [[ $rx == 20000 && $n == 20000 && $c == 20000 ]] &&
    echo "ok   turbo receive counted 20000 of 20000 and the capture holds all 20000, marked as counted by it" ||
    fail "turbo: stream rx $rx, captured $n, marked $c (want 20000 each)"
  cli configure vb --rx-backend pcap >/dev/null
else
  echo "SKIP turbo receive part: vb cannot receive with turbo here"
fi

# Frames va sends with turbo (AF_XDP passes no kernel tap): its transmit workers hand them over.
if cli configure va --backend turbo >/dev/null; then
  cli capture va start --direction tx --filter "udp dst port 4500" --limit-packets 10000
  cli run "$(udp_file turbo_tx 5000 50000 4500 128 0)" --tx va --rx vb --json >"$LAB_TMP/turbo_tx.out.json"
  sleep 0.3
  cli capture va stop
  cli capture va fetch --output "$LAB_TMP/turbo_tx.pcapng" >/dev/null
  backend=$(cli ports --json | python3 -c "import json,sys; print([p['backend'] for p in json.load(sys.stdin)['ports'] if p['name'] == 'va'][0])")
  n=$(frames "$LAB_TMP/turbo_tx.pcapng" "udp.dstport == 4500 && frame.packet_flags_direction == 2 && frame.len == 124")
  [[ $backend == turbo* && $n == 5000 ]] && echo "ok   va sent 5000 with $backend and its tx capture holds all 5000, outbound" ||
    fail "turbo tx capture: backend $backend, $n of 5000 captured"
  cli configure va --backend pcap >/dev/null
else
  echo "SKIP turbo transmit part: va cannot send with turbo here"
fi

# A 1 GB transmit into a 10 MB ring keeps the last 10 MB.
count=660000  # x 1514 bytes = 1.0 GB
cli capture vb start --ring-mb 10 --filter udp
cli run "$(udp_file ring $count 150000 5000 1518 1)" --tx va --rx vb --json >"$LAB_TMP/ring.out.json"
sleep 0.3
cli capture vb status --json >"$LAB_TMP/ring.status.json"
cli capture vb stop
cli capture vb fetch --output "$LAB_TMP/ring.pcapng" >/dev/null
tshark -r "$LAB_TMP/ring.pcapng" -T fields -e frame.len -e data.data 2>/dev/null >"$LAB_TMP/ring.txt" || true
python3 - "$LAB_TMP/ring.txt" "$LAB_TMP/ring.status.json" "$count" <<'PY' || exit 1
import json, sys
rows = [l.rstrip("\n").split("\t") for l in open(sys.argv[1]) if l.strip()]
st = json.load(open(sys.argv[2]))["captures"][0]
count = int(sys.argv[3])
seqs = [int(r[1][-24:-16], 16) for r in rows]  # the signature's sequence number (16-byte trailer)
held = sum(int(r[0]) for r in rows)
ok = True
def expect(what, cond):
    global ok
    print(("ok   " if cond else "FAIL ") + what)
    ok &= bool(cond)
print(f"info ring: {len(rows)} frames, {held / 1e6:.2f} MB held of {st['seen']} seen; {st['ring_wraps']} wraps, "
      f"{st['ring_dropped']} oldest dropped, kernel dropped {st['kernel_dropped']}; sequence {min(seqs)}..{max(seqs)}")
expect("the ring holds about the last 10 MB (9.5..10.5 MB of frames)", 9.5e6 <= held <= 10.5e6)
expect("the last frame sent is there", max(seqs) == count - 1)
expect("the first ones are gone", min(seqs) > count - 1.1 * len(rows) - st["kernel_dropped"])
expect("in order, oldest first", seqs == sorted(seqs))
expect("it went round the ring", st["ring_wraps"] >= 50 and st["packets"] + st["ring_dropped"] == st["seen"])
sys.exit(0 if ok else 1)
PY

# Bad filters and bounds are refused, naming what is wrong.
if cli capture vb start --filter "udp port banana" 2>"$LAB_TMP/err"; then fail "bad filter accepted"; fi
expect_error "filter: .*banana"
if cli capture vb start --ring-mb 0 2>"$LAB_TMP/err"; then fail "ring of 0 accepted"; fi
expect_error "--ring-mb: '0' is not a number in 1..1048576"
if cli capture vb start --limit-packets 5 --limit-bytes 5 2>"$LAB_TMP/err"; then fail "two bounds accepted"; fi
expect_error "give one bound"
if cli capture vb start --ring-mb 65 2>"$LAB_TMP/err"; then fail "a ring larger than the capture memory accepted"; fi
expect_error "capture memory (64 MiB)"
if cli capture vb fetch --output "$LAB_TMP/x.pcap" 2>"$LAB_TMP/err"; then fail ".pcap output accepted"; fi
expect_error "name the file .pcapng"

# The port goes away: the capture ends with an error and keeps what it held.
cli capture vb start --limit-packets 1000
cli run "$(udp_file gone 100 20000 6000 128 0)" --tx va --rx vb >/dev/null
sleep 0.3
in_lab ip link del va
sleep 2
cli capture vb status --json >"$LAB_TMP/gone.json"
check "the capture of vanished vb failed, saying why" "d['captures'][0]['state'] == 'FAILED' and d['captures'][0]['error'] != ''" "$LAB_TMP/gone.json"
echo "info $(json "$LAB_TMP/gone.json" "d['captures'][0]['error']")"
cli capture vb fetch --output "$LAB_TMP/gone.pcapng" >/dev/null
[[ $(frames "$LAB_TMP/gone.pcapng") == 100 ]] && echo "ok   what it held is still fetched" || fail "vanished capture lost its frames"
stop_drone
