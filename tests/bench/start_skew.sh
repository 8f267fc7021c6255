#!/usr/bin/env bash
# Synchronised start on one drone: two ports (va -> vb, vc -> vd) started together at a
# wall-clock time (staccato-cli start va vc --in 300). Prints, per run and as min/median/max,
# the skew between the two ports' first frames and how late each first frame was after T0,
# read from the frames' own signature send times (the drone's clock). Root; its own namespace.
# Usage: sudo tests/bench/start_skew.sh BUILD_DIR [RUNS]
set -euo pipefail
build=$(realpath "$1"); runs=${2:-10}
export DRONE=$build/drone/staccato-drone CLI=$build/client/cli/staccato-cli BACKEND=${BACKEND:-pcap} RX_BACKEND=pcap
here=$(cd "$(dirname "$0")" && pwd)
source "$here/../netns/lab.sh"
lab_up
add_veth vc vd
in_lab ip link set vc up
in_lab ip link set vd up
start_drone
for p in va vc; do
  f=$(stream_file "s$p" 20 1000)
  cli load "$f" --port "$p" >/dev/null
done
: >"$LAB_TMP/firsts"
for run in $(seq "$runs"); do
  for p in vb vd; do
    ip netns exec "$LAB_NS" timeout 20 tcpdump --immediate-mode -i "$p" -w "$LAB_TMP/$p.pcap" -U udp 2>/dev/null &
    eval "cap_$p=\$!"
  done
  sleep 0.5
  t0=$(cli start va vc --in 300 | awk '/start_time_ns/ {print $2}')
  sleep 0.6
  cli stop va vc >/dev/null
  sleep 0.2
  kill -TERM "$cap_vb" "$cap_vd"; wait "$cap_vb" "$cap_vd" 2>/dev/null || true
  read -r ta _ < <(python3 "$here/first_frame.py" "$LAB_TMP/vb.pcap")
  read -r tc _ < <(python3 "$here/first_frame.py" "$LAB_TMP/vd.pcap")
  echo "$t0 $ta $tc" >>"$LAB_TMP/firsts"
done
python3 - "$LAB_TMP/firsts" <<'PY'
import statistics, sys
skews, lates = [], []
for n, line in enumerate(open(sys.argv[1]), 1):
    t0, ta, tc = map(int, line.split())
    skews.append(abs(ta - tc) / 1000)
    lates += [(ta - t0) / 1000, (tc - t0) / 1000]
    print(f"run {n:2d}  skew {skews[-1]:7.1f} us   first frames after T0: va {lates[-2]:8.1f} us, vc {lates[-1]:8.1f} us")
for name, v in (("skew between the ports (us)", sorted(skews)), ("first frame after T0 (us)  ", sorted(lates))):
    print(f"{name}: min {v[0]:.1f}  median {statistics.median(v):.1f}  max {v[-1]:.1f}")
PY
