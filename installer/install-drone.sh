#!/usr/bin/env bash
# Installs staccato-drone for long-running use on a lab host.
#   installer/install-drone.sh [--build-dir DIR] [--prefix /usr/local] [--destdir DIR] [--setcap] [--systemd] [--turbo]
#   installer/install-drone.sh --uninstall [--prefix /usr/local] [--destdir DIR]
# --setcap   lets non-root users run the installed drone: the service's capabilities (raw
#            sockets; with --turbo also XDP and AF_XDP memory) as file capabilities.
# --systemd  adds the system user _staccato and the group staccato (sysusers.d), the unit
#            staccato-drone.service (capabilities given by systemd, not the file; the same unit as
#            the Debian package's) and /etc/staccato/drone.conf, and enables the service when
#            systemd runs. Without --build-dir the release build is made (installer/build.sh).
#            Debian and Ubuntu hosts: prefer the packages (installer/package.sh, docs/deploy.md).
# --turbo    the XDP engines' capabilities too (systemd/turbo.conf: a drop-in for the unit, and
#            the file capabilities of --setcap); without it the drone uses libpcap only.
# --destdir  installs under DIR (packaging, tests): no user, no systemctl.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
build_dir= prefix=/usr/local destdir= want_setcap= want_systemd= want_turbo= uninstall=
while (($#)); do
  case $1 in
    --build-dir) build_dir=$2; shift ;;
    --prefix) prefix=$2; shift ;;
    --destdir) destdir=$2; shift ;;
    --setcap) want_setcap=1 ;;
    --systemd) want_systemd=1 ;;
    --turbo) want_turbo=1 ;;
    --uninstall) uninstall=1 ;;
    -h|--help) sed -n '2,14p' "$0"; exit 0 ;;
    *) echo "install-drone.sh: unknown option '$1' (see --help)" >&2; exit 2 ;;
  esac
  shift
done
bindir=$prefix/bin
unit=$destdir/etc/systemd/system/staccato-drone.service
defaults=$destdir/etc/staccato/drone.conf
sysusers=$destdir/etc/sysusers.d/staccato-drone.conf
live_systemd() { [[ -z $destdir && -d /run/systemd/system ]]; }
sudo_if_needed() { if [[ $EUID -eq 0 ]]; then "$@"; else sudo "$@"; fi; }

if [[ -n $uninstall ]]; then
  if live_systemd && systemctl list-unit-files staccato-drone.service >/dev/null 2>&1; then
    sudo_if_needed systemctl disable --now staccato-drone.service || true
  fi
  sudo_if_needed rm -f "$destdir$bindir/staccato-drone" "$destdir$bindir/staccato-turbo-tune" "$unit" "$unit.d/turbo.conf" "$sysusers"
  echo "removed $destdir$bindir/staccato-drone, staccato-turbo-tune and $unit (kept $defaults, the user _staccato and the group staccato)"
  live_systemd && sudo_if_needed systemctl daemon-reload
  exit 0
fi

if [[ -z $build_dir ]]; then
  "$here/build.sh" --preset release >&2
  build_dir=$here/../build/release
fi
binary=$build_dir/drone/staccato-drone
[[ -x $binary ]] || { echo "install-drone.sh: no drone binary at $binary (build first, or give --build-dir)" >&2; exit 1; }

sudo_if_needed install -D -m 0755 "$binary" "$destdir$bindir/staccato-drone"
sudo_if_needed install -D -m 0755 "$here/staccato-turbo-tune" "$destdir$bindir/staccato-turbo-tune"
echo "installed $destdir$bindir/staccato-drone and staccato-turbo-tune"
if [[ -n $want_setcap ]]; then
  # The service's capabilities (one list, in the unit, or in its turbo drop-in), as file capabilities.
  caps_from=$here/systemd/staccato-drone.service
  [[ -z $want_turbo ]] || caps_from=$here/systemd/turbo.conf
  caps=$(sed -n 's/^AmbientCapabilities=//p' "$caps_from" | tr 'A-Z ' 'a-z,')
  sudo_if_needed setcap "$caps=eip" "$destdir$bindir/staccato-drone"
  echo "file capabilities: $(getcap "$destdir$bindir/staccato-drone")"
fi
if [[ -n $want_systemd ]]; then
  sudo_if_needed install -d "$(dirname "$unit")" "$(dirname "$defaults")" "$(dirname "$sysusers")"
  sed "s|^ExecStart=/usr/bin/|ExecStart=$bindir/|" "$here/systemd/staccato-drone.service" | sudo_if_needed tee "$unit" >/dev/null
  sudo_if_needed install -m 0644 "$here/systemd/staccato-drone.sysusers" "$sysusers"
  [[ -e $defaults ]] || sudo_if_needed install -m 0644 "$here/systemd/drone.conf" "$defaults"
  echo "installed $unit, $sysusers and $defaults"
  if [[ -n $want_turbo ]]; then
    sudo_if_needed install -D -m 0644 "$here/systemd/turbo.conf" "$unit.d/turbo.conf"
    echo "installed $unit.d/turbo.conf (the XDP engines' capabilities)"
  fi
  if [[ -z $destdir ]]; then
    sudo_if_needed systemd-sysusers "$sysusers"
    if live_systemd; then
      sudo_if_needed systemctl daemon-reload
      sudo_if_needed systemctl enable --now staccato-drone.service
      echo "staccato-drone.service enabled and started (systemctl status staccato-drone)"
    else
      echo "systemd is not running here: start the drone yourself, or enable the unit on a systemd host"
    fi
  fi
fi
