#!/usr/bin/env bash
# The packaged service's privileges, measured: the unit's ExecStart (from a fresh Debian 12 chroot
# with staccato-drone and staccato-cli installed) runs as the unit's user with exactly the unit's
# capabilities in a namespace with a 2-queue veth pair, and sends and receives a tracked stream
# with turbo (AF_XDP or in-kernel transmit, XDP receive: AF_XDP or in-kernel counting), tx == rx. Each capability left out in turn:
# the drone falls back to libpcap and its port list says why (CAP_NET_RAW, without which nothing
# can send, gives a clear error instead). Env: PACKAGES, PACKAGING_CACHE (see lib.sh).
source "$(dirname "$0")/lib.sh"
need_root "a chroot and network namespaces"
need_tool ip
need_tool setpriv
root=$PKG_TMP/root
new_chroot "$root"
share_apt_cache "$root"
install_debs "$root" staccato-drone staccato-cli
lab_netns
COUNT=5000
f=$(tracked_stream "$root" tracked $COUNT 20000)

# run_tracked NAME: va -> vb; leaves ports and stats JSON in $PKG_TMP/NAME.*.json.
run_tracked() {
  cli "$root" configure vb --rx-backend auto >/dev/null
  cli "$root" run "$f" --tx va --rx vb --json >"$PKG_TMP/$1.run.json" 2>"$PKG_TMP/$1.err" || return 1
  cli "$root" ports --json >"$PKG_TMP/$1.ports.json"
}
backend() { json "$PKG_TMP/$1.ports.json" "[p['$3'] + ' | ' + p['$3' + '_reason'] for p in d['ports'] if p['name'] == '$2'][0]"; }
tx_eq_rx() {
  local got
  got=$(json "$PKG_TMP/$1.run.json" "[(s['tx_packets'], s['rx_packets'], s['lost']) for s in d['streams']]")
  [[ $got == "[($COUNT, $COUNT, 0)]" ]] || fail "$1: tx, rx, lost = $got (want $COUNT, $COUNT, 0)"
}

# The unit alone grants the least: raw sockets. Every port uses libpcap and says what turbo needs.
start_unit_drone "$root"
[[ $UNIT_CAPS == CAP_NET_RAW ]] || fail "the unit alone grants $UNIT_CAPS (want CAP_NET_RAW only; turbo.conf adds the rest)"
run_tracked least || fail "run with the unit's least privilege: $(cat "$PKG_TMP/least.err")"
tx_eq_rx least
tx=$(backend least va backend) rx=$(backend least vb rx_backend)
[[ $tx == pcap* && $rx == pcap* && "$tx $rx" =~ CAP_ ]] || fail "with CAP_NET_RAW only: va sends with '$tx', vb receives with '$rx'"
ok "the unit alone (CAP_NET_RAW): tx == rx with libpcap, saying why not turbo: $tx"
stop_unit_drone

install_turbo_dropin "$root"
start_unit_drone "$root"
echo "unit + turbo.conf: User=$(unit_value "$root" User) SupplementaryGroups=staccato AmbientCapabilities=$UNIT_CAPS"
[[ -z ${UNIT_LIMIT_NOTES:-} ]] || echo "note: ${UNIT_LIMIT_NOTES}CAP_IPC_LOCK covers AF_XDP's locked memory"
grep -q "owner _staccato, group staccato" "$PKG_TMP/drone.log" || fail "socket not given to group staccato: $(cat "$PKG_TMP/drone.log")"
ok "the drone listens as the unit says: $(grep listening "$PKG_TMP/drone.log")"
run_tracked all || fail "run with the unit's capabilities: $(cat "$PKG_TMP/all.err")"
tx_eq_rx all
tx=$(backend all va backend) rx=$(backend all vb rx_backend)
[[ $tx == turbo* ]] || fail "va does not send with turbo: $tx"
# auto on veth counts in the kernel (xdp-count; docs/turbo.md), else turbo receive: both XDP, natively.
[[ $rx == turbo-native* || $rx == xdp-count* ]] || fail "vb does not receive with turbo or in-kernel counting (XDP attached natively): $rx"
ok "the unit's capabilities: $COUNT tracked frames sent and received, tx == rx; va sends with $tx; vb receives with $rx"
stop_unit_drone

# expect_fallback CAP PORT FIELD PATTERN: without CAP the run still counts every frame, and the
# port's engine is libpcap with a reason matching PATTERN.
expect_fallback() {
  local cap=$1 got
  start_unit_drone "$root" "$cap"
  run_tracked "no-$cap" || fail "without $cap the run failed instead of falling back: $(cat "$PKG_TMP/no-$cap.err")"
  tx_eq_rx "no-$cap"
  got=$(backend "no-$cap" "$2" "$3")
  [[ $got == pcap* && $got =~ $4 ]] || fail "without $cap, $2's $3 is '$got' (want libpcap, because: $4)"
  ok "without $cap: tx == rx with $2's $3 $got"
  stop_unit_drone
}
expect_fallback CAP_NET_ADMIN vb rx_backend "CAP_BPF and CAP_NET_ADMIN"
expect_fallback CAP_BPF vb rx_backend "CAP_BPF and CAP_NET_ADMIN"
expect_fallback CAP_PERFMON vb rx_backend "CAP_PERFMON"
if [[ $UNIT_MEMLOCK_APPLIED == unlimited ]]; then
  # With LimitMEMLOCK=infinity applied, AF_XDP's memory fits without CAP_IPC_LOCK.
  start_unit_drone "$root" CAP_IPC_LOCK
  run_tracked no-ipc-lock || fail "without CAP_IPC_LOCK: $(cat "$PKG_TMP/no-ipc-lock.err")"
  tx_eq_rx no-ipc-lock
  ok "without CAP_IPC_LOCK but with unlimited memlock: turbo still ($(backend no-ipc-lock va backend))"
  stop_unit_drone
else
  # AF_XDP's memory does not fit without CAP_IPC_LOCK; the in-kernel engine locks none (no UMEM; its
  # maps are charged to the service's memory cgroup), so auto keeps it where it runs (veth), else
  # libpcap says why.
  start_unit_drone "$root" CAP_IPC_LOCK
  run_tracked no-ipc-lock || fail "without CAP_IPC_LOCK the run failed instead of falling back: $(cat "$PKG_TMP/no-ipc-lock.err")"
  tx_eq_rx no-ipc-lock
  got=$(backend no-ipc-lock va backend)
  [[ $got == turbo-xdp* || ($got == pcap* && $got =~ "CAP_IPC_LOCK or a higher memlock limit") ]] ||
    fail "without CAP_IPC_LOCK, va's backend is '$got' (want the in-kernel engine, or libpcap saying why)"
  ok "without CAP_IPC_LOCK: tx == rx with va's backend $got"
  stop_unit_drone
fi

# Without CAP_NET_RAW no socket engine opens the port (libpcap, AF_XDP, the hosts' control
# socket): the in-kernel engine and counter need no socket, so auto still sends and counts on veth;
# a port asked for libpcap fails and says what is missing.
start_unit_drone "$root" CAP_NET_RAW
run_tracked no-raw || fail "without CAP_NET_RAW the in-kernel engines did not run: $(cat "$PKG_TMP/no-raw.err")"
tx_eq_rx no-raw
tx=$(backend no-raw va backend) rx=$(backend no-raw vb rx_backend)
[[ $tx == turbo-xdp* && $rx == xdp-count* ]] || fail "without CAP_NET_RAW: va sends with '$tx', vb receives with '$rx' (want the in-kernel engine and counter)"
ok "without CAP_NET_RAW: tx == rx through the in-kernel engine and counter"
cli "$root" configure va --backend pcap >/dev/null
if run_tracked no-raw-pcap; then fail "without CAP_NET_RAW a libpcap port sent"; fi
grep -q "Operation not permitted (run the drone as root or as the staccato-drone service, or give it the capabilities" "$PKG_TMP/no-raw-pcap.err" ||
  fail "without CAP_NET_RAW: unclear error: $(cat "$PKG_TMP/no-raw-pcap.err")"
kill -0 "$DRONE_PID" || fail "the drone without CAP_NET_RAW died"
ok "without CAP_NET_RAW: libpcap refused with: $(head -c 160 "$PKG_TMP/no-raw-pcap.err")"
stop_unit_drone
