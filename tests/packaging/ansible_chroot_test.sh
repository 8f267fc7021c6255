#!/usr/bin/env bash
# The Ansible role on a Debian 12 chroot (ansible_connection=community.general.chroot; systemd not
# running there): installs the packages, writes the token's group, TLS material and drone.conf,
# leaves the service enabled, and writes the fleet file with the token and CA beside it; a second
# run changes nothing. Then the unit's command with what Ansible wrote answers over TCP + TLS +
# token with the fleet's token and CA, with only the ports Ansible named.
# Env: PACKAGES, PACKAGING_CACHE (see lib.sh).
source "$(dirname "$0")/lib.sh"
need_root "a chroot"
need_tool ansible-playbook
need_tool openssl
ansible-doc -t connection community.general.chroot >/dev/null 2>&1 ||
  { echo "SKIP: the chroot connection (community.general) is not installed (Debian package ansible)"; exit 77; }
src=$(cd "$(dirname "$0")/../.." && pwd)
root=$PKG_TMP/root
new_chroot "$root"
share_apt_cache "$root"

# A CA and a drone certificate for 127.0.0.1.
pki=$PKG_TMP/pki
mkdir -p "$pki"
openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -days 2 -subj /CN=staccato-test-ca \
  -keyout "$pki/ca.key" -out "$pki/ca.pem" 2>/dev/null
openssl req -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -subj /CN=lab-chroot \
  -keyout "$pki/drone.key" -out "$pki/drone.csr" 2>/dev/null
printf 'subjectAltName=IP:127.0.0.1,DNS:localhost\n' >"$pki/san"
openssl x509 -req -in "$pki/drone.csr" -CA "$pki/ca.pem" -CAkey "$pki/ca.key" -CAcreateserial -days 2 \
  -extfile "$pki/san" -out "$pki/drone.crt" 2>/dev/null

fleet=$PKG_TMP/fleet
cat >"$PKG_TMP/inventory.ini" <<INI
[drones]
lab-chroot ansible_connection=community.general.chroot ansible_host=$root ansible_python_interpreter=/usr/bin/python3
INI
cat >"$PKG_TMP/vars.yml" <<YAML
ansible_become: false
staccato_packages_dir: $PACKAGES
staccato_listen: "0.0.0.0:7878"
staccato_address: "127.0.0.1:7878"
staccato_include: "va,vb"
staccato_tls_cert_src: $pki/drone.crt
staccato_tls_key_src: $pki/drone.key
staccato_tls_ca_src: $pki/ca.pem
staccato_fleet_dir: $fleet
staccato_port_aliases: {tx: va, rx: vb}
# The sample group_vars turn the metrics listener on; this test checks the main listener.
staccato_metrics_listen: ""
YAML
play() {
  ANSIBLE_ROLES_PATH=$src/installer/ansible/roles ANSIBLE_LOCAL_TEMP=$PKG_TMP/ansible-local ANSIBLE_NOCOLOR=1 \
    ANSIBLE_HOST_KEY_CHECKING=0 ansible-playbook -i "$PKG_TMP/inventory.ini" -e @"$PKG_TMP/vars.yml" \
    "$src/installer/ansible/site.yml" >"$PKG_TMP/$1.log" 2>&1 || { cat "$PKG_TMP/$1.log"; fail "ansible-playbook ($1 run)"; }
  recap=$(grep -A1 '^PLAY RECAP' "$PKG_TMP/$1.log" | tail -1 | tr -s ' ')
}
play first
ok "first run: $recap"
play second
[[ $recap == *" changed=0 "* && $recap == *" failed=0 "* ]] || { cat "$PKG_TMP/second.log"; fail "second run changed something: $recap"; }
ok "second run changes nothing: $recap"

in_root "$root" dpkg-query -W staccato-drone staccato-cli >/dev/null || fail "packages not installed"
[[ -L $root/etc/systemd/system/multi-user.target.wants/staccato-drone.service ]] || fail "service not enabled"
want='STACCATO_DRONE_ARGS="--listen 0.0.0.0:7878 --token-file /etc/staccato/token --tls-cert /etc/staccato/drone.crt --tls-key /etc/staccato/drone.key --include va,vb"'
grep -qxF "$want" "$root/etc/staccato/drone.conf" || fail "drone.conf: $(grep ARGS "$root/etc/staccato/drone.conf")"
[[ $(in_root "$root" stat -c '%a %U:%G' /etc/staccato/drone.key) == "640 root:_staccato" ]] || fail "TLS key mode"
[[ $(in_root "$root" stat -c '%a %U:%G' /etc/staccato/token) == "640 root:_staccato" ]] || fail "token mode"
ok "packages installed, service enabled, drone.conf: $want"

python3 - "$fleet" "$root/etc/staccato/token" "$pki/ca.pem" <<'PY' || fail "fleet file"
import os, stat, sys, yaml
fleet, token, ca = sys.argv[1:]
d = yaml.safe_load(open(f"{fleet}/drones.yaml"))
want = {"name": "lab-chroot", "address": "127.0.0.1:7878", "token_file": "tokens/lab-chroot.token",
        "ca": "ca/lab-chroot.pem", "ports": {"tx": "va", "rx": "vb"}}
assert d == {"drones": [want]}, d
assert open(f"{fleet}/tokens/lab-chroot.token").read() == open(token).read(), "token differs"
assert stat.S_IMODE(os.stat(f"{fleet}/tokens/lab-chroot.token").st_mode) == 0o600, "token file mode"
assert open(f"{fleet}/ca/lab-chroot.pem").read() == open(ca).read(), "CA differs"
print("ok   fleet file:", want)
PY

# What Ansible wrote, run as the unit runs it: TCP with TLS and the token, only va and vb.
lab_netns
cp -r "$fleet" "$root/tmp/fleet"
CLI_ARGS=(--drone 127.0.0.1:7878 --token-file /tmp/fleet/tokens/lab-chroot.token --ca /tmp/fleet/ca/lab-chroot.pem)
start_unit_drone "$root"
cli "$root" ports --json >"$PKG_TMP/ports.json"
[[ $(json "$PKG_TMP/ports.json" "sorted(p['name'] for p in d['ports'])") == "['va', 'vb']" ]] || fail "ports: $(cat "$PKG_TMP/ports.json")"
ok "the drone answers with the fleet's token and CA over TLS: $(grep listening "$PKG_TMP/drone.log")"
CLI_ARGS=(--drone 127.0.0.1:7878 --ca /tmp/fleet/ca/lab-chroot.pem)
if cli "$root" ports >/dev/null 2>"$PKG_TMP/err"; then fail "the drone answered without the token"; fi
ok "without the token: $(head -1 "$PKG_TMP/err")"
stop_unit_drone
