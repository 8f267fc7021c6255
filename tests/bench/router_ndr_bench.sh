#!/usr/bin/env bash
# The router lab's NDR per frame size on this machine, every size required to measure the device:
# netns.benchmark's NDR phase (tests/netns/benchmark_test.sh, as ctest runs it: AF_XDP turbo sending,
# in-kernel counting; a Linux router forwarding through
# tbf rate 50mbit) with MIN_DEVICE_SIZES set to all of them. The test itself asks only the
# largest size to (a busy 2-core CI machine may be the limit below it, and then says so); here,
# on an idle machine, a size reported tester-limited fails. Prints the measured NDR beside what
# tbf allows. Root; its own namespaces.
# Usage: sudo tests/bench/router_ndr_bench.sh BUILD_DIR
set -euo pipefail
build=$(realpath "$1")
here=$(cd "$(dirname "$0")" && pwd)
sizes=${SIZES:-"64 128 256 512 1518"}
out=$(mktemp)
trap 'rm -f "$out"' EXIT
rc=0
BOUND_CATCH_UP=true DRONE=$build/drone/staccato-drone CLI=$build/client/cli/staccato-cli BACKEND=turbo RX_BACKEND=xdp-count SIZES=$sizes \
  MIN_DEVICE_SIZES=$(wc -w <<<"$sizes") ONLY_NDR=1 "$here/../netns/benchmark_test.sh" >"$out" 2>&1 || rc=$?
grep -E '^(ok|FAIL|note)' "$out" | grep -v '^note the router' || true
echo
echo "frame size   NDR (kpps)   tbf allows (kpps)   ratio"
sed -n 's/^note \([0-9]*\) B: NDR \([0-9.]*\) kpps, tbf allows \([0-9.]*\)$/\1 \2 \3/p; s/^note \([0-9]*\) B: tester-limited at \([0-9.]*\) kpps, tbf allows \([0-9.]*\)$/\1 \2 \3 tester-limited/p' "$out" |
  awk '{printf "%-12s %-12s %-19s %.3f %s\n", $1 " B", $2, $3, $2 / $3, $4}'
[[ $rc -eq 0 ]] || { echo "FAIL (exit $rc); the test's output:"; cat "$out"; }
exit $rc
