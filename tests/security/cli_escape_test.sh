#!/usr/bin/env bash
# Terminal escape injection: text from files (and drones) reaches the terminal as text. A stream
# file naming a protocol "\u001b]0;owned\u0007\u001b[2J" used to retitle the window and clear the
# screen when staccato-cli printed the error; now the control characters arrive as \xNN.
set -euo pipefail
cli=$1
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
cat >"$tmp/evil.json" <<'JSON'
{"format_version": 1, "streams": [{"id": 1, "layers": [{"protocol": "\u001b]0;owned\u0007\u001b[2J\u009b31m"}]}]}
JSON
if "$cli" build "$tmp/evil.json" --count 1 --output "$tmp/x.pcap" 2>"$tmp/err"; then echo "FAIL evil file accepted"; exit 1; fi
if LC_ALL=C grep -q $'[\x01-\x08\x0b-\x1f\x7f]' "$tmp/err"; then
  echo "FAIL raw control characters reached stderr:"; od -c "$tmp/err" | head; exit 1
fi
if LC_ALL=C grep -q $'\xc2[\x80-\x9f]' "$tmp/err"; then echo "FAIL a raw C1 control reached stderr"; od -c "$tmp/err" | head; exit 1; fi
grep -qF '\x1b]0;owned\x07\x1b[2J\xc2\x9b31m' "$tmp/err" || { echo "FAIL not shown escaped: $(cat "$tmp/err")"; exit 1; }
echo "ok   control characters shown as \\xNN: $(head -c 160 "$tmp/err")"
