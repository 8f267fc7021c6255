#!/usr/bin/env bash
# The packaged service under a real systemd: a Debian 12 container (systemd-nspawn -b, its own
# network namespace) with staccato-drone and staccato-cli installed boots, systemd starts
# staccato-drone.service with every hardening line of the unit, and the drone, as _staccato with
# exactly the unit's capabilities (with the package's turbo drop-in), sends and receives a tracked stream with turbo on a 2-queue
# veth pair made after boot (tx == rx). Prints systemd-analyze security as systemd itself rates
# the running unit. Env: PACKAGES, PACKAGING_CACHE (see lib.sh).
source "$(dirname "$0")/lib.sh"
need_root "a container"
need_tool systemd-nspawn
root=$PKG_TMP/root
new_chroot "$root"
share_apt_cache "$root"
install_debs "$root" staccato-drone staccato-cli
in_root "$root" apt-get install -y -qq --no-install-recommends iproute2 >/dev/null 2>&1
rm -f "$root/usr/sbin/policy-rc.d"
install_turbo_dropin "$root"
umount "$root/var/cache/apt/archives" "$root/dev/pts" "$root/sys" "$root/proc" 2>/dev/null || true
caps=$(unit_value "$root" AmbientCapabilities)

# The container may hold the unit's capabilities (nspawn keeps only some by default), and bpf(2):
# nspawn's own system call filter refuses it to everything in the container otherwise, and the
# drone would fall back to libpcap receive, as on a host whose seccomp policy forbids BPF.
machine=stc-live-$$
systemd-nspawn -D "$root" -b --private-network --register=no --keep-unit --machine="$machine" \
  --capability="$(tr ' ' ',' <<<"$caps")" --system-call-filter=bpf >"$PKG_TMP/boot.log" 2>&1 </dev/null &
nspawn=$!
PKG_CLEANUP+=("kill $nspawn 2>/dev/null; wait $nspawn 2>/dev/null")
pid=
for _ in $(seq 300); do
  pid=$(pgrep -P $nspawn -x systemd || true)  # the container's PID 1 is nspawn's child
  [[ -n $pid ]] && break
  kill -0 $nspawn 2>/dev/null || { cat "$PKG_TMP/boot.log"; fail "the container did not boot"; }
  sleep 0.2
done
[[ -n $pid ]] || fail "no systemd in the container"
inside() { nsenter -t "$pid" -a env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin LANG=C.UTF-8 "$@"; }
state=
for _ in $(seq 120); do
  state=$(inside systemctl is-active staccato-drone.service 2>/dev/null || true)
  [[ $state == active || $state == failed ]] && break
  sleep 0.5
done
[[ $state == active ]] || { inside journalctl -u staccato-drone --no-pager | tail -20; fail "staccato-drone.service is $state"; }
ok "systemd started staccato-drone.service in the container: $(inside journalctl -u staccato-drone -o cat --no-pager | grep listening)"

drone=$(inside systemctl show -p MainPID --value staccato-drone.service)
user=$(inside stat -c %U "/proc/$drone")
[[ $user == _staccato ]] || fail "the drone runs as $user"
# The drone's effective set, decoded by capsh, against the unit's AmbientCapabilities.
eff=$(capsh --decode="$(inside awk '/^CapEff:/ {print $2}' "/proc/$drone/status")" | cut -d= -f2 | tr ',' '\n' | sort | paste -sd' ')
want=$(tr 'A-Z ' 'a-z\n' <<<"$caps" | sort | paste -sd' ')
[[ $eff == "$want" ]] || fail "the drone's effective capabilities are '$eff', the unit's '$want'"
ok "the drone runs as $user with exactly the unit's capabilities: $eff"

inside ip link add va numtxqueues 2 numrxqueues 2 type veth peer name vb numtxqueues 2 numrxqueues 2
inside sh -c 'for c in all default; do echo 1 >/proc/sys/net/ipv6/conf/$c/disable_ipv6; done'
inside ip link set va up
inside ip link set vb up
for _ in $(seq 50); do
  inside staccato-cli ports 2>/dev/null | grep -q '^vb ' && break
  sleep 0.2
done
f=$(tracked_stream "$root" live 5000 20000)
inside staccato-cli configure vb --rx-backend auto >/dev/null
inside staccato-cli run "$f" --tx va --rx vb --json >"$PKG_TMP/run.json" 2>"$PKG_TMP/run.err" || fail "run: $(cat "$PKG_TMP/run.err")"
inside staccato-cli ports --json >"$PKG_TMP/ports.json"
got=$(json "$PKG_TMP/run.json" "[(s['tx_packets'], s['rx_packets'], s['lost']) for s in d['streams']]")
[[ $got == "[(5000, 5000, 0)]" ]] || fail "tx, rx, lost = $got"
tx=$(json "$PKG_TMP/ports.json" "[p['backend'] + ' | ' + p['backend_reason'] for p in d['ports'] if p['name'] == 'va'][0]")
rx=$(json "$PKG_TMP/ports.json" "[p['rx_backend'] + ' | ' + p['rx_backend_reason'] for p in d['ports'] if p['name'] == 'vb'][0]")
[[ $tx == turbo* && ($rx == turbo-native* || $rx == xdp-count*) ]] || fail "the service does not use turbo: va sends with $tx; vb receives with $rx"
ok "the hardened service: 5000 tracked frames, tx == rx; va sends with $tx; vb receives with $rx"

inside systemd-analyze security staccato-drone.service >"$PKG_TMP/security" 2>&1 || true
ok "systemd-analyze security (live): $(grep -o 'Overall exposure level.*' "$PKG_TMP/security")"
inside systemctl poweroff >/dev/null 2>&1 || true
wait $nspawn 2>/dev/null || true
