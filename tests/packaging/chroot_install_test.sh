#!/usr/bin/env bash
# apt install ./staccato-drone_*.deb ./staccato-cli_*.deb in a fresh Debian 12 chroot (mmdebstrap)
# makes the user, the token (mode and owner) and the enabled unit; systemd-analyze verifies the
# unit and rates its exposure (at most 5.0); the debconf opt-in gives group staccato a drone with
# file capabilities and takes it back; python3-staccato drives the packaged drone (fake lab);
# purge removes what the installation made.
# Env: PACKAGES, PACKAGING_CACHE (see lib.sh). Prints the exposure.
source "$(dirname "$0")/lib.sh"
need_root "a chroot"
root=$PKG_TMP/root
new_chroot "$root"
share_apt_cache "$root"
install_debs "$root" staccato-drone staccato-cli

in_root "$root" getent passwd _staccato >"$PKG_TMP/passwd" || fail "no user _staccato"
IFS=: read -r _ _ uid _ _ home shell <"$PKG_TMP/passwd"
((uid < 1000)) && [[ $shell == */nologin ]] || fail "_staccato is not a system user without a shell: $(cat "$PKG_TMP/passwd")"
members=$(in_root "$root" getent group staccato | cut -d: -f4)
[[ ,$members, == *,_staccato,* ]] || fail "_staccato is not in group staccato (members: $members)"
ok "system user _staccato (uid $uid, $shell), member of group staccato"

token=$root/etc/staccato/token
[[ -f $token ]] || fail "no token at /etc/staccato/token"
got=$(in_root "$root" stat -c '%a %U:%G' /etc/staccato/token)
[[ $got == "640 root:_staccato" ]] || fail "token is $got, want 640 root:_staccato"
chars=$(head -1 "$token" | tr -d '\n' | wc -c)
((chars >= 40)) || fail "token of $chars characters"
ok "token /etc/staccato/token: mode 0640 root:_staccato, $chars characters"

unit=/lib/systemd/system/staccato-drone.service
[[ -f $root$unit ]] || fail "no $unit"
[[ -L $root/etc/systemd/system/multi-user.target.wants/staccato-drone.service ]] || fail "the unit is not enabled"
grep -q '^STACCATO_DRONE_ARGS="--listen unix:/run/staccato/drone.sock --socket-group staccato"$' "$root/etc/staccato/drone.conf" ||
  fail "drone.conf does not default to the group's unix socket"
ok "unit $unit installed and enabled; drone.conf listens on the unix socket for group staccato"

# systemd-analyze in the chroot, on the unit as installed (systemd came with the package's Depends).
in_root "$root" systemd-analyze verify "$unit" >"$PKG_TMP/verify" 2>&1 || true
[[ ! -s $PKG_TMP/verify ]] || fail "systemd-analyze verify: $(cat "$PKG_TMP/verify")"
ok "systemd-analyze verify $unit: clean"
in_root "$root" systemd-analyze security --offline=true --threshold=50 "$unit" >"$PKG_TMP/security" 2>&1 ||
  { cat "$PKG_TMP/security"; fail "systemd-analyze security: exposure above 5.0"; }
exposure=$(grep -o 'Overall exposure level for [^:]*: [0-9.]*' "$PKG_TMP/security" | awk '{print $NF}')
[[ -n $exposure ]] && awk "BEGIN {exit !($exposure <= 5.0)}" || { cat "$PKG_TMP/security"; fail "exposure '$exposure'"; }
grep '✗' "$PKG_TMP/security" | sed 's/^/     /'
ok "systemd-analyze security: exposure $exposure (at most 5.0)"

# The opt-in (debconf, default no), as wireshark-common's for dumpcap.
drone=/usr/bin/staccato-drone
[[ $(in_root "$root" stat -c '%a %U:%G' $drone) == "755 root:root" && -z $(in_root "$root" getcap $drone) ]] ||
  fail "by default $drone should be 755 root:root without capabilities"
echo "staccato-drone staccato-drone/group-may-run boolean true" | in_root "$root" debconf-set-selections
in_root "$root" dpkg-reconfigure -fnoninteractive staccato-drone >/dev/null
# getcap's order is its own: compare the sets.
sorted_caps() { tr ', ' '\n\n' | sort | paste -sd,; }
got="$(in_root "$root" stat -c '%a %U:%G' $drone) $(in_root "$root" getcap $drone | awk '{print $2}' | sed 's/=ep$//' | sorted_caps)=ep"
want="754 root:staccato $(sed -n 's/^AmbientCapabilities=//p' "$root/usr/share/staccato-drone/turbo.conf" | tr 'A-Z' 'a-z' | sorted_caps)=ep"
[[ $got == "$want" ]] || fail "opted in: '$got', want '$want'"
ok "opt-in: $got"
echo "staccato-drone staccato-drone/group-may-run boolean false" | in_root "$root" debconf-set-selections
in_root "$root" dpkg-reconfigure -fnoninteractive staccato-drone >/dev/null
got="$(in_root "$root" stat -c '%a %U:%G' $drone) $(in_root "$root" getcap $drone)"
[[ $got == "755 root:root " ]] || fail "opted out: '$got'"
ok "opt-out: 755 root:root, no file capabilities"

# An existing token is kept on reinstall.
before=$(cat "$token")
in_root "$root" dpkg-reconfigure -fnoninteractive staccato-drone >/dev/null
[[ $(cat "$token") == "$before" ]] || fail "reconfiguring replaced the token"
ok "an existing token is kept"

# python3-staccato (Debian's grpcio and protobuf) drives the packaged drone: a fake lab, no privileges.
install_debs "$root" python3-staccato
# chroot itself in the background (not the in_root function, whose subshell $! would name): $! is the drone.
chroot "$root" env -i PATH=/usr/bin:/bin staccato-drone --fake-lab --listen unix:/tmp/fake.sock >"$PKG_TMP/fake.log" 2>&1 &
fake=$!
PKG_CLEANUP+=("kill $fake 2>/dev/null; wait $fake 2>/dev/null")
for _ in $(seq 100); do [[ -S $root/tmp/fake.sock ]] && break; sleep 0.1; done
in_root "$root" python3 - <<'PY' >"$PKG_TMP/python.out" 2>&1 || { cat "$PKG_TMP/python.out" "$PKG_TMP/fake.log"; fail "python3-staccato"; }
import staccato
stream = staccato.Stream("py", [("eth", {"eth.dst": "02:00:00:00:00:02"}), "ip", "udp", "signature"], count=1000, pps=10000)
with staccato.Drone("unix:/tmp/fake.sock") as drone:
    drone.set_streams("fake0", [stream])
    drone.clear_stats("fake0", "fake1")
    with drone.transmitting("fake0"):
        drone.wait("fake0", timeout=60)
    row = drone.stats()["streams"][0]
assert (row["tx_packets"], row["rx_packets"], row["lost"]) == (1000, 1000, 0), row
print(f"python3-staccato against drone {drone.version['version']} (fake lab): 1000 sent, {row['rx_packets']} received")
PY
kill $fake; wait $fake 2>/dev/null || true
ok "$(tail -1 "$PKG_TMP/python.out")"

in_root "$root" apt-get purge -y -qq staccato-drone staccato-cli python3-staccato >"$PKG_TMP/purge.log" 2>&1 || { cat "$PKG_TMP/purge.log"; fail "purge"; }
[[ ! -e $root/etc/staccato ]] || fail "purge left /etc/staccato: $(ls -la "$root/etc/staccato")"
[[ ! -e $root$unit && ! -e $root/etc/systemd/system/multi-user.target.wants/staccato-drone.service ]] || fail "purge left the unit"
in_root "$root" getent passwd _staccato >/dev/null || fail "purge removed the system user (Debian keeps them)"
ok "purge removed /etc/staccato (token, drone.conf) and the unit; the system user stays, as Debian's policy keeps them"
