#!/usr/bin/env bash
# staccato-cli benchmark end to end without root, on a fake-lab drone (simulated ports fake0 <->
# fake1 that lose nothing): every report is written and well-formed, no counted trial lost a
# frame (NDR at line rate, or tester-limited), the progress line names each trial on stderr (and --quiet silences it), and the
# exit codes say what went wrong (2: the options, 1: the drone or the ports); Ctrl-C names the ports
# it stopped and the reports that cover the trials until then.
set -euo pipefail
DRONE=${DRONE:?set DRONE to the staccato-drone binary}
CLI=${CLI:?set CLI to the staccato-cli binary}
TMP=$(mktemp -d)
DRONE_PID=
cleanup() {
  if [[ -n $DRONE_PID ]]; then kill "$DRONE_PID" 2>/dev/null || true; wait "$DRONE_PID" 2>/dev/null || true; fi
  rm -rf "$TMP"
}
trap cleanup EXIT
export STACCATO_DRONE=unix:$TMP/d.sock
"$DRONE" --fake-lab --listen "$STACCATO_DRONE" >"$TMP/drone.log" 2>&1 &
DRONE_PID=$!
for _ in $(seq 100); do "$CLI" ports >/dev/null 2>&1 && break; sleep 0.1; done
fail() { echo "FAIL $*"; exit 1; }
json() { python3 -c "import json,sys; d=json.load(open('$1')); print($2)"; }

"$CLI" benchmark rfc2544 --tx fake0 --rx fake1 --sizes 1518 --tests throughput,loss --loss 0,0.5 --preset quick \
  --duration 1 --report "$TMP/r.html" --json "$TMP/r.json" --junit "$TMP/r.xml" --csv "$TMP/r.csv" \
  >"$TMP/out" 2>"$TMP/err" || fail "benchmark: $(cat "$TMP/err")"
[[ $(json "$TMP/r.json" "d['format'] == 'staccato-benchmark' and d['error'] == '' and len(d['trials']) > 3") == True ]] ||
  fail "the JSON result: $(head -c 400 "$TMP/r.json")"
# A link that loses nothing: no counted trial lost a frame, and each goal is line rate, or the
# generator's limit (a busy machine's simulated ports may not reach line rate).
[[ $(json "$TMP/r.json" "all(t['lost_frames'] == 0 for t in d['trials'] if t['counted']) and all(g['lower_load'] == 1 or g['tester_limited'] for g in d['sizes'][0]['throughput']['goals'])") == True ]] ||
  fail "a link that loses nothing: $(cat "$TMP/out")"
grep -qE '^1518 B  throughput NDR: (100.00 % of line rate|tester-limited)' "$TMP/out" || fail "summary: $(cat "$TMP/out")"
python3 -c "import sys, xml.etree.ElementTree as E; E.parse(sys.argv[1])" "$TMP/r.xml" || fail "JUnit is not XML"
grep -q '<svg' "$TMP/r.html" && ! grep -qE '(src|href)="https?://' "$TMP/r.html" || fail "the HTML report is not self-contained"
[[ $(head -1 "$TMP/r.trials.csv" | cut -d, -f1) == number && -s $TMP/r.csv ]] || fail "CSV files"
trials=$(json "$TMP/r.json" "len(d['trials'])")
[[ $(grep -c 'trial [0-9]*:' "$TMP/err") -eq $trials ]] || fail "one progress line per trial ($trials): $(cat "$TMP/err")"
echo "ok   $trials trials: JSON, HTML, JUnit and CSV written; nothing lost; a progress line per trial: $(head -1 "$TMP/out")"

"$CLI" benchmark calibrate --tx fake0 --rx fake1 --sizes 512,1518 --duration 0.5 --quiet >"$TMP/cal" 2>"$TMP/err" ||
  fail "calibrate: $(cat "$TMP/err")"
[[ $(grep -cE '^(512|1518) +[0-9.]+ +[0-9.]+ +[0-9.]+%$' "$TMP/cal") -eq 2 && ! -s $TMP/err ]] || fail "calibration table: $(cat "$TMP/cal" "$TMP/err")"
echo "ok   calibration table, nothing on stderr with --quiet"

expect() {  # expect CODE PATTERN ARGS...: the benchmark exits CODE with PATTERN on stderr
  local code=$1 pattern=$2 rc=0
  shift 2
  "$CLI" benchmark "$@" >/dev/null 2>"$TMP/err" || rc=$?
  [[ $rc -eq $code ]] && grep -q -- "$pattern" "$TMP/err" || fail "benchmark $* exited $rc: $(cat "$TMP/err")"
  echo "ok   exit $code: $(head -1 "$TMP/err")"
}
expect 2 "usage: staccato-cli benchmark" speed
expect 2 "--sizes: '63'" rfc2544 --tx fake0 --rx fake1 --sizes 63 --json "$TMP/x.json"
expect 2 "--report: cannot write into /nonexistent" rfc2544 --tx fake0 --rx fake1 --report /nonexistent/r.html
expect 1 "nope: is not a port of drone" rfc2544 --tx fake0 --rx nope --json "$TMP/x.json"
expect 1 "frame size 64: fake0@.*out of range (allowed 82" rfc2544 --tx fake0 --rx fake1 --ipv6 --sizes 64 --json "$TMP/x.json"

# Ctrl-C during a benchmark: the ports it sent on are named as stopped, and the reports written
# cover the trials until then (exit 130).
"$CLI" benchmark rfc2544 --tx fake0 --rx fake1 --sizes 1518 --tests throughput --duration 2 \
  --json "$TMP/int.json" >"$TMP/out" 2>"$TMP/err" &
bench=$!
for _ in $(seq 100); do grep -q 'trial 1:' "$TMP/err" && break; sleep 0.1; done
kill -INT "$bench"
rc=0; wait "$bench" || rc=$?
[[ $rc -eq 130 ]] && grep -q "SIGINT received: stopped fake0; the summary above and $TMP/int.json cover the trials until then" "$TMP/err" ||
  fail "Ctrl-C exited $rc: $(cat "$TMP/err")"
[[ $(json "$TMP/int.json" "d['stopped']") == True ]] || fail "the result file does not say it was stopped"
echo "ok   Ctrl-C: $(grep SIGINT "$TMP/err")"
