#!/usr/bin/env bash
# staccato-turbo-tune on a 4-queue veth pair in a private namespace: show, set (queues and
# interrupt deferral for real), dry run (changes nothing), refusals with reasons, revert
# (everything back as it was).
set -euo pipefail
TUNE=${1:?usage: turbo_tune_test.sh PATH/TO/staccato-turbo-tune}
if [[ $EUID -ne 0 ]]; then echo "SKIP: network namespaces need root"; exit 77; fi
command -v ethtool >/dev/null || { echo "SKIP: ethtool is not installed"; exit 77; }
NS="stc-tune-$$-$RANDOM"
export STACCATO_TUNE_STATE_DIR=$(mktemp -d)
cleanup() { ip netns del "$NS" 2>/dev/null || true; rm -rf "$STACCATO_TUNE_STATE_DIR"; }
trap cleanup EXIT
ip netns add "$NS"
ip netns exec "$NS" ip link add ta numtxqueues 4 numrxqueues 4 type veth peer name tb numtxqueues 4 numrxqueues 4
tune() { ip netns exec "$NS" "$TUNE" "$@"; }
expect() {  # expect DESCRIPTION PATTERN TEXT
  if grep -qE -- "$2" <<<"$3"; then echo "ok   $1"; else echo "FAIL $1: want /$2/ in:"; echo "$3"; exit 1; fi
}

before=$(tune show ta)
expect "show: channels" "channels +combined 0 \(max 0\), rx 4 \(max 4\), tx 4 \(max 4\)" "$before"
expect "show: a veth has no IRQs" "irqs +none" "$before"

out=$(tune set ta --queues 2 --defer-irqs 2 --gro-flush-timeout 200000 --dry-run)
expect "dry run prints the commands" "would run: ethtool -L ta rx 2 tx 2" "$out"
[[ $(tune show ta) == "$before" ]] && echo "ok   dry run changed nothing" || { echo "FAIL dry run changed something"; exit 1; }

tune set ta --queues 2 --defer-irqs 2 --gro-flush-timeout 200000 >/dev/null
after=$(tune show ta)
expect "set: 2 queues" "channels +combined 0 \(max 4\)|rx 2 \(max 4\), tx 2 \(max 4\)" "$after"
expect "set: sysfs agrees" "queues \(sysfs\) +rx 2, tx 2" "$after"
expect "set: interrupt deferral" "napi_defer_hard_irqs=2 gro_flush_timeout=200000" "$after"
expect "set: says how to undo" "saved state" "$after"

for bad in "--queues 9:out of range for ta \(allowed 1..4\)" "--queues x:not a whole number" \
           "--irq-cpus 1:has no IRQs of its own" "--defer-irqs 2:needs --gro-flush-timeout" \
           "--busy-poll 50:system-wide" "--sideways:unknown option"; do
  if out=$(tune set ta ${bad%%:*} 2>&1); then echo "FAIL accepted: ${bad%%:*}"; exit 1; fi
  expect "refused ${bad%%:*}" "${bad#*:}" "$out"
done

tune revert ta >/dev/null
[[ $(tune show ta) == "$before" ]] && echo "ok   revert restored every setting" || { echo "FAIL revert:"; tune show ta; exit 1; }
if out=$(tune revert ta 2>&1); then echo "FAIL a second revert had something to do"; exit 1; fi
expect "nothing left to revert" "nothing to revert" "$out"
