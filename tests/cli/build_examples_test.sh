#!/usr/bin/env bash
# staccato-cli build on every example stream file: the pcap has N packets per enabled stream,
# tshark decodes them with good checksums and no warnings, scapy agrees with every length and
# checksum; bad input exits non-zero with a message naming the path.
set -euo pipefail
cli=$1; src=$2
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
prefs=(-o ip.check_checksum:TRUE -o udp.check_checksum:TRUE -o tcp.check_checksum:TRUE -o sctp.checksum:CRC-32C)
for f in "$src"/docs/examples/*.json; do
  out="$tmp/$(basename "$f" .json).pcap"
  "$cli" build "$f" --count 50 --output "$out" 2>/dev/null
  streams=$(grep -c '"id"' "$f")
  got=$(tshark -r "$out" 2>/dev/null | wc -l)
  [[ $got -eq $((50 * streams)) ]] || { echo "FAIL $f: $got packets, expected $((50 * streams))"; exit 1; }
  bad=$(tshark -n -r "$out" "${prefs[@]}" -Y '_ws.expert.severity >= 6291456 || _ws.malformed' 2>/dev/null | wc -l)
  [[ $bad -eq 0 ]] || { echo "FAIL $f: $bad packets with warnings"; tshark -n -r "$out" "${prefs[@]}" -Y '_ws.expert.severity >= 6291456' -T fields -e _ws.expert.message | head; exit 1; }
  echo "ok $f ($got packets)"
done
# Second oracle: scapy recomputes every length and checksum and must agree...
/usr/bin/python3 "$src/tests/oracle/scapy_check.py" "$tmp"/*.pcap
# ...and must notice a deliberately wrong checksum.
echo '{"format_version":1,"streams":[{"id":1,"layers":[{"protocol":"eth"},{"protocol":"ip"},{"protocol":"udp","fields":{"udp.checksum":"0x1234"}},{"protocol":"payload"}]}]}' > "$tmp/wrong.json"
"$cli" build "$tmp/wrong.json" --count 1 --output "$tmp/wrong.pcap.x" 2>/dev/null
if /usr/bin/python3 "$src/tests/oracle/scapy_check.py" "$tmp/wrong.pcap.x" >/dev/null; then echo "FAIL: scapy missed a wrong checksum"; exit 1; fi
# Errors: exit code 1 and a message naming the path.
echo '{"format_version":1,"streams":[{"id":1,"layers":[{"protocol":"eth"},{"protocol":"ip","fields":{"ip.ttl":"999"}}]}]}' > "$tmp/bad.json"
if "$cli" build "$tmp/bad.json" --count 1 --output "$tmp/x.pcap" 2> "$tmp/err"; then echo "FAIL: bad file accepted"; exit 1; fi
grep -q 'streams\[0\].layers\[1\].ip.ttl: 999 exceeds 8 bits (allowed 0..255)' "$tmp/err" || { echo "FAIL: message was: $(cat "$tmp/err")"; exit 1; }
if "$cli" build "$src/docs/examples/udp-64.json" --count 0 --output "$tmp/x.pcap" 2>/dev/null; then echo "FAIL: --count 0 accepted"; exit 1; fi
