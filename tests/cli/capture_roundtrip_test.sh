#!/usr/bin/env bash
# staccato-cli import/export on third-party captures (scapy, text2pcap, editcap, mergecap):
# import -> export gives byte-identical frames (scapy reads both), and for a replay the same
# relative times too; --recompute-checksums keeps checksums good after an edit (tshark checks)
# where exact import keeps them as captured; build writes pcapng by extension; bad captures
# fail with a message saying where.
set -euo pipefail
cli=$1; src=$2
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
same() { /usr/bin/python3 "$src/tests/oracle/same_frames.py" "$@" 2>/dev/null; }
/usr/bin/python3 "$src/tests/oracle/make_captures.py" "$tmp" > "$tmp/list"
n=0
while read -r cap; do
  for ext in pcap pcapng; do
    "$cli" import "$tmp/$cap" --output "$tmp/$cap.json" 2> "$tmp/err" || { cat "$tmp/err"; exit 1; }
    if grep -q warning "$tmp/err"; then echo "FAIL $cap: $(cat "$tmp/err")"; exit 1; fi
    "$cli" export "$tmp/$cap.json" --output "$tmp/$cap.out.$ext" 2>/dev/null
    same "$tmp/$cap" "$tmp/$cap.out.$ext" || { echo "FAIL $cap -> $ext: frames differ"; exit 1; }
    n=$((n + 1))
  done
  echo "ok $cap: import -> export (pcap, pcapng) identical"
done < "$tmp/list"
[[ $n -ge 16 ]] || { echo "FAIL: only $n round trips"; exit 1; }
# Replay: import --replay -> export gives the same frames at the same relative times; --speed
# divides the times; --pps spaces them evenly.
while read -r cap; do
  "$cli" import "$tmp/$cap" --replay --output "$tmp/$cap.replay.json" 2>/dev/null
  "$cli" export "$tmp/$cap.replay.json" --output "$tmp/$cap.replay.pcapng" 2>/dev/null
  same "$tmp/$cap" "$tmp/$cap.replay.pcapng" --times || { echo "FAIL $cap: replay frames or times differ"; exit 1; }
done < "$tmp/list"
echo "ok replay: import -> export identical frames and times for every capture"
"$cli" import "$tmp/scapy_ns.pcap" --replay --speed 4 --output "$tmp/fast.json" 2>/dev/null
"$cli" export "$tmp/fast.json" --output "$tmp/fast.pcap" 2>/dev/null
last=$(tshark -r "$tmp/scapy_ns.pcap" -Y 'frame.number == 13' -T fields -e frame.time_relative 2>/dev/null)
fast=$(tshark -r "$tmp/fast.pcap" -Y 'frame.number == 13' -T fields -e frame.time_relative 2>/dev/null)
awk -v a="$last" -v b="$fast" 'BEGIN { exit !(a > 0 && (a / 4 - b) ^ 2 < 1e-18) }' ||
  { echo "FAIL --speed 4: frame 13 at $fast s, recorded at $last s"; exit 1; }
"$cli" import "$tmp/scapy_ns.pcap" --replay --pps 1000 --output "$tmp/even.json" 2>/dev/null
"$cli" export "$tmp/even.json" --output "$tmp/even.pcap" 2>/dev/null
even=$(tshark -r "$tmp/even.pcap" -Y 'frame.number == 13' -T fields -e frame.time_relative 2>/dev/null)
[[ $even == 0.012000000 ]] || { echo "FAIL --pps 1000: frame 13 at $even s"; exit 1; }
echo "ok replay --speed 4 (frame 13 at $fast s, recorded $last s) and --pps 1000"
if same "$tmp/scapy_ns.pcap" "$tmp/fast.pcap" --times >/dev/null; then echo "FAIL: changed times went unnoticed"; exit 1; fi

# The comparison can fail: a frame changed by one bit is noticed.
"$cli" import "$tmp/scapy_ns.pcap" --output "$tmp/edit.json" 2>/dev/null
sed -i 's/"ip.ttl": "17"/"ip.ttl": "16"/' "$tmp/edit.json"
"$cli" export "$tmp/edit.json" --output "$tmp/edit.pcap" 2>/dev/null
if same "$tmp/scapy_ns.pcap" "$tmp/edit.pcap" >/dev/null; then echo "FAIL: an edited TTL went unnoticed"; exit 1; fi

# --recompute-checksums: edit every TTL and hop limit, export: tshark finds no bad checksum
# (the capture's deliberately wrong one included); exact import keeps the old ones (7 IPv4 packets).
prefs=(-o ip.check_checksum:TRUE -o udp.check_checksum:TRUE -o tcp.check_checksum:TRUE -o sctp.checksum:CRC-32C)
bad='ip.checksum.status == "Bad" || udp.checksum.status == "Bad" || tcp.checksum.status == "Bad" || icmp.checksum.status == "Bad" || icmpv6.checksum.status == "Bad" || sctp.checksum.status == "Bad"'
for mode in recompute exact; do
  flag=(); [[ $mode == recompute ]] && flag=(--recompute-checksums)
  "$cli" import "$tmp/scapy_ns.pcap" --output "$tmp/$mode.json" "${flag[@]}" 2>/dev/null
  sed -i -E 's/"(ip.ttl|ipv6.hlim)": "[0-9]+"/"\1": "33"/' "$tmp/$mode.json"
  "$cli" export "$tmp/$mode.json" --output "$tmp/$mode.pcapng" 2>/dev/null
  ttls=$(tshark -n -r "$tmp/$mode.pcapng" -Y 'ip.ttl == 33 || ipv6.hlim == 33' 2>/dev/null | wc -l)
  [[ $ttls -ge 9 ]] || { echo "FAIL $mode: edit not applied ($ttls packets with TTL 33)"; exit 1; }
  bads=$(tshark -n -r "$tmp/$mode.pcapng" "${prefs[@]}" -Y "$bad" 2>/dev/null | wc -l)
  if [[ $mode == recompute && $bads -ne 0 ]]; then echo "FAIL: $bads bad checksums after recompute"; exit 1; fi
  if [[ $mode == exact && $bads -lt 7 ]]; then echo "FAIL: exact import recomputed checksums ($bads bad)"; exit 1; fi
  echo "ok --recompute-checksums: $mode import after a TTL edit has $bads bad checksums"
done

# build writes pcapng for a .pcapng name, pcap otherwise.
"$cli" build "$src/docs/examples/udp-64.json" --count 3 --output "$tmp/b.pcapng" 2>/dev/null
"$cli" build "$src/docs/examples/udp-64.json" --count 3 --output "$tmp/b.pcap" 2>/dev/null
[[ $(head -c4 "$tmp/b.pcapng" | od -An -tx1 | tr -d ' ') == 0a0d0d0a ]] || { echo "FAIL: build did not write pcapng"; exit 1; }
[[ $(head -c4 "$tmp/b.pcap" | od -An -tx1 | tr -d ' ') == 4d3cb2a1 ]] || { echo "FAIL: build did not write pcap"; exit 1; }
same "$tmp/b.pcap" "$tmp/b.pcapng" --times || { echo "FAIL: build's pcap and pcapng differ"; exit 1; }
echo "ok build by extension"

# Errors: exit code 1 and a message saying what and where.
expect_error() {  # expect_error PATTERN CMD...
  local pattern=$1; shift
  if "$@" 2> "$tmp/err"; then echo "FAIL: accepted: $*"; exit 1; fi
  grep -q -- "$pattern" "$tmp/err" || { echo "FAIL: '$*' said: $(cat "$tmp/err")"; exit 1; }
}
head -c 100 "$tmp/scapy.pcapng" > "$tmp/cut.pcapng"
expect_error "cut.pcapng, pcapng block at byte [0-9]*: .*file cut short" "$cli" import "$tmp/cut.pcapng" --output "$tmp/x.json"
printf 'hello world, not a capture' > "$tmp/text.pcap"
expect_error "text.pcap: not a pcap or pcapng file" "$cli" import "$tmp/text.pcap" --output "$tmp/x.json"
expect_error "need --replay" "$cli" import "$tmp/scapy.pcapng" --pps 10 --output "$tmp/x.json"
expect_error "usage: staccato-cli export" "$cli" export --output "$tmp/x.pcap"
echo '{"format_version":1,"streams":[{"id":1,"layers":[{"protocol":"eth"}],"control":{"mode":"CONTINUOUS"}}]}' > "$tmp/cont.json"
expect_error "streams\[0\].control.mode: the stream is continuous: give a packet count" "$cli" export "$tmp/cont.json" --output "$tmp/x.pcap"
"$cli" export "$tmp/cont.json" --count 5 --output "$tmp/cont.pcap" 2>/dev/null
[[ $(tshark -r "$tmp/cont.pcap" 2>/dev/null | wc -l) -eq 5 ]] || { echo "FAIL: --count 5"; exit 1; }
echo "ok errors"
