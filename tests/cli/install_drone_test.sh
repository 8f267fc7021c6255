#!/usr/bin/env bash
# installer/install-drone.sh: installs the binary, the systemd unit (checked by systemd-analyze)
# and file capabilities that really let an unprivileged user send and receive (the drone runs as
# 'nobody' in a private namespace), and uninstalls. A copy without capabilities is refused with
# a message naming the fix.
# Usage: install_drone_test.sh BUILD_DIR SOURCE_DIR   (env DRONE/CLI as for tests/netns)
build=$1 src=$2
source "$src/tests/netns/lab.sh"
lab_up
dest=$LAB_TMP/root
chmod 755 "$LAB_TMP"
# Least privilege first: without --turbo, raw sockets only and no drop-in.
"$src/installer/install-drone.sh" --build-dir "$build" --destdir "$LAB_TMP/plain" --setcap --systemd >"$LAB_TMP/plain.log"
[[ $(getcap "$LAB_TMP/plain/usr/local/bin/staccato-drone" | awk '{print $NF}') == cap_net_raw=eip ]] &&
  [[ ! -e $LAB_TMP/plain/etc/systemd/system/staccato-drone.service.d/turbo.conf ]] &&
  grep -qx "AmbientCapabilities=CAP_NET_RAW" "$LAB_TMP/plain/etc/systemd/system/staccato-drone.service" &&
  echo "ok   without --turbo: cap_net_raw only, in the file and in the unit" ||
  { echo "FAIL least privilege: $(getcap "$LAB_TMP/plain/usr/local/bin/staccato-drone")"; exit 1; }
"$src/installer/install-drone.sh" --build-dir "$build" --destdir "$dest" --setcap --systemd --turbo >"$LAB_TMP/install.log"
installed=$dest/usr/local/bin/staccato-drone
[[ -x $installed ]] && echo "ok   binary installed" || { echo "FAIL no $installed"; cat "$LAB_TMP/install.log"; exit 1; }
[[ -x $dest/usr/local/bin/staccato-turbo-tune ]] && echo "ok   tuning helper installed" || { echo "FAIL no staccato-turbo-tune"; exit 1; }
getcap "$installed" | grep -q "cap_net_admin,cap_net_raw" && echo "ok   file capabilities set" || { echo "FAIL getcap: $(getcap "$installed")"; exit 1; }
unit=$dest/etc/systemd/system/staccato-drone.service
[[ -f $unit.d/turbo.conf ]] && echo "ok   --turbo: the XDP engines' drop-in installed" || { echo "FAIL no $unit.d/turbo.conf"; exit 1; }
grep -q "^MemoryMax=" "$unit" && grep -q "^TasksMax=" "$unit" && echo "ok   the unit bounds memory and tasks" ||
  { echo "FAIL no MemoryMax/TasksMax in the unit"; exit 1; }
grep -q "^ExecStart=/usr/local/bin/staccato-drone \$STACCATO_DRONE_ARGS$" "$unit" && echo "ok   unit runs the installed drone" || { echo "FAIL ExecStart"; grep ExecStart "$unit"; exit 1; }
[[ -f $dest/etc/staccato/drone.conf && -f $dest/etc/sysusers.d/staccato-drone.conf ]] && echo "ok   configuration and sysusers files" || { echo "FAIL no drone.conf or sysusers file"; exit 1; }
if command -v systemd-analyze >/dev/null; then
  sed "s|ExecStart=/usr/local/bin|ExecStart=$dest/usr/local/bin|; /^User=/d; /^Group=/d; /^SupplementaryGroups=/d" "$unit" >"$LAB_TMP/staccato-drone.service"
  out=$(systemd-analyze verify "$LAB_TMP/staccato-drone.service" 2>&1) || true
  [[ -z $out ]] && echo "ok   systemd-analyze verify: clean" || { echo "FAIL systemd-analyze verify: $out"; exit 1; }
else
  echo "note: systemd-analyze not installed, unit syntax not checked"
fi

# The capabilities at work: the installed drone as 'nobody' sends and counts.
cat >"$LAB_TMP/drone-as-nobody" <<SH
#!/bin/sh
exec setpriv --reuid=65534 --regid=65534 --clear-groups "$installed" "\$@"
SH
chmod 755 "$LAB_TMP/drone-as-nobody"
DRONE=$LAB_TMP/drone-as-nobody
# nobody's socket in a directory nobody may write to.
install -d -o 65534 -g 65534 "$LAB_TMP/nobody"
export STACCATO_DRONE=unix:$LAB_TMP/nobody/drone.sock
LAB_DRONE_ARGS+=(--listen "$STACCATO_DRONE")
start_drone
f=$(stream_file caps 1000 10000)
chmod 644 "$f"
cli run "$f" --tx va --rx vb --json >"$LAB_TMP/caps.out.json"
check "unprivileged drone with file capabilities: 1000 sent and received" "[(s['tx_packets'], s['rx_packets']) for s in d['streams']] == [(1000, 1000)]" "$LAB_TMP/caps.out.json"
stop_drone

# Without capabilities the drone refuses to send and says how to fix it.
cp "$installed" "$LAB_TMP/plain-drone"
chmod 755 "$LAB_TMP/plain-drone"
sed -i "s|$installed|$LAB_TMP/plain-drone|" "$LAB_TMP/drone-as-nobody"
start_drone
if cli run "$f" --tx va --rx vb 2>"$LAB_TMP/err" >/dev/null; then echo "FAIL drone without capabilities sent"; exit 1; fi
expect_error "setcap cap_net_raw"
stop_drone

"$src/installer/install-drone.sh" --uninstall --destdir "$dest" >/dev/null
[[ ! -e $installed && ! -e $unit && ! -e $unit.d/turbo.conf && ! -e $dest/usr/local/bin/staccato-turbo-tune ]] && echo "ok   uninstalled" || { echo "FAIL uninstall left files"; exit 1; }
