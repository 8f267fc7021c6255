# Sourced by the packaging tests: the packages under test ($PACKAGES, made by the
# packaging.build test or installer/package.sh), a Debian 12 base made with mmdebstrap from the
# Debian mirrors apt uses here (cached in $PACKAGING_CACHE for a week: reruns start at once), and
# chroots unpacked from it, removed on exit even on failure.
# Needs root (CI runs as root); a missing tool skips the test with exit code 77.
set -euo pipefail

PACKAGES=${PACKAGES:?set PACKAGES to the directory of the .deb files}
PACKAGING_CACHE=${PACKAGING_CACHE:?set PACKAGING_CACHE to a cache directory under the build tree}
BASE_TARBALL=$PACKAGING_CACHE/debian12-minbase-systemd.tar.gz
PKG_TMP=$(mktemp -d)
PKG_CLEANUP=()  # commands run on exit, last first

pkg_cleanup() {
  local i
  for ((i = ${#PKG_CLEANUP[@]} - 1; i >= 0; i--)); do eval "${PKG_CLEANUP[i]}" || true; done
  rm -rf "$PKG_TMP"
}
trap pkg_cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
trap 'exit 129' HUP

need_root() { [[ $EUID -eq 0 ]] || { echo "SKIP: $1 needs root"; exit 77; }; }
need_tool() { command -v "$1" >/dev/null || { echo "SKIP: $1 is not installed (installer/install-deps.sh --packaging)"; exit 77; }; }
fail() { echo "FAIL $*"; exit 1; }
ok() { echo "ok   $*"; }

# The .deb of PACKAGE in $PACKAGES (the newest version there).
deb_of() {
  local f
  f=$(ls -1 "$PACKAGES/$1"_*.deb 2>/dev/null | sort -V | tail -1)
  [[ -n $f ]] || fail "no $1_*.deb in $PACKAGES (build them: installer/package.sh $PACKAGES)"
  echo "$f"
}

# The Debian 12 apt sources of this host, one "deb URI SUITE COMPONENTS" line each (deb822 and
# one-line formats; other vendors' repositories left out).
debian_sources() {
  {
    if [[ -e /etc/apt/sources.list ]]; then
      sed -n 's/^deb \(\[[^]]*\] \)\?//p' /etc/apt/sources.list | awk '{$1 = $1; print}'
    fi
    for f in /etc/apt/sources.list.d/*.sources; do
      [[ -e $f ]] || continue
      awk 'BEGIN {RS=""; FS="\n"} {
        t=""; u=""; s=""; c="";
        for (i = 1; i <= NF; i++) {
          if ($i ~ /^Types:/) t=$i; if ($i ~ /^URIs:/) u=$i; if ($i ~ /^Suites:/) s=$i; if ($i ~ /^Components:/) c=$i
        }
        sub(/^[A-Za-z]+: */, "", t); sub(/^[A-Za-z]+: */, "", u); sub(/^[A-Za-z]+: */, "", s); sub(/^[A-Za-z]+: */, "", c)
        if (t ~ /(^| )deb( |$)/) { n = split(s, suites, " "); for (j = 1; j <= n; j++) print u, suites[j], c }
      }' "$f"
    done
  } | awk '$1 ~ /debian/ && $2 ~ /^bookworm/ {print "deb " $0}' | sort -u
}

# A minimal Debian 12 as a tarball ($BASE_TARBALL), made once a week with mmdebstrap: minbase
# with systemd as init, as on every host that runs the service (without it in the base, piuparts
# would blame the package for what systemd's own installation leaves behind on purge).
ensure_base() {
  need_tool mmdebstrap
  if [[ -s $BASE_TARBALL && -z $(find "$BASE_TARBALL" -mtime +7) ]]; then return 0; fi
  mkdir -p "$PACKAGING_CACHE"
  mapfile -t sources < <(debian_sources)
  ((${#sources[@]})) || { echo "SKIP: no Debian 12 (bookworm) apt sources on this host"; exit 77; }
  echo "== making $BASE_TARBALL with mmdebstrap from: ${sources[*]}"
  mmdebstrap --quiet --variant=minbase --include=systemd-sysv --mode=root bookworm "$PACKAGING_CACHE/new-base.tar.gz" "${sources[@]}"
  mv "$PACKAGING_CACHE/new-base.tar.gz" "$BASE_TARBALL"
}

# new_chroot DIR: a fresh Debian 12 from the base, with /proc, /sys, /dev/pts and the host's DNS;
# unmounted and removed on exit.
new_chroot() {
  local root=$1
  ensure_base
  mkdir -p "$root"
  tar -C "$root" -xzf "$BASE_TARBALL"
  cp -L /etc/resolv.conf "$root/etc/resolv.conf"
  mount -t proc proc "$root/proc"
  mount -t sysfs sysfs "$root/sys"
  mount -t devpts devpts "$root/dev/pts" -o newinstance,ptmxmode=0666 2>/dev/null || true
  PKG_CLEANUP+=("umount -R '$root/dev/pts' 2>/dev/null; umount -R '$root/sys'; umount -R '$root/proc'; rm -rf '$root'")
  # No service starts inside (there is no systemd here anyway): policy-rc.d says so to maintainer scripts.
  printf '#!/bin/sh\nexit 101\n' >"$root/usr/sbin/policy-rc.d"
  chmod 755 "$root/usr/sbin/policy-rc.d"
}

in_root() { local root=$1; shift; chroot "$root" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 DEBIAN_FRONTEND=noninteractive "$@"; }

# Downloads shared by the chroots of every packaging test (and reruns).
share_apt_cache() {
  local root=$1
  mkdir -p "$PACKAGING_CACHE/apt-archives/partial"
  mount --bind "$PACKAGING_CACHE/apt-archives" "$root/var/cache/apt/archives"
  PKG_CLEANUP+=("umount '$root/var/cache/apt/archives'")
}

# install_debs ROOT PACKAGE...: apt install ./PACKAGE_*.deb... in the chroot (as an admin would).
install_debs() {
  local root=$1 p debs=()
  shift
  mkdir -p "$root/tmp/debs"
  for p in "$@"; do cp "$(deb_of "$p")" "$root/tmp/debs/"; debs+=("./$(basename "$(deb_of "$p")")"); done
  in_root "$root" apt-get update -qq
  (cd "$root/tmp/debs" && in_root "$root" sh -c "cd /tmp/debs && apt-get install -y -qq --no-install-recommends ${debs[*]}") \
    >"$PKG_TMP/apt-install.log" 2>&1 || { cat "$PKG_TMP/apt-install.log"; fail "apt install $*"; }
}

# The unit as installed in ROOT with its drop-ins: unit_value ROOT KEY (the last value of a
# [Service] setting, as systemd reads the unit and then /etc/systemd/system/UNIT.d/*.conf).
unit_value() {
  local files=("$1/lib/systemd/system/staccato-drone.service") f
  for f in "$1"/etc/systemd/system/staccato-drone.service.d/*.conf; do [[ -e $f ]] && files+=("$f"); done
  sed -n "s/^$2=//p" "${files[@]}" | tail -1
}
# The package's opt-in for the XDP engines, installed as its docs say (docs/deploy.md#capabilities).
install_turbo_dropin() {
  install -D -m 0644 "$1/usr/share/staccato-drone/turbo.conf" "$1/etc/systemd/system/staccato-drone.service.d/turbo.conf"
}

# A network namespace with a veth pair va <-> vb of 2 queues each, deleted on exit.
lab_netns() {
  LAB_NS=stc-pkg-$$-$RANDOM
  ip netns add "$LAB_NS"
  PKG_CLEANUP+=("ip netns pids '$LAB_NS' 2>/dev/null | xargs -r kill 2>/dev/null; ip netns del '$LAB_NS'")
  ip netns exec "$LAB_NS" ip link set lo up
  ip netns exec "$LAB_NS" sysctl -qw net.ipv6.conf.all.disable_ipv6=1 net.ipv6.conf.default.disable_ipv6=1
  ip netns exec "$LAB_NS" ip link add va numtxqueues 2 numrxqueues 2 type veth peer name vb numtxqueues 2 numrxqueues 2
  ip netns exec "$LAB_NS" ip link set va up
  ip netns exec "$LAB_NS" ip link set vb up
}

# start_unit_drone ROOT [CAPABILITY_TO_LEAVE_OUT]: the unit's ExecStart (with drone.conf's
# STACCATO_DRONE_ARGS, split at spaces as systemd does) in $LAB_NS, run as the unit's User,
# Group and SupplementaryGroups with exactly its ambient and bounding capabilities (less one, if
# given), no new privileges, its UMask and its limits where this host lets us set them.
# Waits until it answers `cli ROOT ports` (by default on /run/staccato/drone.sock, as root).
start_unit_drone() {
  local root=$1 without=${2:-} exec user group caps cap nofile memlock limits=()
  exec=$(unit_value "$root" ExecStart)
  user=$(unit_value "$root" User)
  group=$(unit_value "$root" Group)
  [[ $(unit_value "$root" SupplementaryGroups) == staccato ]] || fail "the unit's SupplementaryGroups changed: update the test"
  caps=$(unit_value "$root" AmbientCapabilities)
  [[ $(unit_value "$root" CapabilityBoundingSet) == "$caps" ]] || fail "the unit's bounding set is not its ambient set"
  UNIT_CAPS=$caps
  local setcaps=()
  for cap in $caps; do [[ $cap == "$without" ]] || setcaps+=("+$(tr 'A-Z' 'a-z' <<<"${cap#CAP_}")"); done
  local list
  list=$(IFS=,; echo "${setcaps[*]}")
  local args
  args=$(set -a; . "$root/etc/staccato/drone.conf"; echo "$STACCATO_DRONE_ARGS")
  [[ $exec == '/usr/bin/staccato-drone $STACCATO_DRONE_ARGS' ]] || fail "the unit's ExecStart changed: $exec"
  # RuntimeDirectory=staccato, RuntimeDirectoryMode=0755
  install -d -m 0755 -o "$(in_root "$root" id -u "$user")" -g "$(in_root "$root" id -g "$user")" "$root/run/staccato"
  nofile=$(unit_value "$root" LimitNOFILE) memlock=$(unit_value "$root" LimitMEMLOCK)
  [[ $memlock == infinity ]] && memlock=unlimited
  prlimit --nofile="$nofile:$nofile" true 2>/dev/null && limits+=(--nofile="$nofile:$nofile") ||
    UNIT_LIMIT_NOTES+="LimitNOFILE=$nofile not allowed here (hard limit $(ulimit -Hn)); "
  prlimit --memlock="$memlock:$memlock" true 2>/dev/null && limits+=(--memlock="$memlock:$memlock") ||
    UNIT_LIMIT_NOTES+="LimitMEMLOCK=$memlock not allowed here (hard limit $(ulimit -Hl) KiB, no CAP_SYS_RESOURCE); "
  UNIT_MEMLOCK_APPLIED=$([[ ${limits[*]} == *memlock* ]] && echo "$memlock" || echo "$(ulimit -Hl)")
  # The unit's mount namespace sees this netns's /sys, as systemd's would on the host.
  ip netns exec "$LAB_NS" unshare --mount sh -c "mount --bind /sys '$root/sys' && umask $(unit_value "$root" UMask) &&
      exec prlimit ${limits[*]} chroot '$root' setpriv --reuid='$user' --regid='$group' --init-groups --no-new-privs \
        --inh-caps=-all,$list --ambient-caps=-all,$list --bounding-set=-all,$list /usr/bin/staccato-drone $args" \
    >"$PKG_TMP/drone.log" 2>&1 &
  DRONE_PID=$!
  PKG_CLEANUP+=("kill $DRONE_PID 2>/dev/null; wait $DRONE_PID 2>/dev/null")
  for _ in $(seq 100); do
    cli "$root" ports >/dev/null 2>&1 && return 0
    kill -0 "$DRONE_PID" 2>/dev/null || { cat "$PKG_TMP/drone.log"; fail "the drone exited"; }
    sleep 0.1
  done
  cat "$PKG_TMP/drone.log"; fail "the drone did not answer (staccato-cli ports ${CLI_ARGS[*]})"
}

stop_unit_drone() { kill "$DRONE_PID"; wait "$DRONE_PID" 2>/dev/null || true; }

# cli ROOT ARGS...: the chroot's staccato-cli in the lab's namespace, as root, with CLI_ARGS
# (e.g. --drone, --token-file) after the command.
CLI_ARGS=()
cli() { local root=$1; shift; ip netns exec "$LAB_NS" chroot "$root" staccato-cli "$@" ${CLI_ARGS[@]+"${CLI_ARGS[@]}"}; }

# json FILE EXPR: a Python expression on the parsed JSON `d`.
json() { python3 -c "import json,sys; d=json.load(open('$1')); print($2)"; }

# tracked_stream ROOT NAME COUNT PPS: a one-stream file with a signature (tracked), in ROOT/var/tmp
# (a container mounts its own /tmp).
tracked_stream() {
  cat >"$1/var/tmp/$2.json" <<JSON
{"format_version": 1, "streams": [{"id": 1, "name": "$2",
  "layers": [{"protocol": "eth", "fields": {"eth.dst": "02:00:00:00:00:99"}}, {"protocol": "ip"},
             {"protocol": "udp"}, {"protocol": "payload"}, {"protocol": "signature"}],
  "frame_length": {"fixed": 64}, "rate": {"unit": "PPS", "value": $4},
  "control": {"mode": "PACKETS", "count": "$3"}}]}
JSON
  echo "/var/tmp/$2.json"
}
