#!/usr/bin/env bash
# staccato-cli build on a replay stream: the pcap holds the recorded frames byte for byte, in
# order and wrapping round, each at its recorded time / speed (checked with scapy); a bad
# replay exits non-zero with a message naming the path.
set -euo pipefail
cli=$1; src=$2
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
check=(/usr/bin/python3 "$src/tests/oracle/replay_frames.py")
"${check[@]}" make "$tmp/replay.json" 2000 2
"$cli" build "$tmp/replay.json" --count 2500 --output "$tmp/replay.pcap" 2>/dev/null
"${check[@]}" check "$tmp/replay.json" "$tmp/replay.pcap" --count 2500 --exact-times
# tshark agrees on the timing: the recording's last frame (2000th) at 999.2 ms / 2.
last=$(tshark -r "$tmp/replay.pcap" -Y 'frame.number == 2000' -T fields -e frame.time_relative 2>/dev/null)
[[ $last == 0.499600000 ]] || { echo "FAIL tshark: frame 2000 at $last s, expected 0.499600000"; exit 1; }
echo "ok   tshark: frame 2000 at $last s"
# A frame shorter than an Ethernet header (AAAA = 3 bytes).
echo '{"format_version":1,"streams":[{"id":1,"replay":{"frames":["AAAAAAAAAAAAAAAAAAAA","AAAA"]}}]}' >"$tmp/bad.json"
if "$cli" build "$tmp/bad.json" --count 1 --output "$tmp/x.pcap" 2>"$tmp/err"; then echo "FAIL bad replay accepted"; exit 1; fi
grep -q 'streams\[0\].replay.frames\[1\]: 3 bytes is shorter than an Ethernet header (14)' "$tmp/err" ||
  { echo "FAIL message was: $(cat "$tmp/err")"; exit 1; }
echo "ok   refused: $(cat "$tmp/err")"
