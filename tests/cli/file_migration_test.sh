#!/usr/bin/env bash
# Files written by older versions load in this one and mean the same: the format-1 stream files
# in tests/data/files/stream-v1 came with the first release, and so did each .pcap next to them
# (`staccato-cli build FILE --count 16`, written by that release's build). This build must load
# every file and write the very same bytes. (imix.pcap was written again when a bug was fixed:
# the first release left the magic and stream id out of the signature of frames shorter than the
# stream's longest, so receivers never counted them.)
set -euo pipefail
cli=$1 data=$2/tests/data/files/stream-v1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
n=0
for f in "$data"/*.json; do
  name=$(basename "$f" .json)
  grep -q '"format_version": *1' "$f" || { echo "FAIL $name is not a format-1 file"; exit 1; }
  "$cli" build "$f" --count 16 --output "$tmp/$name.pcap" >/dev/null
  if ! cmp -s "$tmp/$name.pcap" "$data/$name.pcap"; then
    echo "FAIL $name: this build writes other packets than the release that wrote the file"
    diff <(tshark -r "$data/$name.pcap" -x 2>&1) <(tshark -r "$tmp/$name.pcap" -x 2>&1) | head -20
    exit 1
  fi
  echo "ok   $name: loads, same $(tshark -r "$tmp/$name.pcap" 2>/dev/null | wc -l) packets as the first release"
  n=$((n + 1))
done
((n >= 6)) || { echo "FAIL only $n old files found in $data"; exit 1; }
