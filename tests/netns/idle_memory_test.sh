#!/usr/bin/env bash
# An idle drone's memory: 4 veth ports of 8 queues each, every one receiving with turbo (an AF_XDP
# socket and its packet memory per queue), must stay under 300 MiB resident. Prints the drone's
# resident memory with each receive engine side by side (turbo, xdp-count, pcap) and fails when
# turbo's is 300 MiB or more.
source "$(dirname "$0")/lab.sh"
LAB_QUEUES=8
lab_up
add_veth vc vd
for l in vc vd; do in_lab ip link set $l up; done
LIMIT_MIB=${LIMIT_MIB:-300}

# rss_with ENGINE: starts a drone receiving with ENGINE on all four ports, waits until every port
# has it, prints its resident memory in MiB and stops it.
rss_with() {
  LAB_DRONE_ARGS=(--listen "$STACCATO_DRONE" --rx-backend "$1")
  start_drone
  local want=$1 engines=
  [[ $want == turbo ]] && want=turbo-native
  for _ in $(seq 100); do
    cli ports --json >"$LAB_TMP/ports.json"
    engines=$(json "$LAB_TMP/ports.json" "' '.join(sorted(p['rx_backend'] for p in d['ports']))")
    [[ $engines == "$want $want $want $want" ]] && break
    sleep 0.1
  done
  [[ $engines == "$want $want $want $want" ]] || { echo "FAIL ports do not all receive with $want: $engines"; json "$LAB_TMP/ports.json" "[p['rx_backend_reason'] for p in d['ports']]"; exit 1; }
  sleep 1  # settled: every queue's memory registered
  local kib
  kib=$(awk '/^VmRSS:/ {print $2}' /proc/"$DRONE_PID"/status)
  stop_drone || true
  echo $((kib / 1024))
}

turbo=$(rss_with turbo)
count=$(rss_with xdp-count)
pcap=$(rss_with pcap)
printf '%-40s %8s\n' "idle drone, 4 ports x 8 queues, receive:" "RSS MiB"
printf '%-40s %8s\n' "  turbo (AF_XDP, 32 sockets)" "$turbo" "  xdp-count (in-kernel counting)" "$count" "  pcap (libpcap rings)" "$pcap"
if ((turbo >= LIMIT_MIB)); then echo "FAIL turbo receive's idle drone uses $turbo MiB (limit $LIMIT_MIB)"; exit 1; fi
echo "ok   turbo receive on 32 queues: $turbo MiB < $LIMIT_MIB MiB"
