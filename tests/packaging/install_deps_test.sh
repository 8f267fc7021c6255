#!/usr/bin/env bash
# installer/install-deps.sh finds installed what apt finds installed: when apt would install
# nothing, a second start goes straight on (no sudo, no apt-get update); whatever it calls missing
# apt would really install (a virtual name such as libqt6svg6-dev is never "installed" for dpkg,
# and made every run update apt and install nothing). apt-get's simulation is the oracle.
# Usage: install_deps_test.sh SOURCE_DIR
set -euo pipefail
script=$1/installer/install-deps.sh
command -v apt-get >/dev/null && command -v dpkg-query >/dev/null || { echo "SKIP: no apt-get/dpkg-query (not Debian)"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Stand-ins that record any call: the script must not reach them when nothing is missing.
mkdir "$tmp/bin"
for tool in apt-get sudo debconf-set-selections; do
  printf '#!/bin/sh\necho "%s $*" >>"%s/called"\nexit 1\n' "$tool" "$tmp" >"$tmp/bin/$tool"
  chmod +x "$tmp/bin/$tool"
done

for mode in "" --runtime-only --packaging; do
  label=${mode:-default}
  mapfile -t wanted < <("$script" $mode --list)
  ((${#wanted[@]} > 5)) || { echo "FAIL $label: --list gave ${#wanted[@]} packages"; exit 1; }
  # What apt would install for that list (names without :arch), already-installed ones not upgraded.
  apt-get -s -o Debug::NoLocking=1 install --no-upgrade --no-install-recommends "${wanted[@]}" >"$tmp/apt.out" 2>&1 ||
    { echo "FAIL $label: apt cannot resolve the list:"; cat "$tmp/apt.out"; exit 1; }
  awk '/^Inst / {sub(/:.*/, "", $2); print $2}' "$tmp/apt.out" | sort >"$tmp/apt.new"
  rc=0
  "$script" $mode --check >"$tmp/check.out" || rc=$?
  if [[ ! -s $tmp/apt.new ]]; then
    [[ $rc == 0 ]] || { echo "FAIL $label: apt would install nothing, install-deps says: $(cat "$tmp/check.out")"; exit 1; }
    rm -f "$tmp/called"
    PATH=$tmp/bin:$PATH "$script" $mode >"$tmp/run.out" 2>&1 || { echo "FAIL $label: a second run failed: $(cat "$tmp/run.out")"; exit 1; }
    [[ ! -e $tmp/called ]] || { echo "FAIL $label: a run with everything installed called: $(cat "$tmp/called")"; exit 1; }
    echo "ok   $label: ${#wanted[@]} packages, all installed for apt and for install-deps; a run calls neither sudo nor apt-get ($(cat "$tmp/run.out"))"
  else
    [[ $rc == 1 ]] || { echo "FAIL $label: apt would install $(wc -l <"$tmp/apt.new") packages, --check says all present"; exit 1; }
    for p in $(sed 's/^install-deps: missing //' "$tmp/check.out"); do
      grep -qxF "$p" "$tmp/apt.new" || { echo "FAIL $label: install-deps calls $p missing, apt would not install it (a virtual name?)"; exit 1; }
    done
    echo "ok   $label: missing here, and apt agrees: $(sed 's/^install-deps: missing //' "$tmp/check.out")"
  fi
done
