#!/usr/bin/env bash
# Emulated hosts at scale (issue 16): 10,000 hosts on one port behind a Linux router in its own
# namespace. Prints (1) the time until all 10,000 answered an ARP sweep from the router's
# namespace, and (2) the time the drone takes to resolve 10,000 on-link neighbours (the router
# owns 10.0.128.0/18 through a local route, so its kernel answers for every address there).
# Root; run alone on a quiet machine: DRONE=... CLI=... tests/bench/devices_bench.sh
source "$(dirname "$0")/../netns/router_lab.sh"
HOSTS=${HOSTS:-10000}
router_up
in_dut ip addr del 10.0.0.1/24 dev da
in_dut ip addr add 10.0.0.1/16 dev da
in_dut ip route add local 10.0.128.0/18 dev lo
in_dut sysctl -qw net.ipv4.neigh.da.gc_thresh3=65536 net.ipv4.neigh.default.gc_thresh3=65536 2>/dev/null || true
start_drone
cli devices va add --count "$HOSTS" --mac 02:00:00:01:00:00 --ip 10.0.0.10/16 --gateway 10.0.0.1 >/dev/null
sleep 0.5
read -r answered secs < <(in_dut python3 "$(dirname "$0")/arp_sweep.py" da 10.0.0.10 "$HOSTS" 10.0.0.1)
echo "ARP sweep of $HOSTS emulated hosts from the router's namespace: $answered answered, the last after $secs s"
((answered == HOSTS)) || { echo "FAIL not every host answered"; exit 1; }

addresses=()
for ((i = 0; i < HOSTS; i++)); do addresses+=(--address "10.0.$((128 + i / 250)).$((1 + i % 250))"); done
t0=$(date +%s.%N)
cli neighbors va --resolve "${addresses[@]}" --json >"$LAB_TMP/resolved.json"
t1=$(date +%s.%N)
reachable=$(json "$LAB_TMP/resolved.json" "sum(1 for n in d['neighbors'] if n['state'] == 'REACHABLE' and n['ip'].startswith('10.0.1') and int(n['ip'].split('.')[2]) >= 128)")
echo "Resolve $HOSTS on-link neighbours (ARP): $reachable REACHABLE in $(python3 -c "print(f'{$t1 - $t0:.3f}')") s (one ResolveNeighbors call)"
((reachable == HOSTS)) || { echo "FAIL not every neighbour resolved"; exit 1; }
