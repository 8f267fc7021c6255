#!/usr/bin/env bash
# Installs the Debian 12 packages Staccato needs to build, run and test.
# Idempotent: when everything is there it says so and exits at once (no apt-get update).
# Usage: installer/install-deps.sh [--runtime-only | --packaging] [--list | --check]
#   --runtime-only  what the programs and tests need at run time, not the build tools
#   --packaging     the build tools and what installer/package.sh and its tests use (debhelper,
#                   lintian, piuparts, mmdebstrap, ansible), not the run-time tools
#   --list          print the packages wanted, one a line, and exit
#   --check         print the missing ones and exit 1 if any (installs nothing)
set -euo pipefail

# Real package names only: dpkg never reports a virtual name (libqt6svg6-dev, provided by
# qt6-svg-dev) as installed, so one here would count as missing on every run.
#
# What the build needs has one home, Build-Depends in debian/control (build profiles such as
# <!nocheck> dropped); debhelper's own entries (debhelper-compat, dh-sequence-*, the Python
# packaging helpers) are packaging tools. Here only what a developer builds with besides:
# the compiler driver, Ninja, ccache, git, and the sanitizers' runtime.
control_build_deps() {
  awk '/^Build-Depends:/ {on = 1; sub(/^Build-Depends:/, "")} on && /^[A-Za-z]/ && !/^Build-Depends:/ {on = 0} on' \
    "$(dirname "$0")/../debian/control" | tr ',' '\n' | sed 's/[[(<].*//; s/[[:space:]]//g' | grep -v '^$'
}
mapfile -t control_deps < <(control_build_deps)
build_pkgs=(build-essential ninja-build ccache git llvm libclang-rt-14-dev)
packaging_only=(debhelper)
for p in "${control_deps[@]}"; do
  case $p in
    debhelper-compat | dh-sequence-*) ;;  # provided by debhelper and dh-python (below)
    python3-all | python3-setuptools) packaging_only+=("$p") ;;
    *) build_pkgs+=("$p") ;;
  esac
done
((${#control_deps[@]} > 10)) || { echo "install-deps.sh: cannot read Build-Depends from debian/control" >&2; exit 2; }
runtime_pkgs=(
  tshark tcpdump iproute2 iputils-ping ethtool netsniff-ng xdp-tools libcap2-bin systemd
  python3-scapy xvfb imagemagick python3-venv python3-pip chromium
  libqt6charts6 libqt6widgets6 libyaml-0-2 fonts-dejavu-core ansible-core
  prometheus  # promtool, for tests/observability/check_assets.sh (apt also enables the server: unused)
  nftables    # the policing devices of the Y.1564 lab (nft limit rate)
)
packaging_pkgs=(
  "${packaging_only[@]}" dh-python po-debconf
  lintian piuparts mmdebstrap ansible systemd-container libcap2-bin openssl
)

want=() action=install
for arg in "$@"; do
  case $arg in
    --runtime-only) want=("${runtime_pkgs[@]}") ;;
    --packaging) want=("${build_pkgs[@]}" "${packaging_pkgs[@]}") ;;
    --list) action=list ;;
    --check) action=check ;;
    *) echo "install-deps.sh: unknown option '$arg' (see the usage at the top of the script)" >&2; exit 2 ;;
  esac
done
((${#want[@]})) || want=("${runtime_pkgs[@]}" "${build_pkgs[@]}")
mapfile -t want < <(printf '%s\n' "${want[@]}" | awk '!seen[$0]++')  # a name in two lists once

if [[ $action == list ]]; then
  printf '%s\n' "${want[@]}"
  exit 0
fi

# One dpkg query for all: the names whose status is "install ok installed".
declare -A installed=()
while read -r name; do installed[$name]=1; done < <(dpkg-query -W -f='${db:Status-Abbrev} ${Package}\n' 2>/dev/null |
                                                       awk '$1 == "ii" {print $2}')
missing=()
for p in "${want[@]}"; do
  [[ -n ${installed[$p]:-} ]] || missing+=("$p")
done

if ((${#missing[@]} == 0)); then
  echo "install-deps: all ${#want[@]} packages present"
  exit 0
fi
if [[ $action == check ]]; then
  echo "install-deps: missing ${missing[*]}"
  exit 1
fi

if [[ $EUID -ne 0 ]]; then
  SUDO=sudo
else
  SUDO=
fi
echo "install-deps: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
# tshark asks whether non-root users may capture; answer "no" without a prompt.
echo "wireshark-common wireshark-common/install-setuid boolean false" | $SUDO debconf-set-selections
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
