#!/usr/bin/env bash
# Nothing of the in-kernel engine outlives a stop or a crash: while va sends with turbo-xdp and vb
# counts with xdp-count, their BPF programs exist and vb has an XDP program; after kill -9 of the
# drone every one of those programs is gone and vb has no XDP program. A drone without
# CAP_SYS_ADMIN keeps its helper pair in its own namespace (stcx<pid>-N): a stop removes it, a
# kill -9 leaves it (down, attached to nothing), and the next drone removes it at start.
source "$(dirname "$0")/lab.sh"
export BACKEND=turbo-xdp RX_BACKEND=xdp-count
LAB_DRONE_ARGS=(--listen "$STACCATO_DRONE" --backend turbo-xdp --rx-backend xdp-count)
lab_up

# prog_ids PID: the ids of the BPF programs the process holds (its descriptors' fdinfo).
prog_ids() { grep -h '^prog_id:' /proc/"$1"/fdinfo/* 2>/dev/null | awk '{print $2}' | sort -u | tr '\n' ' '; }
# alive IDS...: the ids among them that still exist (BPF_PROG_GET_FD_BY_ID).
alive() {
  python3 - "$@" <<'PY'
import ctypes, os, sys
libc = ctypes.CDLL(None, use_errno=True)
class Attr(ctypes.Structure):
    _fields_ = [("id", ctypes.c_uint32), ("next_id", ctypes.c_uint32), ("open_flags", ctypes.c_uint32), ("pad", ctypes.c_uint8 * 116)]
BPF_PROG_GET_FD_BY_ID, SYS_bpf = 13, 321
for i in sys.argv[1:]:
    a = Attr(id=int(i))
    fd = libc.syscall(SYS_bpf, BPF_PROG_GET_FD_BY_ID, ctypes.byref(a), ctypes.sizeof(a))
    if fd >= 0:
        print(i, end=" "); os.close(fd)
PY
}
# stream NAME PPS: a continuous stream file.
stream() {
  local f
  f=$(stream_file "$1" 1 "$2")
  sed -i 's/"mode": "PACKETS", "count": "1"/"mode": "CONTINUOUS"/' "$f"
  echo "$f"
}
xdp_on() { in_lab ip link show "$1" | grep -q 'prog/xdp'; }
helpers() { in_lab ip -o link show | grep -oE 'stc[xy][0-9]+-[0-9]+' | sort -u | tr '\n' ' '; }

# --- kill -9 while sending and counting ----------------------------------------------------
start_drone
cli load "$(stream cont 100000)" --port va >/dev/null
cli start va
sleep 0.5
cli ports --json >"$LAB_TMP/ports.json"
check "va sends in the kernel, vb counts in the kernel" \
  "[(p['name'], p['backend'], p['rx_backend']) for p in d['ports'] if p['name'] in ('va', 'vb')] == [('va', 'turbo-xdp', 'xdp-count'), ('vb', 'turbo-xdp', 'xdp-count')]" \
  "$LAB_TMP/ports.json"
ids=$(prog_ids "$DRONE_PID")
[[ $(wc -w <<<"$ids") -ge 3 ]] || { echo "FAIL expected the sender and two counters among the drone's programs: '$ids'"; exit 1; }
xdp_on vb || { echo "FAIL vb has no XDP program while it counts"; exit 1; }
echo "ok   while sending: the drone holds BPF programs $ids; vb has its counter attached"
kill -9 "$DRONE_PID"; wait "$DRONE_PID" 2>/dev/null || true; DRONE_PID=
left=
for _ in $(seq 50); do left=$(alive $ids); [[ -z $left ]] && break; sleep 0.1; done
[[ -z $left ]] || { echo "FAIL programs of the killed drone still exist: $left"; exit 1; }
echo "ok   after kill -9: none of its programs exists any more"
! xdp_on vb || { echo "FAIL vb still has an XDP program"; exit 1; }
! xdp_on va || { echo "FAIL va has an XDP program"; exit 1; }
echo "ok   after kill -9: no XDP program on va or vb"
[[ -z $(helpers) ]] || { echo "FAIL helper devices in the lab: $(helpers)"; exit 1; }
echo "ok   no helper device in the drone's namespace (it had a private one)"

# --- without CAP_SYS_ADMIN: the helper pair in the drone's namespace ---------------------------
if ! capsh --help >/dev/null 2>&1; then echo "SKIP: capsh (libcap2-bin) is missing"; exit 77; fi
start_limited() {  # the drone without CAP_SYS_ADMIN (as installed: it has CAP_NET_ADMIN and CAP_BPF)
  ip netns exec "$LAB_NS" capsh --drop=cap_sys_admin -- -c "exec $DRONE ${LAB_DRONE_ARGS[*]}" >"$LAB_TMP/drone.log" 2>&1 &
  DRONE_PID=$!
  for _ in $(seq 100); do cli ports >/dev/null 2>&1 && return 0; sleep 0.1; done
  echo "drone did not come up:"; cat "$LAB_TMP/drone.log"; exit 1
}
start_limited
cli load "$(stream cont 100000)" --port va >/dev/null
cli start va
sleep 0.5
h=$(helpers)
[[ $h == *"stcx$DRONE_PID-"* ]] || { echo "FAIL no helper pair named after drone $DRONE_PID: '$h'"; cat "$LAB_TMP/drone.log"; exit 1; }
cli ports | grep -q stcx && { echo "FAIL the helper device is listed as a port"; cli ports; exit 1; }
echo "ok   without CAP_SYS_ADMIN the helper pair lives in the drone's namespace ($h), not listed as a port"
cli stop va
for _ in $(seq 50); do cli ports >/dev/null; [[ -z $(helpers) ]] && break; sleep 0.1; done
[[ -z $(helpers) ]] || { echo "FAIL the helper pair outlived the stop: $(helpers)"; exit 1; }
echo "ok   a stop removes it"
cli start va
sleep 0.5
killed=$DRONE_PID
kill -9 "$DRONE_PID"; wait "$DRONE_PID" 2>/dev/null || true; DRONE_PID=
h=$(helpers)
[[ $h == *"stcx$killed-"* ]] || { echo "FAIL expected the killed drone's pair to remain: '$h'"; exit 1; }
echo "ok   kill -9 leaves the pair ($h; down, no program: the attachment went with the process)"
start_drone
[[ -z $(helpers) ]] || { echo "FAIL the next drone left the killed one's pair: $(helpers)"; exit 1; }
echo "ok   the next drone removed it at start"
