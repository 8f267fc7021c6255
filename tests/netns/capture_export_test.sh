#!/usr/bin/env bash
# Export from a drone port: a third-party capture imported per packet and as a replay, loaded
# on va, and exported back with `export --port va` gives the captured frames byte for byte
# (and the replay the recorded times).
source "$(dirname "$0")/lab.sh"
src=$(cd "$(dirname "$0")/../.." && pwd)
same() { /usr/bin/python3 "$src/tests/oracle/same_frames.py" "$@" 2>/dev/null; }
lab_up
start_drone
/usr/bin/python3 "$src/tests/oracle/make_captures.py" "$LAB_TMP" >/dev/null
cap=$LAB_TMP/mergecap.pcapng
for mode in packets replay; do
  flag=(); [[ $mode == replay ]] && flag=(--replay)
  "$CLI" import "$cap" "${flag[@]}" --output "$LAB_TMP/$mode.json" 2>/dev/null
  cli load "$LAB_TMP/$mode.json" --port va
  cli export --port va --output "$LAB_TMP/$mode.pcapng" 2>/dev/null
  times=(); [[ $mode == replay ]] && times=(--times)
  same "$cap" "$LAB_TMP/$mode.pcapng" "${times[@]}" || { echo "FAIL $mode: exported frames differ from the capture"; exit 1; }
  echo "ok   $mode: export --port va gives the captured frames ${times[*]}"
done
if cli export --port nosuch --output "$LAB_TMP/x.pcap" 2>"$LAB_TMP/err"; then echo "FAIL unknown port accepted"; exit 1; fi
grep -q nosuch "$LAB_TMP/err" || { echo "FAIL message was: $(cat "$LAB_TMP/err")"; exit 1; }
echo "ok   unknown port: $(cat "$LAB_TMP/err")"
